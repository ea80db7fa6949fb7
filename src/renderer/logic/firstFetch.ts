// Whether what a list shows can be the whole truth yet (issue 27): until a client's first complete
// fetch of a kind is done, its empty list means "not fetched yet", never "Inbox zero", and the sync
// line says "Fetching: 3 of 5 clients", never "Up to date". The core keeps the fetches in its store
// (a restart remembers them) and says which start has been checked against the service.
import { KIND_VIEWS, kindView } from '../kinds/kindViews.ts';
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import { type FirstFetched, FirstFetchedSchema } from '../../shared/domain/status.ts';

export interface ClientFetchFacts {
  accountId: string;
  profileId: string;
  firstFetched: FirstFetched;
  /** A request of this start has been answered. */
  checked: boolean;
}

/** Whether the client's comments and messages have both been fetched completely once. */
export function wholeClient(client: ClientFetchFacts): boolean {
  return client.firstFetched.comment !== null && client.firstFetched.conversation !== null;
}

/** Why nothing comes in while it is not fetched: the sync line's own facts, told in a few words. */
export interface FetchHindrance {
  paused: boolean;
  /** Accounts whose service cannot be reached now. */
  offlineAccounts: ReadonlySet<string>;
  /** Clients held for a key to enter again. */
  heldProfiles: ReadonlySet<string>;
  /** Accounts (or clients, by profile id) whose sync fails now. */
  failing: readonly { accountId: string; profileId: string | null }[];
}

export interface NotFetchedWords {
  /** "Messages not fetched yet: the service can't be reached", "Fetching messages…". */
  title: string;
  /** What happens next, in a sentence. */
  detail: string;
  /** Still fetching (no trouble in the way): a spinner, not a warning. */
  busy: boolean;
}

/** What the list of a kind holds ("comments", "messages"), or of every kind ("comments and messages"). */
/** The kinds whose first complete fetch the sync follows (FirstFetchedSchema); reviews come in their own job, not followed. */
const FOLLOWED: readonly string[] = Object.keys(FirstFetchedSchema.shape);

function nounOf(kind: InboxItemKind | null): string {
  if (kind !== null) return kindView(kind).words.listNoun;
  return KIND_VIEWS.filter((view) => FOLLOWED.includes(view.kind))
    .map((view) => view.words.listNoun)
    .join(' and ');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The empty list's words while the clients it shows are not fetched completely yet; null once they
 * are (the view's own empty text is then true). `profileId` null: every client.
 */
export function notFetchedWords(
  view: { kind: InboxItemKind | null; profileId: string | null },
  clients: readonly ClientFetchFacts[],
  hindrance: FetchHindrance,
): NotFetchedWords | null {
  const shown = clients.filter((client) => view.profileId === null || client.profileId === view.profileId);
  const kinds: InboxItemKind[] = view.kind === null ? KIND_VIEWS.map((each) => each.kind) : [view.kind];
  // A kind the first-fetch watch does not follow (reviews) is never missing.
  const missing = shown.filter((client) => kinds.some((kind) => (client.firstFetched as Partial<Record<InboxItemKind, number | null>>)[kind] === null));
  if (missing.length === 0) return null;
  const noun = nounOf(view.kind);
  const later = `They appear here as soon as they are fetched.`;
  const reason = (() => {
    if (hindrance.paused) return 'the sync is paused';
    if (missing.some((client) => hindrance.offlineAccounts.has(client.accountId))) return 'the service can’t be reached';
    if (missing.some((client) => hindrance.heldProfiles.has(client.profileId))) return 'a key must be entered again in Settings';
    const failing = missing.some((client) =>
      hindrance.failing.some((problem) => problem.accountId === client.accountId && (problem.profileId === null || problem.profileId === client.profileId)),
    );
    if (failing) return 'the service is failing right now';
    return null;
  })();
  if (reason !== null) {
    const next = hindrance.paused ? 'Resume the sync to fetch them.' : 'They appear here once it answers. The app keeps trying.';
    return { title: `${capitalised(noun)} not fetched yet: ${reason}`, detail: next, busy: false };
  }
  const progress = shown.length > 1 ? ` ${shown.length - missing.length} of ${shown.length} clients done.` : '';
  return { title: `Fetching ${noun}…`, detail: `${later}${progress}`, busy: true };
}

/** The sync line while the clients' first fetches or this start's first answers are under way; null once all are in. */
export function fetchingHeadline(clients: readonly ClientFetchFacts[]): string | null {
  if (clients.length === 0) return null;
  const whole = clients.filter(wholeClient).length;
  if (whole < clients.length) return clients.length === 1 ? 'Fetching comments and messages…' : `Fetching: ${whole} of ${clients.length} clients`;
  const checked = clients.filter((client) => client.checked).length;
  if (checked < clients.length) return clients.length === 1 ? 'Checking for news…' : `Checking for news: ${checked} of ${clients.length} clients`;
  return null;
}
