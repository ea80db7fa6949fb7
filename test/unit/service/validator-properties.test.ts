// Property tests of the validators: for every generated input of a kind, the rule says yes or no
// exactly as the spec does, not just for the handful of examples in the rule tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SOCIAL_ID_NETWORKS, LINKEDIN_COMMENT_URN, NETWORKS, REPLY_BY_SOCIAL_ID_NETWORKS, WEBHOOK_ACTIONS } from '../../../src/shared/networks.ts';
import { AnalyticsBySocialIdsBodySchema } from '../../../src/shared/wire/analytics.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { linkedinUrnProblem, ReplyBodySchema } from '../../../src/shared/wire/replies.ts';
import { RegisterWebhookBodySchema } from '../../../src/shared/wire/webhooks.ts';

const digits = fc.stringMatching(/^[1-9]\d{0,19}$/);
const network = fc.constantFrom(...NETWORKS);

describe('LinkedIn comment URN', () => {
  it('every full URN is accepted', () => {
    fc.assert(
      fc.property(digits, digits, (post, comment) => {
        expect(linkedinUrnProblem(`urn:li:comment:(urn:li:activity:${post},${comment})`)).toBeNull();
      }),
    );
  });

  it('every bare id is refused as a bare id', () => {
    fc.assert(
      fc.property(digits, (id) => {
        expect(linkedinUrnProblem(id)).toMatch(/this looks like a bare id/);
      }),
    );
  });

  it('any string is accepted exactly when it has the full URN form', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          digits.map((d) => `urn:li:comment:(urn:li:activity:${d},x)`),
        ),
        (text) => {
          expect(linkedinUrnProblem(text) === null).toBe(LINKEDIN_COMMENT_URN.test(text));
        },
      ),
    );
  });
});

describe('reply networks by social comment id', () => {
  it('a reply to a social comment id is accepted exactly when it names one allowed network', () => {
    fc.assert(
      fc.property(fc.uniqueArray(network, { minLength: 1, maxLength: 4 }), (platforms) => {
        const only = platforms.length === 1 ? platforms[0] : undefined;
        const body = {
          platforms,
          comment: 'hi',
          searchPlatformId: true,
          ...(only === 'linkedin' ? { commentUrn: 'urn:li:comment:(urn:li:activity:1,2)' } : {}),
          ...(only === 'tiktok' ? { videoId: '42' } : {}),
        };
        const allowed = only !== undefined && REPLY_BY_SOCIAL_ID_NETWORKS.includes(only);
        expect(checkShape(ReplyBodySchema, body).ok).toBe(allowed);
      }),
    );
  });
});

describe('analytics request', () => {
  it('is accepted exactly when it has 1 to 100 non-empty ids and one allowed network', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 130 }), network, (ids, platform) => {
        const ok = ids.length >= 1 && ids.length <= 100 && ids.every((id) => id !== '') && ANALYTICS_SOCIAL_ID_NETWORKS.includes(platform);
        expect(checkShape(AnalyticsBySocialIdsBodySchema, { postIds: ids, platforms: [platform], searchPlatformId: true }).ok).toBe(ok);
      }),
    );
  });
});

describe('webhook URL', () => {
  it('is accepted exactly when it is a valid URL that begins with https://', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ validSchemes: ['https', 'http'] }), fc.string()), fc.constantFrom(...WEBHOOK_ACTIONS), (url, action) => {
        let valid: boolean;
        try {
          valid = new URL(url).protocol === 'https:' && url.startsWith('https://');
        } catch {
          valid = false;
        }
        expect(checkShape(RegisterWebhookBodySchema, { action, url }).ok).toBe(valid);
      }),
    );
  });
});
