// The one translator from an error to the words a freelancer reads: what went wrong as a sentence,
// and what happens next. Core and renderer both call it (a failed command's message, a queued
// reply's line, the sync line, the account check), so one failure reads the same everywhere.
//
// What goes in are facts: the service's code ("215"), an HTTP status, the kind of failure the app
// recorded ("network", "timeout", "outcome-unknown", …), the system's errno. What comes out never
// holds an operation name ("user:", "getConversation:"), an errno name ("ENOTFOUND") or an id: those
// stay in the log. The service's own code is kept apart (`details`), for a "Details" disclosure.
// Every sentence is in the tables below, so a test reads them all (test/unit/errorWords.test.ts).
import { NETWORK_NAMES, type Network } from '../networks.ts';
import { createFormatter, type Formatter } from '../format/formatter.ts';

/** What went wrong, in a word the tables below know. */
export type ErrorCause = keyof typeof CAUSE_WORDS;

/** Whose failure it is: it decides what happens next. */
export type ErrorSubject = 'reply' | 'message' | 'comments-change' | 'sync' | 'key-check' | 'action';

/** What the app does about it now. */
export type ErrorNext = 'retry' | 'failed' | 'none';

export interface ErrorFacts {
  /** The code recorded with the failure: the service's ("215"), "http-503", or the app's kind ("network", "timeout", …). */
  code?: string | number | null;
  /** The HTTP status, when there was an answer. */
  status?: number | null;
  /** The system's error name (ENOTFOUND, ECONNREFUSED): read to tell "unreachable" from "cut off", never shown. */
  errno?: string | null;
}

export interface ErrorContext {
  subject: ErrorSubject;
  /** Whether the app tries again by itself, or the person must act. */
  next: ErrorNext;
  network?: Network | null;
  /** Milliseconds until the next try, when one is planned. */
  nextTryInMs?: number | null;
  /** An earlier try may already be posted: the thread is read before anything is sent again. */
  checkFirst?: boolean;
}

export interface ErrorWords {
  /** What went wrong. */
  text: string;
  /** What happens next, or what to do; null when there is nothing to add. */
  next: string | null;
  /** The service's code or the HTTP status, for "Details" (never an operation, an errno or an id); null when none. */
  details: string | null;
}

/** What went wrong, per cause. `{network}` is the network's name, or "the network". */
export const CAUSE_WORDS = {
  unreachable: "Can't reach the service.",
  'connection-lost': 'The connection to the service broke off.',
  timeout: 'The service did not answer in time.',
  'maybe-posted': 'The connection broke after it left, so it may already be posted.',
  checking: 'An earlier try may already be posted.',
  'not-the-service': 'Something other than the service answered, such as a Wi-Fi sign-in page or a firewall.',
  'odd-answer': "The service's answer could not be read.",
  'partly-answered': 'The service did not say what happened on every network.',
  'rate-limited': 'The service asks the app to slow down for a moment.',
  'service-trouble': 'The service is having trouble right now.',
  'key-refused': 'The service did not accept the API key.',
  'key-missing': "This client's API key needs to be entered again.",
  'x-keys': 'The X key pair is missing or was not accepted.',
  plan: "This account's plan with the service does not include this.",
  suspended: 'The service has suspended this client for a while after too many requests.',
  'comments-off': 'Comments are disabled on this {network} post.',
  'reply-refused': 'The service could not post it: comments may be off on this {network} post, or the comment or its post is gone or not public.',
  'window-closed': "The person's reply window on {network} has closed.",
  'conversation-limit': "This month's limit of active conversations is reached.",
  'too-long': 'The text is longer than {network} takes.',
  empty: 'The text is empty.',
  'not-linked': '{network} is not linked to this client in the service.',
  'not-found': 'The service no longer has it: it was deleted, or its network was unlinked.',
  'no-conversation': 'This person has not written to the client yet, so they cannot be messaged first.',
  'messaging-off': 'Messaging is off for this client on {network}.',
  'link-again': '{network} must be linked again in the service.',
  'own-comments-only': 'On {network}, only comments the client wrote can be deleted.',
  'too-large': 'It is too large for the service to take.',
  'name-taken': 'A client with that name already exists.',
  interrupted: 'The app was closed while it was being sent.',
  'unknown-account': 'The app could not tell which account posts the replies, so it cannot check the thread.',
  storage: 'It could not be saved on this computer.',
  refused: 'The service refused it.',
  internal: 'Something went wrong inside the app.',
  'team-answered': 'Someone else in the team answered it first.',
  'team-waiting': 'The team server cannot be reached to confirm that nobody else answered.',
} as const;

/** Causes the app gets past by waiting for the connection: the next step says so. */
const CONNECTION_CAUSES: ReadonlySet<ErrorCause> = new Set(['unreachable', 'connection-lost', 'timeout', 'not-the-service']);

/** What happens next, per subject and step. `{in}` is the time to the next try ("25 s"). */
export const NEXT_WORDS = {
  'send-when-back': 'It will be sent when the connection is back; next try in {in}.',
  'send-when-back-soon': 'It will be sent when the connection is back.',
  'send-again': 'It will be tried again in {in}.',
  'send-again-soon': 'It will be tried again shortly.',
  'check-first': 'The app checks the thread before sending it again; next check in {in}.',
  'check-first-soon': 'The app checks the thread before sending it again.',
  'check-when-back': 'When the connection is back, the app checks whether it was posted and sends it if not; next try in {in}.',
  'check-when-back-soon': 'When the connection is back, the app checks whether it was posted and sends it if not.',
  'send-after-key': 'It will be sent once the key is entered in Settings.',
  'fix-and-retry': 'Edit it and send it again, or cancel it.',
  retry: 'Retry, or cancel it.',
  'change-when-back': 'The change will be made when the connection is back.',
  'change-again': 'The change will be tried again shortly.',
  'change-failed': 'Retry the change, or cancel it.',
  'sync-goes-on': 'The inbox shows what it already has and the app keeps trying.',
  'sync-key': 'Enter the key again in Settings to go on syncing.',
  'check-connection': 'Check the address and your connection, then try again.',
  'check-key': 'Check the key and try again.',
  'try-later': 'Try again in a moment.',
  'nothing-to-do': 'Nothing was changed.',
  'send-anyway': 'Send it anyway, or discard it.',
} as const;
export type NextStep = keyof typeof NEXT_WORDS;

/** The service's own codes, as the spec lists them, to the cause. */
const SERVICE_CODES: Record<string, ErrorCause> = {
  '101': 'key-refused',
  '102': 'key-refused',
  '106': 'refused',
  '107': 'too-large',
  '108': 'empty',
  '109': 'not-linked',
  '110': 'comments-off',
  '111': 'window-closed',
  '112': 'conversation-limit',
  '113': 'too-long',
  '114': 'not-found',
  '115': 'name-taken',
  '116': 'no-conversation',
  '120': 'plan',
  '121': 'suspended',
  '132': 'too-large',
  '140': 'rate-limited',
  '150': 'service-trouble',
  '186': 'not-found',
  '215': 'reply-refused',
  '272': 'x-keys',
  '328': 'own-comments-only',
  '361': 'messaging-off',
  '362': 'link-again',
  '419': 'x-keys',
};

/** The app's own kinds of failure (the service client's, the outbox's, the sync's) to the cause. */
const APP_CODES: Record<string, ErrorCause> = {
  network: 'connection-lost',
  timeout: 'timeout',
  aborted: 'connection-lost',
  'outcome-unknown': 'maybe-posted',
  checking: 'checking',
  'incomplete-answer': 'partly-answered',
  'unreadable-answer': 'not-the-service',
  'schema-mismatch': 'odd-answer',
  'bad-answer': 'odd-answer',
  'rate-budget-spent': 'rate-limited',
  'rate-limited': 'rate-limited',
  'missing-credentials': 'x-keys',
  'missing-key': 'key-missing',
  auth: 'key-refused',
  forbidden: 'plan',
  'not-found': 'not-found',
  service: 'service-trouble',
  'reply-window-closed': 'window-closed',
  interrupted: 'interrupted',
  'identity-unknown': 'unknown-account',
  storage: 'storage',
  store: 'storage',
  'invalid-request': 'refused',
  internal: 'internal',
  // In a team (app/teamClaims.ts): another device holds the claim; the team server could not be asked.
  'team-answered': 'team-answered',
  'team-unreachable': 'team-waiting',
};

/** Errno names that mean the service was never reached (as opposed to a connection cut short). */
const UNREACHABLE_ERRNOS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'UND_ERR_CONNECT_TIMEOUT']);

/** Made at the first retry told in words, not when the module loads: a page starts without it (its Intl formatters cost a few ms). */
let durations: Formatter | undefined;

/** The HTTP status of the facts, or of a recorded "http-503". */
function statusOf(facts: ErrorFacts, code: string): number | null {
  if (facts.status !== undefined && facts.status !== null) return facts.status;
  const recorded = /^http-(\d{3})$/u.exec(code);
  return recorded ? Number(recorded[1]) : null;
}

/** The cause of a failure, from its facts. */
export function causeOf(facts: ErrorFacts): ErrorCause {
  const code = facts.code === undefined || facts.code === null ? '' : String(facts.code);
  const serviceCause = SERVICE_CODES[code];
  if (serviceCause) return serviceCause;
  if (code === 'network' && facts.errno && UNREACHABLE_ERRNOS.has(facts.errno)) return 'unreachable';
  if (code === 'network' && !facts.errno) return 'unreachable';
  const appCause = APP_CODES[code];
  if (appCause) return appCause;
  const status = statusOf(facts, code);
  if (status !== null) {
    if (status === 429) return 'rate-limited';
    if (status === 401) return 'key-refused';
    if (status === 403) return 'plan';
    if (status === 404) return 'not-found';
    if (status === 413) return 'too-large';
    if (status >= 500) return 'service-trouble';
    if (status >= 300 && status < 400) return 'not-the-service';
    if (status >= 400) return 'refused';
  }
  return 'internal';
}

/** The step after a failure of this cause, for this subject. */
export function nextStepOf(cause: ErrorCause, context: Pick<ErrorContext, 'subject' | 'next' | 'nextTryInMs' | 'checkFirst'>): NextStep | null {
  const timed = context.nextTryInMs !== undefined && context.nextTryInMs !== null;
  const connection = CONNECTION_CAUSES.has(cause);
  switch (context.subject) {
    // The subjects are what failed (an answer, a sync, a key…), not inbox kinds: both answers share their next steps.
    case 'reply':
    case 'message':
      if (context.next === 'failed' && cause === 'team-answered') return 'send-anyway';
      if (context.next === 'failed') return cause === 'maybe-posted' || cause === 'checking' || connection ? 'retry' : 'fix-and-retry';
      if (context.next === 'none') return null;
      if (cause === 'key-missing') return 'send-after-key';
      if (context.checkFirst === true && connection) return timed ? 'check-when-back' : 'check-when-back-soon';
      if (context.checkFirst === true || cause === 'checking' || cause === 'maybe-posted') return timed ? 'check-first' : 'check-first-soon';
      if (connection) return timed ? 'send-when-back' : 'send-when-back-soon';
      return timed ? 'send-again' : 'send-again-soon';
    case 'comments-change':
      if (context.next === 'failed') return 'change-failed';
      if (context.next === 'none') return null;
      return connection ? 'change-when-back' : 'change-again';
    case 'sync':
      return cause === 'key-refused' || cause === 'key-missing' ? 'sync-key' : 'sync-goes-on';
    case 'key-check':
      if (connection || cause === 'service-trouble') return 'check-connection';
      if (cause === 'key-refused' || cause === 'x-keys') return 'check-key';
      return 'try-later';
    case 'action':
      return connection || cause === 'service-trouble' || cause === 'rate-limited' ? 'try-later' : 'nothing-to-do';
  }
}

function withNetwork(text: string, network: Network | null | undefined): string {
  const name = network ? NETWORK_NAMES[network] : null;
  if (name !== null) return text.replaceAll('{network}', name);
  // Without a network: "this post", "the network" read as sentences on their own.
  return text
    .replace('this {network} post', 'this post')
    .replace(/^\{network\}/u, 'The network')
    .replaceAll('{network}', 'the network');
}

/** The service's code, or the HTTP status, as "Details" shows it; null for the app's own kinds. */
export function detailsOf(facts: ErrorFacts): string | null {
  const code = facts.code === undefined || facts.code === null ? '' : String(facts.code);
  if (/^\d{1,4}$/u.test(code)) return facts.status ? `The service's code ${code} (HTTP ${facts.status})` : `The service's code ${code}`;
  const status = statusOf(facts, code);
  return status === null ? null : `HTTP status ${status}`;
}

/** A failure in words: what went wrong, what happens next, and the service's code apart. */
export function errorWords(facts: ErrorFacts, context: ErrorContext): ErrorWords {
  const cause = causeOf(facts);
  const step = nextStepOf(cause, context);
  const inWords =
    context.nextTryInMs === undefined || context.nextTryInMs === null ? '' : (durations ??= createFormatter()).duration(Math.max(0, context.nextTryInMs));
  return {
    text: withNetwork(CAUSE_WORDS[cause], context.network),
    next: step === null ? null : NEXT_WORDS[step].replace('{in}', inWords),
    details: detailsOf(facts),
  };
}

/** The sentence and its next step as one line (a toast, a form's error). */
export function errorSentence(facts: ErrorFacts, context: ErrorContext): string {
  const words = errorWords(facts, context);
  return words.next === null ? words.text : `${words.text} ${words.next}`;
}
