import { describe, expect, it } from 'vitest';
import { commands } from '../../../src/shared/bridge/contract.ts';
import { DEFAULT_SAVED_REPLIES } from '../../../src/shared/savedReplies.ts';
import { DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema } from '../../../src/shared/settings.ts';

describe('saved replies in the settings', () => {
  it('start with the default saved replies, each with a title and a text using {name}', () => {
    expect(DEFAULT_SETTINGS.savedReplies).toEqual(DEFAULT_SAVED_REPLIES);
    expect(DEFAULT_SETTINGS.savedReplies.length).toBeGreaterThan(0);
    expect(DEFAULT_SETTINGS.savedReplies.every((reply) => reply.title !== '' && reply.text.includes('{name}'))).toBe(true);
  });

  it('a stored file from before saved replies existed takes the defaults; an empty list stays empty', () => {
    expect(settingsSchema.parse({ theme: 'dark' }).savedReplies).toEqual(DEFAULT_SAVED_REPLIES);
    expect(settingsSchema.parse({ savedReplies: [] }).savedReplies).toEqual([]);
  });

  it('a patch of the saved replies names only them, and a patch of something else leaves them out', () => {
    const mine = [{ title: 'Hours', text: 'Hi {name}, we open at 9.' }];
    expect(settingsPatchSchema.parse({ savedReplies: mine })).toEqual({ savedReplies: mine });
    expect(settingsPatchSchema.parse({ theme: 'light' })).not.toHaveProperty('savedReplies');
    expect(commands['settings.update'].input.parse({ savedReplies: mine })).toEqual({ savedReplies: mine });
  });

  it('refuses a saved reply without a title or text, and too long a list', () => {
    expect(settingsPatchSchema.safeParse({ savedReplies: [{ title: ' ', text: 'x' }] }).success).toBe(false);
    expect(commands['settings.update'].input.safeParse({ savedReplies: [{ title: 'x', text: '' }] }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ savedReplies: Array.from({ length: 51 }, () => ({ title: 't', text: 'x' })) }).success).toBe(false);
  });
});
