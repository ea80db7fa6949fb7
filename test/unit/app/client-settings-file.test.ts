import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientSettingsFile, clientSettingsFileIn } from '../../../src/main/core/app/clientSettingsFile.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the client settings file', () => {
  it('keeps each client settings across a new reader, and has none for a client never saved', () => {
    dir = mkdtempSync(join(tmpdir(), 'client-settings-'));
    const file = clientSettingsFileIn(dir);
    const wall = { timeZone: 'UTC', businessHours: null, responseTarget: { minutes: 30, clock: 'wall' as const } };
    new ClientSettingsFile(file).set('p-1', wall);
    new ClientSettingsFile(file).set('p-2', defaultClientSettings('Europe/Berlin'));
    const reader = new ClientSettingsFile(file);
    expect(reader.get('p-1')).toEqual(wall);
    expect(reader.get('p-2')).toEqual(defaultClientSettings('Europe/Berlin'));
    expect(reader.get('p-3')).toBeNull();
  });

  it('drops only a bad entry, and moves a damaged file aside (never deleted) without throwing', () => {
    dir = mkdtempSync(join(tmpdir(), 'client-settings-'));
    const file = clientSettingsFileIn(dir);
    writeFileSync(
      file,
      JSON.stringify({ version: 1, clients: { good: { timeZone: 'UTC', businessHours: null, responseTarget: null }, bad: { timeZone: 'Mars/Base' } } }),
    );
    const reader = new ClientSettingsFile(file);
    expect(reader.get('good')).toEqual({ timeZone: 'UTC', businessHours: null, responseTarget: null });
    expect(reader.get('bad')).toBeNull();

    writeFileSync(file, '{"version": 1, "clients": {');
    const damaged = new ClientSettingsFile(file);
    expect(damaged.get('good')).toBeNull();
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
    damaged.set('good', defaultClientSettings('UTC'));
    expect(JSON.parse(readFileSync(file, 'utf8')).clients.good.timeZone).toBe('UTC');
  });
});
