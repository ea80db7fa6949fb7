// The one translator from an error to a freelancer's words (issue 19, item 2): every message it can
// produce is listed here (each cause in every context, with and without a network and a next try),
// and none holds an operation name, an errno name or an id.
import { describe, expect, it } from 'vitest';
import { CAUSE_WORDS, causeOf, type ErrorContext, type ErrorSubject, errorSentence, errorWords, NEXT_WORDS } from '../../../src/shared/domain/errorWords.ts';
import { NETWORKS } from '../../../src/shared/networks.ts';

const SUBJECTS: ErrorSubject[] = ['reply', 'message', 'comments-change', 'sync', 'key-check', 'action'];
const NEXTS: ErrorContext['next'][] = ['retry', 'failed', 'none'];
const TRIES = [null, 0, 25_000, 3 * 60_000, 5 * 3_600_000];

/** Every code that picks a cause: the service's, HTTP statuses, and the app's own kinds. */
const CODES = [
  ...['101', '102', '106', '107', '108', '109', '110', '111', '112', '113', '114', '115', '116', '120', '121', '132', '140', '150', '186', '215'],
  ...['272', '328', '361', '362', '419', '999'],
  ...['http-301', 'http-400', 'http-401', 'http-403', 'http-404', 'http-413', 'http-429', 'http-500', 'http-503'],
  ...['network', 'timeout', 'aborted', 'outcome-unknown', 'checking', 'incomplete-answer', 'unreadable-answer', 'schema-mismatch', 'bad-answer'],
  ...['rate-budget-spent', 'rate-limited', 'missing-credentials', 'missing-key', 'auth', 'forbidden', 'not-found', 'service', 'reply-window-closed'],
  ...['interrupted', 'identity-unknown', 'storage', 'store', 'invalid-request', 'internal', 'something-new', null],
  ...['team-answered', 'team-unreachable'],
];

/** Operation names of the service client and the store, as they used to lead messages ("user:", "getConversation:"). */
const OPERATIONS = [
  'user',
  'reply',
  'getComments',
  'postComment',
  'deleteComment',
  'getConversation',
  'listConversations',
  'listMessages',
  'sendMessage',
  'history',
  'networkHistory',
  'listProfiles',
  'createProfile',
  'analyticsBySocialIds',
  'analyticsByServiceId',
  'accountAnalytics',
  'updatePost',
  'ingestComments',
  'upsertPosts',
];
const ERRNOS = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+|EAI_AGAIN)\b/u;
const IDS = [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/iu, /\b[0-9a-f]{12,}\b/iu, /\d{5,}/u];

/** Every message the translator can produce, gathered by running it over every input it tells apart. */
function everyMessage(): Set<string> {
  const messages = new Set<string>();
  for (const code of CODES) {
    for (const errno of [undefined, 'ENOTFOUND', 'UND_ERR_SOCKET']) {
      for (const subject of SUBJECTS) {
        for (const next of NEXTS) {
          for (const network of [null, ...NETWORKS]) {
            for (const nextTryInMs of TRIES) {
              for (const checkFirst of [false, true]) {
                const words = errorWords({ code, errno: errno ?? null }, { subject, next, network, nextTryInMs, checkFirst });
                messages.add(words.text);
                if (words.next !== null) messages.add(words.next);
                if (words.details !== null) messages.add(`${words.details}.`);
                messages.add(errorSentence({ code, errno: errno ?? null }, { subject, next, network, nextTryInMs, checkFirst }));
              }
            }
          }
        }
      }
    }
  }
  return messages;
}

describe('the error translator', () => {
  const messages = everyMessage();

  it('every cause and every next step is reached by some input', () => {
    for (const [cause, text] of Object.entries(CAUSE_WORDS)) {
      const reached = [...messages].some((message) => message.startsWith(text.split('{network}')[0] ?? text));
      expect(reached, cause).toBe(true);
    }
    for (const [step, text] of Object.entries(NEXT_WORDS)) {
      const reached = [...messages].some((message) => message.includes(text.split('{in}')[0] ?? text));
      expect(reached, step).toBe(true);
    }
  });

  it('no message names an operation, an errno or an id, and each is a sentence', () => {
    expect(messages.size).toBeGreaterThan(100);
    for (const message of messages) {
      for (const operation of OPERATIONS) expect(message, message).not.toMatch(new RegExp(`\\b${operation}\\s*:`, 'u'));
      expect(message).not.toMatch(ERRNOS);
      for (const id of IDS) expect(message, message).not.toMatch(id);
      expect(message).not.toMatch(/[{}`]|undefined|null|NaN/u);
      expect(message).toMatch(/^[A-Z'"]|^\w/u);
      expect(message).toMatch(/[.)]$/u);
    }
  });

  it('says a reply another member answered first is held for a choice, not that something broke', () => {
    expect(errorSentence({ code: 'team-answered' }, { subject: 'reply', next: 'failed' })).toBe(
      'Someone else in the team answered it first. Send it anyway, or discard it.',
    );
  });

  it('says what the issue asked for: the service cannot be reached, sent when back, next try in 25 s', () => {
    expect(errorSentence({ code: 'network' }, { subject: 'reply', next: 'retry', nextTryInMs: 25_000 })).toBe(
      "Can't reach the service. It will be sent when the connection is back; next try in 25 s.",
    );
    // Settings' account check: "user: the service cannot be reached (ENOTFOUND)" before.
    expect(errorSentence({ code: 'network', errno: 'ENOTFOUND' }, { subject: 'key-check', next: 'none' })).toBe(
      "Can't reach the service. Check the address and your connection, then try again.",
    );
    // A connection cut short is not "cannot be reached".
    expect(causeOf({ code: 'network', errno: 'UND_ERR_SOCKET' })).toBe('connection-lost');
  });

  it('keeps the service code for Details, and the network in the words', () => {
    const refused = errorWords({ code: '110', status: 400 }, { subject: 'reply', next: 'failed', network: 'instagram' });
    expect(refused).toEqual({
      text: 'Comments are disabled on this Instagram post.',
      next: 'Edit it and send it again, or cancel it.',
      details: "The service's code 110 (HTTP 400)",
    });
    expect(errorWords({ code: 'http-503' }, { subject: 'sync', next: 'retry' }).details).toBe('HTTP status 503');
    expect(errorWords({ code: 'network' }, { subject: 'sync', next: 'retry' }).details).toBeNull();
  });
});
