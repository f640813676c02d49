import { useEffect, useState } from 'react';
import { api } from './api.ts';
import { whenWords } from './ConflictChoices.tsx';
import type { SignedIn } from './TopBar.tsx';

/**
 * Approval as the signed-in person meets it: their own request (asked, until their next change takes it back) or the
 * note it was sent back with; and, for a person who may publish, how many colleagues' requests wait.
 */
export function useApproval(signedIn: SignedIn | undefined, saving: boolean) {
  const [asked, setAsked] = useState(signedIn?.asked);
  const [returned, setReturned] = useState(signedIn?.returned);
  const [waiting, setWaiting] = useState(0);
  // The server takes the request back with the save of a change: so does the page.
  useEffect(() => { if (saving) setAsked(undefined); }, [saving]);
  const approves = signedIn !== undefined && signedIn.mayPublish !== false;
  useEffect(() => {
    if (approves) api.approvals().then((r) => setWaiting(r.requests.length), () => setWaiting(0));
  }, [approves]);
  return { asked, setAsked, waiting, setWaiting, returned: asked ? undefined : returned, setReturned };
}

/** The person's own request, or the note it came back with, beside their draft. */
export function ApprovalNote({ asked, returned }: Pick<ReturnType<typeof useApproval>, 'asked' | 'returned'>) {
  if (asked) return <p className="approval-note" role="status">Waiting for approval: "{asked.message}", asked{whenWords(asked.at)}.</p>;
  if (returned) return <p className="approval-note returned" role="status">Sent back by {returned.by}: {returned.note}</p>;
  return null;
}
