// Settings → Team → Live updates in words (decision 0083): per client, whether new comments and
// messages come as they happen and when the last one was heard on this device. Pure: the clock and
// the formatter's relative time are passed in, so the words are tested in Node.
import type { LiveClientView } from '../../shared/domain/liveUpdates.ts';

const WHAT = { comments: 'new comments', messages: 'new messages' } as const;

/** "On for new comments and messages", "Off", or why the service could not be asked. */
export function registrationWords(client: Pick<LiveClientView, 'comments' | 'messages' | 'problem'>): string {
  if (client.comments === 'unknown' || client.messages === 'unknown') return client.problem ?? 'The service could not be asked about this client.';
  const actions = ['comments', 'messages'] as const;
  const on = actions.filter((action) => client[action] === 'ours');
  const elsewhere = actions.filter((action) => client[action] === 'other');
  const [only] = on;
  let words = on.length === 2 ? 'On for new comments and messages' : only !== undefined ? `On for ${WHAT[only]}` : 'Off';
  if (elsewhere.length > 0) {
    const named = elsewhere.map((action) => WHAT[action]).join(' and ');
    words += `; ${named} already go to another address (one you or a teammate set), which stays as it is`;
  }
  return words;
}

/** Whether the client gets anything live (the line's dot). */
export function isLive(client: Pick<LiveClientView, 'comments' | 'messages'>): boolean {
  return client.comments === 'ours' || client.messages === 'ours';
}

/** "Last event 2 min ago" or "No event yet". */
export function lastEventWords(lastEventAt: number | null, now: number, relative: (then: number, now: number) => string): string {
  return lastEventAt === null ? 'No event yet' : `Last event ${relative(lastEventAt, now)}`;
}
