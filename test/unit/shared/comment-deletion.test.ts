// The deletion rule the thread pane shows before anyone tries, and the core checks before it calls.
import { describe, expect, it } from 'vitest';
import { deletionRule } from '../../../src/shared/domain/commentDeletion.ts';

describe('which comments can be deleted', () => {
  it('tiktok: only the account’s own comments, and it says why for the others', () => {
    const others = deletionRule({ platform: 'tiktok', byAccount: false });
    expect(others.allowed).toBe(false);
    if (!others.allowed) expect(others.reason).toMatch(/only its own comments/);
    expect(deletionRule({ platform: 'tiktok', byAccount: true }).allowed).toBe(true);
  });

  it('elsewhere anyone’s comment on the profile’s post can go, with a warning that it cannot be undone', () => {
    const rule = deletionRule({ platform: 'facebook', byAccount: false });
    expect(rule.allowed).toBe(true);
    if (rule.allowed) expect(rule.note).toMatch(/Facebook .*cannot be undone/);
  });
});
