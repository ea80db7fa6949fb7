// From the service's error answers to HttpError: retryable for 429 and 5xx only, never for the
// final codes 215/186/328; a hint a person can act on for 401, 403 and 419; per-platform errors
// kept; writes refused with 4xx are known not applied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hintFor, httpErrorFrom, isRetryable } from '../../../src/main/core/service/httpErrorMapping.ts';

describe('retryable', () => {
  it.each([429, 500, 502, 503, 504])('HTTP %i is retryable', (status) => {
    expect(isRetryable(status, undefined)).toBe(true);
  });

  it.each([400, 401, 403, 404, 413, 419])('HTTP %i is not', (status) => {
    expect(isRetryable(status, undefined)).toBe(false);
  });

  it.each([215, 186, 328])('code %i is not retryable, whatever the status', (code) => {
    expect(isRetryable(400, code)).toBe(false);
    expect(isRetryable(503, code)).toBe(false);
  });

  it('for any status and code: retryable exactly for 429 and 5xx without a final code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.option(fc.integer({ min: 100, max: 999 }), { nil: undefined }), (status, code) => {
        const final = code === 215 || code === 186 || code === 328;
        expect(isRetryable(status, code)).toBe(!final && (status === 429 || status >= 500));
      }),
    );
  });
});

describe('hints for a person', () => {
  it('401 102: the API key', () => expect(hintFor(401, 102)).toMatch(/API key was refused/));
  it('401 103: the profile key', () => expect(hintFor(401, 103)).toMatch(/profile key was refused/));
  it('401 272: the X key pair', () => expect(hintFor(401, 272)).toMatch(/X \(Twitter\) key pair of this account was refused/));
  it('403 120: the plan', () => expect(hintFor(403, 120)).toMatch(/plan does not include/));
  it('403 121: suspended', () => expect(hintFor(403, 121)).toMatch(/suspended this profile/));
  it('419: the missing X credentials', () => expect(hintFor(419, 419)).toMatch(/need the X OAuth 1.0a consumer key and secret/));
  it('no hint for a 400 or a 503', () => {
    expect(hintFor(400, 215)).toBeUndefined();
    expect(hintFor(503, 150)).toBeUndefined();
  });
});

describe('httpErrorFrom', () => {
  it('keeps the code, message and per-platform errors of a 215', () => {
    const body = {
      status: 'error',
      code: 215,
      message: 'The original post does not exist',
      errors: [{ action: 'reply', status: 'error', code: 215, message: 'The original post does not exist', platform: 'facebook' }],
    };
    const error = httpErrorFrom({ operation: 'reply', status: 400, body, write: true });
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 215, retryable: false, writeOutcome: 'not-applied' });
    expect(error.errors[0]?.platform).toBe('facebook');
    expect(error.message).toBe('reply failed: The original post does not exist (HTTP 400, code 215)');
  });

  it('a 419 says what to do', () => {
    const error = httpErrorFrom({
      operation: 'getComments',
      status: 419,
      body: { action: 'x_credentials_required', status: 'error', code: 419, message: 'need X', platform: 'twitter' },
      write: false,
    });
    expect(error.hint).toMatch(/X OAuth 1.0a/);
    expect(error.message).toContain(error.hint);
  });

  it('a 5xx on a write leaves its outcome unknown; on a read nothing was applied', () => {
    expect(httpErrorFrom({ operation: 'reply', status: 503, body: { code: 150 }, write: true }).writeOutcome).toBe('unknown');
    expect(httpErrorFrom({ operation: 'getComments', status: 503, body: { code: 150 }, write: false }).writeOutcome).toBe('not-applied');
  });

  it('a body without the service shape still makes an error (a proxy page)', () => {
    const error = httpErrorFrom({ operation: 'user', status: 502, body: 'Bad gateway', write: false });
    expect(error).toMatchObject({ status: 502, code: undefined, retryable: true });
  });
});
