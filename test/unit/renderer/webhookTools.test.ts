import { describe, expect, it } from 'vitest';
import { maskedKey, newWebhookSecret, protectionWords, WEBHOOK_ACTION_HELP, webhookUrlProblem } from '../../../src/renderer/logic/webhookTools.ts';
import { WEBHOOK_ACTIONS } from '../../../src/shared/networks.ts';

describe('webhook tools of the settings screen', () => {
  it('explains each of the eight actions in one line', () => {
    expect(WEBHOOK_ACTION_HELP.map((entry) => entry.action).sort()).toEqual([...WEBHOOK_ACTIONS].sort());
    for (const entry of WEBHOOK_ACTION_HELP) {
      expect(entry.meaning.length).toBeGreaterThan(10);
      expect(entry.meaning).not.toContain('\n');
    }
  });

  it('accepts only https:// addresses as they are typed', () => {
    expect(webhookUrlProblem('')).toMatch(/Type the address/);
    expect(webhookUrlProblem('http://example.com/hook')).toMatch(/https:\/\//);
    expect(webhookUrlProblem('https://')).not.toBeNull();
    expect(webhookUrlProblem('example.com')).toMatch(/https:\/\//);
    expect(webhookUrlProblem('https://hooks.example.com/in')).toBeNull();
    expect(webhookUrlProblem('https://127.0.0.1:8443/x')).toBeNull();
  });

  it('makes a 64-hex secret from 32 random bytes, a new one each time', () => {
    const fixed = newWebhookSecret((bytes) => bytes.fill(0xab));
    expect(fixed).toBe('ab'.repeat(32));
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('says how keys are kept and shows only the last 4 characters', () => {
    expect(protectionWords({ kind: 'os', backend: 'keychain' })).toMatch(/stored in the system keychain/i);
    expect(protectionWords({ kind: 'memory', backend: 'memory' })).toMatch(/kept in memory only: no keyring found/i);
    expect(maskedKey({ configured: true, last4: 'wxyz' })).toBe('•••• wxyz');
    expect(maskedKey({ configured: false, last4: null })).toBe('not set');
  });
});
