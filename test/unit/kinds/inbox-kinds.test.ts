// The inbox kind registry (src/main/core/kinds): every key belongs to exactly one kind and comes back
// from its parts; a key, name, projection code or report kind that no kind has is refused with a
// typed error rather than taken for a comment.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentKind } from '../../../src/main/core/kinds/commentKind.ts';
import { conversationKind } from '../../../src/main/core/kinds/conversationKind.ts';
import { UnknownInboxKindError } from '../../../src/main/core/kinds/inboxKind.ts';
import { findInboxKindOfKey, INBOX_KINDS, inboxKindNamed, inboxKindOfCode, inboxKindOfKey } from '../../../src/main/core/kinds/inboxKinds.ts';
import { conversationKeyOf, keyOf } from '../../../src/main/core/store/keys.ts';
import { INBOX_ITEM_KINDS } from '../../../src/shared/domain/inbox.ts';
import { MESSAGE_NETWORKS, NETWORKS } from '../../../src/shared/networks.ts';

/** Ids as the networks give them: any non-empty text, colons included (bluesky's at:// URIs). */
const socialId = fc.string({ minLength: 1, maxLength: 40 });

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('the inbox kind registry', () => {
  it('has one kind per item kind the bridge knows, each with its own code, index, report kind and answer', () => {
    expect(INBOX_KINDS.map((kind) => kind.name).sort()).toEqual([...INBOX_ITEM_KINDS].sort());
    for (const field of ['code', 'searchIndex', 'answeredBy'] as const) {
      expect(new Set(INBOX_KINDS.map((kind) => kind[field])).size).toBe(INBOX_KINDS.length);
    }
    // A report item's kind is its inbox kind's name (decision 0073), so it is unique with the name.
    for (const kind of INBOX_KINDS) {
      expect(inboxKindNamed(kind.name)).toBe(kind);
      expect(inboxKindOfCode(kind.code)).toBe(kind);
    }
  });

  it('round-trips every comment key through the comment kind, and no other kind takes it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORKS), socialId, (platform, id) => {
        const key = keyOf(platform, id);
        expect(INBOX_KINDS.filter((kind) => kind.owns(key))).toEqual([commentKind]);
        expect(inboxKindOfKey(key)).toBe(commentKind);
        expect(commentKind.parse(key)).toEqual({ platform, id });
      }),
    );
  });

  it('round-trips every conversation key through the conversation kind, and no other kind takes it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGE_NETWORKS), socialId, (platform, id) => {
        const key = conversationKeyOf(platform, id);
        expect(INBOX_KINDS.filter((kind) => kind.owns(key))).toEqual([conversationKind]);
        expect(inboxKindOfKey(key)).toBe(conversationKind);
        expect(conversationKind.parse(key)).toEqual({ platform, id });
      }),
    );
  });

  it('refuses a key no kind owns with a typed error, and finds no kind for it', () => {
    for (const key of ['', 'facebook', 'facebook:', ':c-1', 'review:google:1', 'dm:linkedin:conv-1', 'dm:facebook:', 'dm:', 'reddit:c-1']) {
      expect(findInboxKindOfKey(key)).toBeNull();
      const error = refusal(() => inboxKindOfKey(key));
      expect(error).toBeInstanceOf(UnknownInboxKindError);
      expect((error as UnknownInboxKindError).code).toBe('unknown-inbox-kind');
      // The message is for a person: it never repeats the key.
      if (key !== '') expect((error as Error).message).not.toContain(key);
    }
    expect(findInboxKindOfKey(undefined as unknown as string)).toBeNull();
  });

  it('refuses a name, a code or a report kind no kind has with the same typed error', () => {
    expect(refusal(() => inboxKindNamed('mention'))).toBeInstanceOf(UnknownInboxKindError);
    expect(refusal(() => inboxKindOfCode(7))).toBeInstanceOf(UnknownInboxKindError);
    // A report item's kind is looked up by name too (decision 0073): 'dm' is no kind's name any more.
    expect(refusal(() => inboxKindNamed('dm'))).toBeInstanceOf(UnknownInboxKindError);
  });
});
