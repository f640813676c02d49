// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loaders } from 'virtual:site/routes';
import { FeedbackForm } from '../../src/blocks/FeedbackForm/FeedbackForm.tsx';
import type { FeedbackFormBlock } from '../../src/generated/site.ts';

// The network edge of the form: replaced here; tests/e2e/feedback.test.ts drives the real one in Chromium.
const send = vi.hoisted(() => ({ sendFeedback: vi.fn<(body: unknown) => Promise<unknown>>() }));
vi.mock('../../src/blocks/FeedbackForm/send.ts', () => send);

const page = (await loaders.feedback()).default;
const block = page.blocks.find((b): b is FeedbackFormBlock => b.type === 'feedback-form');
if (!block) throw new Error('site.yaml has no feedback-form block on the feedback page');

beforeEach(() => { send.sendFeedback.mockReset(); });
afterEach(cleanup);

function fill(label: string | RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('the feedback form block', () => {
  it('takes every word from site.yaml and ties each label to its field', () => {
    render(<FeedbackForm block={block} />);
    expect(screen.getByRole('heading', { name: block.heading })).toBeTruthy();
    const email = screen.getByLabelText(label(block.labels.email)) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect((screen.getByLabelText(label(block.labels.phone)) as HTMLInputElement).type).toBe('tel');
    expect(screen.getByLabelText(label(block.labels.name))).toBeTruthy();
    const general = screen.getByLabelText(block.feedbackTypes.general) as HTMLInputElement;
    expect(general.checked).toBe(true);
    expect(screen.getByRole('group', { name: block.labels.feedbackType })).toBeTruthy();
    // The warning about medical details is read out with the message box.
    const message = screen.getByLabelText(label(block.labels.message));
    const hint = document.getElementById(message.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(block.hint);
  });

  it('hides the honeypot from people: out of the tab order, inert and not announced', () => {
    const { container } = render(<FeedbackForm block={block} />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.closest('[inert]')).not.toBeNull();
    // Not in the accessibility tree: no textbox by that name (the visible fields are).
    expect(screen.queryByRole('textbox', { name: block.honeypotLabel })).toBeNull();
    expect(screen.getByRole('textbox', { name: label(block.labels.name) })).toBeTruthy();
  });

  it('renders on the server whole: General chosen, the send button live, and a form that posts nowhere without scripts', () => {
    const html = renderToString(<FeedbackForm block={block} />);
    expect(html).toContain(block.submitLabel);
    expect(html).toMatch(/<button type="submit"(?![^>]*disabled)[^>]*>/);
    expect(html.match(/<input type="radio"[^>]*checked=""[^>]*>/g)).toEqual([expect.stringContaining('value="general"')]);
    expect(html).toMatch(/<form [^>]*method="dialog"/);
  });

  it('sends nothing with an empty message and shows the error under it', async () => {
    render(<FeedbackForm block={block} />);
    fill(label(block.labels.name), 'Jane');
    fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));
    const error = await screen.findByText(block.errors.required);
    const message = screen.getByLabelText(label(block.labels.message));
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(send.sendFeedback).not.toHaveBeenCalled();
  });

  it('uses the same rules as the function: a bad e-mail or phone is caught before sending', async () => {
    render(<FeedbackForm block={block} />);
    fill(label(block.labels.email), 'jane@');
    fill(label(block.labels.phone), 'call me');
    fill(label(block.labels.message), 'Hello');
    fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));
    expect(await screen.findByText(block.errors.email)).toBeTruthy();
    expect(screen.getByText(block.errors.phone)).toBeTruthy();
    expect(send.sendFeedback).not.toHaveBeenCalled();
  });

  it('sends the five fields and a submission id, disables the button while sending, then clears the form and resets the type', async () => {
    let finish: (error: unknown) => void = () => {};
    send.sendFeedback.mockImplementation(() => new Promise((resolve) => { finish = resolve; }));
    render(<FeedbackForm block={block} />);
    fill(label(block.labels.name), 'Jane');
    fill(label(block.labels.email), 'jane@example.com');
    fill(label(block.labels.phone), '08 8377 1234');
    fireEvent.click(screen.getByLabelText(block.feedbackTypes.complaint));
    fill(label(block.labels.message), 'The wait was long.');
    fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));

    const busy = await screen.findByRole('button', { name: block.sendingLabel });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy); // a second click while sending does nothing
    expect(send.sendFeedback).toHaveBeenCalledTimes(1);
    expect(send.sendFeedback.mock.calls[0][0]).toEqual({
      name: 'Jane', email: 'jane@example.com', phone: '08 8377 1234', feedbackType: 'complaint', message: 'The wait was long.',
      submissionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });

    await act(async () => { finish(null); });
    await waitFor(() => expect((screen.getByLabelText(label(block.labels.message)) as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText(label(block.labels.name)) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(block.feedbackTypes.general) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: block.submitLabel }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the submission id across retries of the same values; new values or a success make a new one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    send.sendFeedback.mockResolvedValue(new Error('FunctionsFetchError: Failed to send a request to the Edge Function'));
    render(<FeedbackForm block={block} />);
    fill(label(block.labels.message), 'Please call me back.');
    const submit = async () => {
      const calls = send.sendFeedback.mock.calls.length;
      fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));
      await waitFor(() => expect(send.sendFeedback).toHaveBeenCalledTimes(calls + 1));
      await screen.findByRole('button', { name: block.submitLabel });
      return (send.sendFeedback.mock.calls[calls][0] as { submissionId: string }).submissionId;
    };
    const first = await submit();
    expect(await submit()).toBe(first);
    expect(await submit()).toBe(first);
    fill(label(block.labels.message), 'Please call me back today.');
    const edited = await submit();
    expect(edited).not.toBe(first);
    send.sendFeedback.mockResolvedValue(null);
    expect(await submit()).toBe(edited); // the retry that gets through
    await waitFor(() => expect((screen.getByLabelText(label(block.labels.message)) as HTMLTextAreaElement).value).toBe(''));
    fill(label(block.labels.message), 'Please call me back today.');
    expect(await submit()).not.toBe(edited); // the same words again, after a success: another submission
    logged.mockRestore();
  });

  it('keeps every value and logs the error when sending fails', async () => {
    const failure = new Error('FunctionsHttpError: Edge Function returned a non-2xx status code');
    send.sendFeedback.mockResolvedValue(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<FeedbackForm block={block} />);
    fill(label(block.labels.name), 'Jane');
    fireEvent.click(screen.getByLabelText(block.feedbackTypes.compliment));
    fill(label(block.labels.message), 'Thank you!');
    fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), failure));
    expect((screen.getByLabelText(label(block.labels.message)) as HTMLTextAreaElement).value).toBe('Thank you!');
    expect((screen.getByLabelText(label(block.labels.name)) as HTMLInputElement).value).toBe('Jane');
    expect((screen.getByLabelText(block.feedbackTypes.compliment) as HTMLInputElement).checked).toBe(true);
    logged.mockRestore();
  });

  it('sends the honeypot only when a robot filled it in', async () => {
    send.sendFeedback.mockResolvedValue(null);
    const { container } = render(<FeedbackForm block={block} />);
    fireEvent.input(container.querySelector('input[name="website"]') as HTMLInputElement, { target: { value: 'https://spam.example' } });
    fill(label(block.labels.message), 'Buy now');
    fireEvent.click(await screen.findByRole('button', { name: block.submitLabel }));
    await waitFor(() => expect(send.sendFeedback).toHaveBeenCalledTimes(1));
    expect(send.sendFeedback.mock.calls[0][0]).toMatchObject({ website: 'https://spam.example', message: 'Buy now' });
  });
});
