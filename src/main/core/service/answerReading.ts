// From a complete answer to the operation's value or one typed error. Only the service's own answers
// are read as results: a 2xx that is not JSON, or says it is something else (the HTML page of a
// captive portal, a proxy or a CDN), and any redirect, come from something in between. On a write
// such an answer proves nothing: the request may or may not have reached the service, so the
// outcome is unknown and the outbox reads the thread before it sends again; never a success.
import { parseAnswerJson } from './answerJson.ts';
import { UnreadableAnswerError } from './errors.ts';
import { httpErrorFrom } from './httpErrorMapping.ts';
import type { Redactor } from './redactor.ts';
import { parseAnswer } from './schemaMismatch.ts';
import type { HttpResponse } from './transport.ts';
import type { WireSchema } from '../../../shared/wire/check.ts';

/** What of a request decides how its answer is read (the runner's RequestSpec has it all). */
export interface AnswerSpec<T> {
  operation: string;
  write: boolean;
  answer: WireSchema<T>;
  /** An error status whose body is still an answer to read. */
  answerOnError?: (status: number, body: unknown) => boolean;
}

export function readAnswer<T>(spec: AnswerSpec<T>, response: HttpResponse, redactor: Redactor): { status: number; value: T } {
  const { status } = response;
  const ok = status >= 200 && status < 300;
  const unreadable = (problem: UnreadableAnswerError['problem'], detail: string) =>
    new UnreadableAnswerError({ operation: spec.operation, problem, detail: redactor.text(detail), status, write: spec.write });

  // The client follows no redirect and the service sends none: whoever answered, it was not the service.
  if (status >= 300 && status < 400) throw unreadable('redirect', `HTTP ${status}${whereTo(response.headers['location'])}`);

  const type = mediaTypeOf(response.headers['content-type']);
  const isJson = type === undefined || type === 'application/json' || type.endsWith('+json');
  if (ok && !isJson) throw unreadable('not-the-service', `HTTP ${status}, ${type}`);

  let json: unknown;
  if (response.body !== '') {
    const parsed = parseAnswerJson(response.body);
    if (!parsed.ok && parsed.problem === 'too-deep') throw unreadable('too-deep', `HTTP ${status}`);
    if (!parsed.ok) {
      // An error status with a text body (a gateway's 502 page) is still an error status to act on.
      if (!ok) throw httpErrorFrom({ operation: spec.operation, status, body: redactor.text(response.body.slice(0, 500)), write: spec.write });
      throw unreadable('not-json', `HTTP ${status}, ${type ?? 'no content type'}`);
    }
    json = parsed.value;
  }
  if (ok || spec.answerOnError?.(status, json)) {
    // JSON of another shape may be a proxy's too: on a write, whether it was applied is unknown.
    const value = parseAnswer(spec.answer, json, { operation: spec.operation, status, writeOutcome: spec.write ? 'unknown' : 'not-applied' });
    return { status, value };
  }
  throw httpErrorFrom({ operation: spec.operation, status, body: redactor.value(json), write: spec.write });
}

/** "text/html" of "text/HTML; charset=utf-8"; undefined when there is no content type. */
function mediaTypeOf(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || text.trim() === '') return undefined;
  return (text.split(';')[0] ?? '').trim().toLowerCase();
}

/** " to <origin>" of a redirect's location: enough to recognise a portal, never the whole URL. */
function whereTo(location: string | string[] | undefined): string {
  const text = Array.isArray(location) ? location[0] : location;
  if (text === undefined) return '';
  try {
    return ` to ${new URL(text).origin}`;
  } catch {
    return ' to a relative address';
  }
}
