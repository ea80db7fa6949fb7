// Issue 27, item 9: the palette reaches every Settings section and every report action by the words
// a freelancer types ("team", "business hours", "logo", "pdf"), through the app's own registry.
import { describe, expect, it } from 'vitest';
import type { CommandActions } from '../../../src/renderer/commands/commandActions.ts';
import { PALETTE_CONTEXT, paletteEntries } from '../../../src/renderer/commands/defineCommand.ts';
import { appCommands } from '../../../src/renderer/commands/registry.ts';
import { REPORT_ENTRIES, SETTINGS_SECTIONS } from '../../../src/renderer/commands/settingsPlaces.ts';
import { paletteMatches } from '../../../src/renderer/logic/paletteMatch.ts';

function recording() {
  const ran: string[] = [];
  // Every action records its name and argument; the clients are one, for the client lines.
  const actions = new Proxy({} as CommandActions, {
    get: (_target, name: string) =>
      name === 'clients' ? () => [{ profileId: 'p1', title: 'Harbor Lane Studio' }] : (arg?: unknown) => ran.push(`${name}:${String(arg)}`),
  });
  return { ran, entries: paletteEntries(appCommands, actions, PALETTE_CONTEXT) };
}

/** What each line the palette finds for these words does, in the palette's order. */
function runsOf(words: string): string[] {
  const { ran, entries } = recording();
  for (const entry of paletteMatches(entries, words)) entry.run();
  return ran;
}

describe('the palette reaches Settings and the report by name', () => {
  it.each([
    ['team', 'openSettings:team'],
    ['business hours', 'runReportAction:businessHours'],
    ['logo', 'openSettings:app'],
    ['pdf', 'runReportAction:pdf'],
  ])('"%s" finds, first, the line that does %s', (words, expected) => {
    expect(runsOf(words)[0]).toBe(expected);
  });

  it.each([
    ['invite', 'openSettings:team'],
    ['notifications', 'openSettings:app'],
    ['theme', 'openSettings:app'],
    ['webhooks', 'openSettings:webhooks'],
    ['keys', 'openSettings:accounts'],
    ['csv', 'runReportAction:csv'],
    ['appendix', 'runReportAction:appendix'],
    ['reports folder', 'openSettings:app'],
  ])('"%s" finds a line that does %s', (words, expected) => {
    expect(runsOf(words)).toContain(expected);
  });

  it('opens every section of Settings and runs every report action from some line', () => {
    const { ran, entries } = recording();
    for (const entry of entries) entry.run();
    for (const { section } of SETTINGS_SECTIONS) expect(ran).toContain(`openSettings:${section}`);
    for (const { action } of REPORT_ENTRIES) expect(ran).toContain(`runReportAction:${action}`);
  });

  it('matches every word typed, in any order and case', () => {
    const lines = [{ label: 'Report: this client’s business hours' }, { label: 'Settings: team' }];
    expect(paletteMatches(lines, 'HOURS business')).toEqual([lines[0]]);
    expect(paletteMatches(lines, 'hours team')).toEqual([]);
    expect(paletteMatches(lines, '  ')).toEqual(lines);
  });
});
