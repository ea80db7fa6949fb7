// The team's status in a freelancer's words (issue 22, Settings → Team and the sidebar's team line):
// every replication state and every reason to work alone, with times through the one formatter and
// never a state's name.
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { type TeamStatus, teamHeadline } from '../../../src/renderer/logic/teamHeadline.ts';

const format = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
const now = Date.UTC(2026, 10, 27, 15, 30);
const at1402 = Date.UTC(2026, 10, 27, 14, 2);

function status(patch: Partial<TeamStatus> = {}): TeamStatus {
  return {
    joined: true,
    problem: null,
    serverUrl: 'https://couch.example.org',
    workspace: 'agency',
    member: 'Ann',
    device: 'Laptop',
    replication: 'up-to-date',
    serverReachable: true,
    present: [],
    mode: 'team',
    passwordSaved: true,
    unreachableSince: null,
    sentUnchecked: null,
    refused: [],
    ...patch,
  };
}

/** The state names that are not English words as the screen would say them, and what an unset field prints. */
const STATE_NAMES = /up-to-date|syncing|replication|null|undefined|NaN/;

describe('teamHeadline', () => {
  it('says who, where and that it is up to date', () => {
    expect(teamHeadline(status(), format, now)).toEqual({
      tone: 'ok',
      text: 'Connected to agency as Ann on Laptop · up to date',
      short: 'Team: up to date',
      warning: null,
    });
  });

  it('says it is catching up, and connecting', () => {
    expect(teamHeadline(status({ replication: 'syncing' }), format, now).text).toBe('Connected to agency as Ann on Laptop · catching up');
    expect(teamHeadline(status({ replication: 'connecting', serverReachable: false }), format, now)).toMatchObject({
      tone: 'busy',
      text: 'Connecting to agency as Ann on Laptop…',
    });
  });

  it('says since when the server cannot be reached and that changes wait, with the clock of today', () => {
    expect(teamHeadline(status({ replication: 'offline', serverReachable: false, unreachableSince: at1402 }), format, now)).toEqual({
      tone: 'trouble',
      text: "Can't reach the team server since 14:02: your changes wait on this computer and go when it's back.",
      short: 'Team server unreachable since 14:02',
      warning: null,
    });
    const yesterday = at1402 - 24 * 3_600_000;
    expect(teamHeadline(status({ replication: 'offline', serverReachable: false, unreachableSince: yesterday }), format, now).text).toContain(
      `since ${format.dateTime(yesterday)}:`,
    );
    expect(teamHeadline(status({ replication: 'offline', serverReachable: false }), format, now).text).toBe(
      "Can't reach the team server: your changes wait on this computer and go when it's back.",
    );
  });

  it('says the server refused the password', () => {
    expect(teamHeadline(status({ replication: 'refused', serverReachable: false }), format, now)).toMatchObject({
      tone: 'trouble',
      text: 'The server refused the password for Ann: enter it again below, or ask whoever runs the team server.',
    });
  });

  it('says the server sent more than the app accepts, and that changes wait (issue 28, item 8)', () => {
    expect(teamHeadline(status({ replication: 'answer-too-large', serverReachable: false }), format, now)).toMatchObject({
      tone: 'trouble',
      text: expect.stringMatching(/^The team server sent more than this app accepts.*your changes wait on this computer/) as unknown,
      short: 'Team: server answer too large',
    });
  });

  it('says why the device works alone, or that no team is set', () => {
    expect(
      teamHeadline(status({ joined: false, replication: null, problem: 'No team password is kept on this device: enter it in Settings, Team.' }), format, now),
    ).toMatchObject({
      tone: 'trouble',
      text: 'Not connected to the team. No team password is kept on this device: enter it in Settings, Team.',
    });
    expect(teamHeadline(status({ joined: false, replication: null, serverUrl: null, workspace: null, member: null, device: null }), format, now)).toMatchObject(
      { tone: 'alone', text: 'Not in a team: this device works on its own.', short: '' },
    );
  });

  it('warns of replies sent without checking the other devices, counted', () => {
    expect(teamHeadline(status({ mode: 'solo', sentUnchecked: { count: 1, lastAt: at1402 } }), format, now).warning).toBe(
      'Sent without checking your other devices: the team server could not be reached (1 reply, the last at 14:02).',
    );
    expect(teamHeadline(status({ mode: 'solo', sentUnchecked: { count: 3, lastAt: at1402 } }), format, now).warning).toContain('(3 replies,');
  });

  it('never shows a state’s name, whatever the state', () => {
    for (const replication of ['connecting', 'up-to-date', 'syncing', 'offline', 'refused', 'answer-too-large', null] as const) {
      for (const joined of [true, false]) {
        const headline = teamHeadline(status({ replication, joined, unreachableSince: at1402 }), format, now);
        expect(`${headline.text} ${headline.short}`).not.toMatch(STATE_NAMES);
      }
    }
  });
});
