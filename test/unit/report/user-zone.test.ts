// Issue 27, item 8: the user's zone is a new client's zone, kept across restarts in
// client-settings.json beside the clients' settings (a bad one ignored, the clients kept), and a zone
// is named on the report in the client's words, never "UTC" or "GMT+00:00".
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientSettingsFile, clientSettingsFileIn } from '../../../src/main/core/app/clientSettingsFile.ts';
import { defaultClientSettings, timeZoneWords } from '../../../src/shared/domain/clientSettings.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the user's zone", () => {
  it('is remembered across a new reader, beside the clients, and written only when it changes', () => {
    dir = mkdtempSync(join(tmpdir(), 'user-zone-'));
    const file = clientSettingsFileIn(dir);
    const first = new ClientSettingsFile(file);
    expect(first.userTimeZone()).toBeNull();
    first.set('p-1', defaultClientSettings('Europe/Berlin'));
    first.setUserTimeZone('America/New_York');
    const reader = new ClientSettingsFile(file);
    expect(reader.userTimeZone()).toBe('America/New_York');
    expect(reader.get('p-1')).toEqual(defaultClientSettings('Europe/Berlin'));
    // The same zone again: the file is not written (a page load is not a change).
    writeFileSync(file, readFileSync(file, 'utf8').replace('"version": 1', '"version": 1 '));
    const before = readFileSync(file, 'utf8');
    reader.setUserTimeZone('America/New_York');
    expect(readFileSync(file, 'utf8')).toBe(before);
    // A client saved later keeps the zone in the file.
    reader.set('p-2', defaultClientSettings('UTC'));
    expect(new ClientSettingsFile(file).userTimeZone()).toBe('America/New_York');
  });

  it('is ignored when the file holds a zone Intl does not know, and the clients stay', () => {
    dir = mkdtempSync(join(tmpdir(), 'user-zone-'));
    const file = clientSettingsFileIn(dir);
    writeFileSync(file, JSON.stringify({ version: 1, userTimeZone: 'Mars/Olympus', clients: { good: defaultClientSettings('UTC') } }));
    const reader = new ClientSettingsFile(file);
    expect(reader.userTimeZone()).toBeNull();
    expect(reader.get('good')).toEqual(defaultClientSettings('UTC'));
  });
});

describe('a zone in words', () => {
  it('names a city zone by its city, the universal zones GMT, an offset zone by its offset', () => {
    expect(timeZoneWords('America/New_York')).toBe('New York time');
    expect(timeZoneWords('Europe/London')).toBe('London time');
    expect(timeZoneWords('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(timeZoneWords('UTC')).toBe('GMT');
    expect(timeZoneWords('Etc/UTC')).toBe('GMT');
    expect(timeZoneWords('Etc/GMT+5')).toBe('GMT-5');
  });
});
