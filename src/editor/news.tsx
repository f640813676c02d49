import { useEffect, useRef, useState } from 'react';
import { editorCatalogue } from '../content/errors.ts';
import { api, ApiError, type News } from './api.ts';
import type { useApproval } from './approvalState.tsx';
import { whenWords } from './ConflictChoices.tsx';

/**
 * How often an open editor asks what colleagues did. A colleague's request, publish or send-back shows within 30 s:
 * this, plus the moment a Git host may answer the branch's head from what it learnt (15 s on this computer).
 */
export const NEWS_EVERY_MS = 12_000;

interface Screen {
  approval: ReturnType<typeof useApproval>;
  /** The signed-in person's name: their own publish is no news to them. */
  me: string;
  /** Whether nothing typed here waits to be saved: only then may the form be read again. */
  idle(): boolean;
  reload(): void;
}

/**
 * Keeps an open hosted editor current: requests for approval, the person's own request approved or sent back, a
 * colleague's publish, being taken off the list. Asked while the page is in view, and at once when it comes back into
 * view (a hidden tab asks nothing). Answers the sentence that says what happened last (NewsNote shows it).
 */
export function useNews(on: boolean, screen: Screen): { said: string | undefined; dismiss(): void } {
  const [said, setSaid] = useState<string>();
  const latest = useRef(screen);
  latest.current = screen;
  useEffect(() => {
    if (!on) return;
    let known: News | undefined;
    let stopped = false;
    let asking = false;
    const learn = (news: News) => {
      const { approval, me, idle, reload } = latest.current;
      const before = known;
      known = news;
      if (news.waiting !== undefined) {
        if (before && news.waiting > (before.waiting ?? 0)) setSaid(editorCatalogue.NewsAsked(news.waiting));
        approval.setWaiting(news.waiting);
      }
      // Against what the screen shows (a request made here since the last turn is on it already); set only when
      // changed, as a new object each turn would draw the notes again for nothing.
      if (JSON.stringify(news.asked) !== JSON.stringify(approval.asked)) approval.setAsked(news.asked);
      if (JSON.stringify(news.returned) !== JSON.stringify(approval.returned)) approval.setReturned(news.returned);
      if (!before) return;
      if (news.returned && news.returned.note !== before.returned?.note) setSaid(editorCatalogue.NewsSentBack(news.returned.by));
      if (news.head === before.head) {
        // Published from another window, or settled there: this form would show a draft that is gone.
        if (before.draft > 0 && news.draft === 0 && idle()) reload();
        return;
      }
      // Asked on this screen (perhaps since the last turn) or seen asked at the last turn, and now the draft is gone.
      if ((before.asked || approval.asked) && news.draft === 0) {
        setSaid(editorCatalogue.NewsApproved());
        reload();
        return;
      }
      const by = news.published?.by;
      if (by === me) return;
      const kept = news.draft > 0 || !idle();
      setSaid(editorCatalogue.NewsPublished(by ?? 'A colleague', whenWords(news.published?.at), kept));
      if (!kept) reload();
    };
    const look = async () => {
      if (stopped || asking || document.visibilityState !== 'visible') return;
      asking = true;
      try {
        learn(await api.news(known?.head));
      } catch (error) {
        // Taken off the list, or signed out (the sign-in asks again by itself): nothing more to ask until then.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          stopped = true;
          if (error.status === 403) setSaid(error.message);
        }
        // Not answering: asked again at the next turn.
      } finally {
        asking = false;
      }
    };
    void look();
    const timer = setInterval(() => void look(), NEWS_EVERY_MS);
    const inView = () => void look();
    document.addEventListener('visibilitychange', inView);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', inView);
    };
  }, [on]);
  return { said, dismiss: () => setSaid(undefined) };
}

/**
 * The last news, in a corner of the window: seen wherever the person has scrolled to in the form, and read out by a
 * screen reader without moving the focus. It stays until dismissed or replaced.
 */
export function NewsNote({ said, dismiss }: ReturnType<typeof useNews>) {
  if (!said) return null;
  return (
    <div className="news" role="status">
      <p>{said}</p>
      <button type="button" onClick={dismiss}>OK</button>
    </div>
  );
}
