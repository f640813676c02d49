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

/** How many days before the website's key expires the person who manages people is told. */
export const KEY_WARNING_DAYS = 14;
const DAY_MS = 24 * 3600_000;

/** What the person who manages people is told about the key the website is published with, at `now`, if anything. */
export function keyWarning(expires: string | undefined, now: number): string | undefined {
  const at = expires ? Date.parse(expires) : NaN;
  if (Number.isNaN(at)) return undefined;
  const date = new Date(at).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
  if (at <= now) return editorCatalogue.KeyExpired(date);
  // Days as the calendar counts them where the person is: a key expiring tonight expires today.
  const midnight = (t: number) => { const d = new Date(t); d.setHours(0, 0, 0, 0); return d.getTime(); };
  const days = Math.round((midnight(at) - midnight(now)) / DAY_MS);
  return days <= KEY_WARNING_DAYS ? editorCatalogue.KeyExpiresSoon(date, days) : undefined;
}

/**
 * What one look's answer means against the one before: the sentence to say, whether the form is read again, and
 * whether the new version is left to the next look (`later`: judged then against the version before it).
 */
export interface NewsTurn { said?: string; reload?: boolean; later?: boolean }

/** `here`: whether this screen asked for approval, whose it is, and whether nothing typed waits to be saved. */
export function newsTurn(before: News, news: News, here: { asked: boolean; me: string; idle: boolean }): NewsTurn {
  const turn: NewsTurn = {};
  if (news.returned && news.returned.note !== before.returned?.note) turn.said = editorCatalogue.NewsSentBack(news.returned.by);
  if (news.head === before.head) {
    // Published from another window, or settled there: this form would show a draft that is gone.
    if (before.draft > 0 && news.draft === 0 && here.idle) turn.reload = true;
    return turn;
  }
  // Asked on this screen (perhaps since the last turn) or seen asked at the last turn, and now the draft is gone.
  const asked = here.asked || before.asked !== undefined;
  if (asked && news.draft === 0) return { said: editorCatalogue.NewsApproved(), reload: true };
  const by = news.published?.by;
  // This person's own version while their request's draft is still there: a colleague approved it and its publish
  // is finishing (the look read the new version before the draft was cleared). Saying nothing now and moving on
  // would lose the news that it was approved.
  if (asked && by === here.me) return { ...turn, later: true };
  if (by === here.me) return turn;
  const kept = news.draft > 0 || !here.idle;
  return { said: editorCatalogue.NewsPublished(by ?? 'A colleague', whenWords(news.published?.at), kept), reload: !kept };
}

/** The answer a screen keeps to judge the next against: a version left for later stays unseen until then. */
export const keptAfter = (before: News, news: News, turn: NewsTurn): News => (turn.later ? { ...news, head: before.head } : news);

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
export function useNews(on: boolean, screen: Screen): { said: string | undefined; dismiss(): void; keyNote: string | undefined } {
  const [said, setSaid] = useState<string>();
  const [keyNote, setKeyNote] = useState<string>();
  const latest = useRef(screen);
  latest.current = screen;
  useEffect(() => {
    if (!on) return;
    let known: News | undefined;
    let keyExpires: string | undefined;
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
      const turn = newsTurn(before, news, { asked: Boolean(approval.asked), me, idle: idle() });
      known = keptAfter(before, news, turn);
      if (turn.said) setSaid(turn.said);
      if (turn.reload) reload();
    };
    const look = async () => {
      if (stopped || asking || document.visibilityState !== 'visible') return;
      asking = true;
      try {
        learn(await api.news(known?.head));
        if (known?.keyExpires) keyExpires = known.keyExpires;
      } catch (error) {
        // Taken off the list, or signed out (the sign-in asks again by itself): nothing more to ask until then.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          stopped = true;
          if (error.status === 403) setSaid(error.message);
        }
        // Not answering: asked again at the next turn.
      } finally {
        asking = false;
        // The last expiry heard stays: once the key has expired, GitHub no longer says when it did.
        setKeyNote(keyWarning(keyExpires, Date.now()));
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
  return { said, dismiss: () => setSaid(undefined), keyNote };
}

/**
 * The last news, in a corner of the window: seen wherever the person has scrolled to in the form, and read out by a
 * screen reader without moving the focus. It stays until dismissed or replaced.
 */
export function NewsNote({ said, dismiss }: Pick<ReturnType<typeof useNews>, 'said' | 'dismiss'>) {
  if (!said) return null;
  return (
    <div className="news" role="status">
      <p>{said}</p>
      <button type="button" onClick={dismiss}>OK</button>
    </div>
  );
}
