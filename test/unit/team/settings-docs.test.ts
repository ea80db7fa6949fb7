// Shared settings documents (issue 22, decision 0059): one per device and scope and id, holding only
// that device's fields; refused when its name does not match it or a field is in another name; the
// fold takes per field the latest stamp, whichever device's document it is in.
import { describe, expect, it } from 'vitest';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import { TeamDocumentRefused } from '../../../src/main/core/team/teamErrors.ts';
import { foldSettings, readSettingsDocument, settingsDocId } from '../../../src/main/core/team/teamSettingsDocs.ts';
import type { SettingsDoc } from '../../../src/shared/domain/teamDocuments.ts';

const field = (value: unknown, ms: number, device: string, who: string) => ({ value, at: formatStamp(ms, 0, device), who, device });

function doc(device: string, who: string, fields: SettingsDoc['fields']): SettingsDoc {
  return { _id: settingsDocId('client', 'p-1', device), kind: 'settings', who, device, scope: 'client', id: 'p-1', fields };
}

function refusal(raw: unknown): string {
  try {
    readSettingsDocument(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(TeamDocumentRefused);
    return (error as Error).message;
  }
  throw new Error('it was accepted');
}

describe('shared settings documents', () => {
  it('accepts a device’s own fields and refuses fields in another name or a name that does not match', () => {
    const good = doc('laptop', 'ann', { timeZone: field('Europe/Berlin', 1_000, 'laptop', 'ann') });
    expect(readSettingsDocument(good)).toMatchObject({ who: 'ann', device: 'laptop' });
    expect(readSettingsDocument({ ...good, _deleted: true })).toBeNull();
    expect(refusal({ ...good, _id: settingsDocId('client', 'p-2', 'laptop') })).toContain('name does not match');
    expect(refusal(doc('laptop', 'ann', { timeZone: field('Europe/Paris', 9_000, 'desktop', 'bob') }))).toContain('another name');
    expect(refusal(doc('laptop', 'ann', { timeZone: { ...field('Europe/Paris', 9_000, 'desktop', 'ann'), device: 'laptop' } }))).toContain('another name');
    expect(refusal({ ...good, fields: 'all of them' })).toContain('shape');
  });

  it('folds per field: the latest stamp wins, whichever document holds it', () => {
    const laptop = doc('laptop', 'ann', {
      timeZone: field('Europe/Berlin', 1_000, 'laptop', 'ann'),
      responseTarget: field({ minutes: 60 }, 5_000, 'laptop', 'ann'),
    });
    const desktop = doc('desktop', 'bob', {
      timeZone: field('Europe/Paris', 2_000, 'desktop', 'bob'),
      responseTarget: field({ minutes: 30 }, 4_000, 'desktop', 'bob'),
    });
    const values = (docs: SettingsDoc[]) => Object.fromEntries([...foldSettings(docs)].map(([name, entry]) => [name, entry.value]));
    expect(values([laptop, desktop])).toEqual({ timeZone: 'Europe/Paris', responseTarget: { minutes: 60 } });
    expect(values([desktop, laptop])).toEqual(values([laptop, desktop]));
  });
});
