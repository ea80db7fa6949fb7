// Error messages of the wire schemas quote the bad value; they must never throw while doing so
// (the bridge fuzz test found one that did, on an object without a prototype).
import { describe, expect, it } from 'vitest';
import { CommentNetworkSchema, describeValue, NetworkSchema } from '../../../src/shared/wire/common.ts';
import { WebhookActionSchema } from '../../../src/shared/wire/webhooks.ts';

describe('wire schema messages', () => {
  const awkward: unknown[] = [
    Object.create(null),
    {
      toString: () => {
        throw new Error('no');
      },
    },
    [1, 2],
    null,
    12,
    'myspace',
  ];

  it.each([
    ['NetworkSchema', NetworkSchema],
    ['CommentNetworkSchema', CommentNetworkSchema],
    ['WebhookActionSchema', WebhookActionSchema],
  ] as const)('%s refuses any value with a readable message, without throwing', (_name, schema) => {
    for (const value of awkward) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/ is not /);
    }
  });

  it('describeValue quotes strings (shortened) and names other kinds', () => {
    expect(describeValue('reddit')).toBe('"reddit"');
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(60)}…"`);
    expect(describeValue(Object.create(null))).toBe('an object');
    expect(describeValue([1])).toBe('a list');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(3)).toBe('3');
  });
});
