import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import {
  checkField, DEFAULT_FEEDBACK_TYPE, FEEDBACK_TYPES, LIMITS, type FeedbackType, type Problem, type TextField,
} from '../../content/feedbackRules.ts';
import type { FeedbackFormBlock, FeedbackNotice } from '../../generated/site.ts';
import { useLayout } from '../../ui/context.ts';
import { Fact } from '../../ui/Fact.tsx';
import { sendFeedback, type FeedbackBody } from './send.ts';
import { submissionIds } from './submissionId.ts';
import styles from './FeedbackForm.module.scss';
import { Band } from '../../ui/BlockSection.tsx';

interface Values {
  name: string;
  email: string;
  phone: string;
  feedbackType: FeedbackType;
  message: string;
  /** The honeypot: hidden from people, filled in by robots. */
  website: string;
}

const EMPTY: Values = { name: '', email: '', phone: '', feedbackType: DEFAULT_FEEDBACK_TYPE, message: '', website: '' };

interface FieldProps {
  id: string;
  label: string;
  marker: string;
  error?: FieldError;
  describedBy?: string;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, its control and the control's inline error, tied together for screen readers. */
function Field({ id, label, marker, error, describedBy, children }: FieldProps) {
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label} <span className={styles.marker}>{marker}</span>
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {error?.message ? <p id={errorId} className={styles.error}>{error.message}</p> : null}
    </div>
  );
}

type Outcome = 'success' | 'failure';

/**
 * What sending came to, under the send button, in the form's flow: it covers no control (a toast over the foot of a
 * phone's screen covered the button itself), and stays until it is closed or the form is sent again.
 */
function OutcomeNotice({ outcome, notice, dismissLabel, onDismiss, children }: {
  outcome: Outcome; notice: FeedbackNotice; dismissLabel: string; onDismiss: () => void; children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className={`${styles.notice} ${outcome === 'failure' ? styles.failure : ''}`} data-outcome={outcome}>
      <p className={styles.noticeTitle}>{notice.title}</p>
      <p>{notice.description}</p>
      {children}
      <button type="button" className={`btn btn-secondary ${styles.dismiss}`} onClick={onDismiss}>{dismissLabel}</button>
    </div>
  );
}

export function FeedbackForm({ block }: { block: FeedbackFormBlock }) {
  const uid = useId();
  const ids = (name: string) => `feedback${uid}${name}`;
  const { site } = useLayout();
  const sending = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dismiss = () => {
    setOutcome(null);
    submitButton.current?.focus();
  };
  const [submission] = useState(submissionIds);
  const { register, handleSubmit, reset, control, formState: { errors, isSubmitting } } = useForm<Values>({ defaultValues: EMPTY });
  // The choice is controlled, so the prerendered form has the default chosen and hydration agrees with it.
  const { field: choice } = useController({ name: 'feedbackType', control });

  const problemText = (problem: Problem, field: TextField): string => {
    if (problem === 'required') return block.errors.required;
    if (problem === 'tooLong') return block.errors.tooLong.replaceAll('{max}', () => new Intl.NumberFormat(site.language).format(LIMITS[field]));
    if (problem === 'email') return block.errors.email;
    if (problem === 'phone') return block.errors.phone;
    return block.errors.invalid;
  };
  const text = (field: TextField): UseFormRegisterReturn<TextField> =>
    register(field, { validate: (value) => { const problem = checkField(field, value); return problem ? problemText(problem, field) : true; } });

  const onSubmit = async (values: Values) => {
    if (sending.current) return;
    sending.current = true;
    setOutcome(null);
    const fields = { name: values.name, email: values.email, phone: values.phone, feedbackType: values.feedbackType, message: values.message };
    const body: FeedbackBody = { ...fields, submissionId: submission.idFor(fields) };
    if (values.website) body.website = values.website;
    let error: unknown;
    try {
      error = await sendFeedback(body);
    } catch (thrown) {
      error = thrown; // supabase-js could not even be loaded
    } finally {
      sending.current = false;
    }
    if (error) {
      console.error('The feedback could not be sent:', error);
      setOutcome('failure');
    } else {
      submission.forget();
      reset(EMPTY);
      setOutcome('success');
    }
  };

  const headingId = ids('heading');
  const hintId = ids('hint');
  
  return (
    <Band anchor={block.anchor} tone={block.tone} className={styles.band} labelledBy={headingId}>
      <div className={`container ${styles.wrap}`}>
        <h2 id={headingId}>{block.heading}</h2>
        {block.intro && <p className={styles.intro}>{block.intro}</p>}
        <form className={`card ${styles.form}`} method="dialog" noValidate aria-labelledby={headingId} aria-busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
          <p id={hintId} className={styles.hint}>{block.hint}</p>
          <div className={styles.row}>
            <Field id={ids('name')} label={block.labels.name} marker={block.optionalLabel} error={errors.name}>
              {(aria) => <input type="text" autoComplete="name" {...aria} {...text('name')} />}
            </Field>
            <Field id={ids('email')} label={block.labels.email} marker={block.optionalLabel} error={errors.email}>
              {(aria) => <input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...aria} {...text('email')} />}
            </Field>
            <Field id={ids('phone')} label={block.labels.phone} marker={block.optionalLabel} error={errors.phone}>
              {(aria) => <input type="tel" autoComplete="tel" inputMode="tel" {...aria} {...text('phone')} />}
            </Field>
          </div>
          <fieldset className={styles.types}>
            <legend>{block.labels.feedbackType}</legend>
            <div className={styles.choices}>
              {FEEDBACK_TYPES.map((type) => (
                <label key={type} className={styles.choice}>
                  <input type="radio" name={choice.name} value={type} checked={choice.value === type} onChange={() => choice.onChange(type)} onBlur={choice.onBlur} />
                  <span>{block.feedbackTypes[type]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={ids('message')} label={block.labels.message} marker={block.requiredLabel} error={errors.message} describedBy={hintId}>
            {(aria) => <textarea rows={7} aria-required="true" {...aria} {...text('message')} />}
          </Field>
          <div className={styles.trap} aria-hidden="true" inert>
            <label htmlFor={ids('website')}>{block.honeypotLabel}</label>
            <input id={ids('website')} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </div>
          {/* A press before the form's script has come is kept and given to it (islands/wake.ts). Without scripts the
              form sends nothing (method "dialog" outside a dialog does nothing, and never posts what was typed to a
              static page): say why, and how else to reach the practice. */}
          {block.noScript && (
            <noscript>
              <div className={styles.noScript}>
                <p>{block.noScript}</p>
                <Fact name="phone" withLabel />
                <Fact name="email" withLabel />
              </div>
            </noscript>
          )}
          <button ref={submitButton} type="submit" className={`btn btn-primary ${styles.submit}`} disabled={isSubmitting}>
            {isSubmitting ? block.sendingLabel : block.submitLabel}
          </button>
          {/* Live regions from the first paint, so what appears in them is read out. */}
          <div role="status">
            {outcome === 'success' && <OutcomeNotice outcome="success" notice={block.success} dismissLabel={block.dismissLabel} onDismiss={dismiss} />}
          </div>
          <div role="alert">
            {outcome === 'failure' && (
              <OutcomeNotice outcome="failure" notice={block.failure} dismissLabel={block.dismissLabel} onDismiss={dismiss}>
                <Fact name="phone" withLabel />
              </OutcomeNotice>
            )}
          </div>
        </form>
      </div>
    </Band>
  );
}
