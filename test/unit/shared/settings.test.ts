import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema } from '../../../src/shared/settings.ts';

describe('settings', () => {
  it('a patch holds only the settings it changes: the others are not reset to their defaults', () => {
    expect(settingsPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });

  it('a stored settings object with fields missing takes the defaults for them', () => {
    expect(settingsSchema.parse({ undoSeconds: 10 })).toEqual({ ...DEFAULT_SETTINGS, undoSeconds: 10 });
  });

  it('refuses values outside a setting’s rule, in a patch as in the whole', () => {
    expect(settingsPatchSchema.safeParse({ undoSeconds: 31 }).success).toBe(false);
    expect(settingsSchema.safeParse({ theme: 'neon' }).success).toBe(false);
  });
});
