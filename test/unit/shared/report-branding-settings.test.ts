// Your name and logo on client reports, as the settings keep them: a PNG, JPEG or WebP data: URL
// whose bytes are of that type, at most 256 KB; anything else is refused with words, never stored.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema } from '../../../src/shared/settings.ts';

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;
const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString('base64')}`;

describe('report branding settings', () => {
  it('start empty', () => {
    expect(DEFAULT_SETTINGS.reportName).toBe('');
    expect(DEFAULT_SETTINGS.reportLogo).toBeNull();
  });

  it('keep a name and a real PNG or JPEG', () => {
    expect(settingsSchema.parse({ reportName: '  Sam Lee Social  ', reportLogo: PNG })).toMatchObject({ reportName: 'Sam Lee Social', reportLogo: PNG });
    expect(settingsPatchSchema.parse({ reportLogo: JPEG }).reportLogo).toBe(JPEG);
    expect(settingsPatchSchema.parse({ reportLogo: null }).reportLogo).toBeNull();
  });

  it('refuse what is not an image of its type, an SVG, a web address, or too large', () => {
    const refusal = (logo: string) => settingsPatchSchema.safeParse({ reportLogo: logo }).error?.issues[0]?.message;
    // A PNG label on JPEG bytes.
    expect(refusal(`data:image/png;base64,${JPEG.split(',')[1]}`)).toBe('The logo must be a PNG, JPEG or WebP image');
    expect(refusal('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe('The logo must be a PNG, JPEG or WebP image');
    expect(refusal('https://example.com/logo.png')).toBe('The logo must be a PNG, JPEG or WebP image');
    expect(refusal(`${PNG}${'A'.repeat(400_000)}`)).toBe('The logo is too large: pick an image under 256 KB');
    expect(settingsPatchSchema.safeParse({ reportName: 'x'.repeat(81) }).success).toBe(false);
  });
});
