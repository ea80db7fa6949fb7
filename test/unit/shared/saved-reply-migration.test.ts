// Settings kept before saved replies had ids (decision 0063) load in both hosts: each reply gets an
// id from its title (the same on every device with the same list), none is lost, and the ids are
// written back with the next save, so they stay the same from then on. A reply with an id keeps it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ElectronStoreSettings } from '../../../src/main/electron/electronStoreSettings.ts';
import { BackupShelf, JsonStoreFile } from '../../../src/main/electron/jsonStoreFile.ts';
import { JsonSettingsFile } from '../../../src/main/web/settingsFile.ts';
import { DEFAULT_SAVED_REPLIES } from '../../../src/shared/savedReplies.ts';
import { settingsSchema } from '../../../src/shared/settings.ts';
import { openConf } from '../electron/electronStoreConf.ts';

const OLD_REPLIES = [
  { title: 'Thanks', text: 'Thank you, {name}!' },
  { title: 'Hours', text: 'We open at 9, {name}.' },
  { title: 'Thanks', text: 'Many thanks, {name}.' },
];
const WITH_IDS = [
  { id: 'Thanks', title: 'Thanks', text: 'Thank you, {name}!' },
  { id: 'Hours', title: 'Hours', text: 'We open at 9, {name}.' },
  { id: 'Thanks (2)', title: 'Thanks', text: 'Many thanks, {name}.' },
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'saved-reply-ids-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('saved replies kept without ids', () => {
  it('get ids from their titles in the settings schema; the defaults have the same ids', () => {
    expect(settingsSchema.parse({ savedReplies: OLD_REPLIES }).savedReplies).toEqual(WITH_IDS);
    expect(DEFAULT_SAVED_REPLIES.map((reply) => reply.id)).toEqual(DEFAULT_SAVED_REPLIES.map((reply) => reply.title));
    const kept = [{ id: '0b7e3c1e-5f0a-4d7e-9d0c-3f1f6f0a2b11', title: 'Thanks', text: 'Thank you, {name}!' }];
    expect(settingsSchema.parse({ savedReplies: kept }).savedReplies).toEqual(kept);
  });

  it('load in the web host’s settings file, and the ids are written with the next save', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', savedReplies: OLD_REPLIES }));
    const problems: string[] = [];
    const settings = new JsonSettingsFile(dir, (problem) => problems.push(problem));
    expect(problems).toEqual([]);
    expect(settings.get().savedReplies).toEqual(WITH_IDS);
    settings.update({ theme: 'light' });
    expect((JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as { savedReplies: unknown }).savedReplies).toEqual(WITH_IDS);
  });

  it('load in the desktop’s settings store without a repair notice', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', savedReplies: OLD_REPLIES }));
    const open = () =>
      new ElectronStoreSettings(new JsonStoreFile(openConf(dir, 'settings')), new BackupShelf(new JsonStoreFile(openConf(dir, 'settings-backup'))));
    const settings = open();
    expect(settings.recoveryNotice()).toBeNull();
    expect(settings.get().savedReplies).toEqual(WITH_IDS);
    // A patch without ids (an older screen) gets them too; one with ids keeps them.
    expect(settings.update({ savedReplies: [{ title: 'Hours', text: 'Open at 10, {name}.' }] }).savedReplies).toEqual([
      { id: 'Hours', title: 'Hours', text: 'Open at 10, {name}.' },
    ]);
    expect(open().get().savedReplies).toEqual([{ id: 'Hours', title: 'Hours', text: 'Open at 10, {name}.' }]);
  });
});
