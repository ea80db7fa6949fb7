// What Settings → Team sends is checked in main (issue 22): the bridge's schema (bounded, strict,
// a known mode), the form's early word on https, and team.json (the team and each workspace's mode,
// never a password; a damaged file is moved aside and the device works alone).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TeamSetupFile, teamSetupFileIn } from '../../../src/main/core/app/teamSetupFile.ts';
import { needsEncryption } from '../../../src/shared/domain/teamAddress.ts';
import { TeamModeInput, TeamSetupInput } from '../../../src/shared/domain/teamSetup.ts';

const VALID = { serverUrl: 'https://couch.example.org', workspace: 'agency', member: 'ann', device: 'laptop', password: 'pw', mode: 'team' };

describe('the team.configure input', () => {
  it('takes a whole setup, with or without a password', () => {
    expect(TeamSetupInput.safeParse(VALID).success).toBe(true);
    const { password: _password, ...withoutPassword } = VALID;
    expect(TeamSetupInput.safeParse(withoutPassword).success).toBe(true);
  });

  it('refuses empty or over-long names, an empty password, an unknown mode and an unknown field, in words', () => {
    const issue = (patch: Record<string, unknown>) => TeamSetupInput.safeParse({ ...VALID, ...patch }).error?.issues[0]?.message;
    expect(issue({ member: '  ' })).toBe('Enter your name in the team');
    expect(issue({ device: 'x'.repeat(65) })).toBe('This device’s name is at most 64 characters');
    expect(issue({ serverUrl: '' })).toBe('Enter the team server’s address');
    expect(issue({ password: '' })).toBe('Enter the password');
    expect(TeamSetupInput.safeParse({ ...VALID, mode: 'sometimes' }).success).toBe(false);
    expect(TeamSetupInput.safeParse({ ...VALID, admin: true }).success).toBe(false);
    expect(TeamModeInput.safeParse({ mode: 'solo' }).success).toBe(true);
    expect(TeamModeInput.safeParse({ mode: 'solo', extra: 1 }).success).toBe(false);
  });
});

describe('needsEncryption (the form’s word before sending)', () => {
  it('asks for https for plain http to another computer only', () => {
    expect(needsEncryption('http://couch.example.org')).toBe(true);
    expect(needsEncryption('http://192.168.1.20:5984')).toBe(true);
    expect(needsEncryption('https://couch.example.org')).toBe(false);
    for (const local of ['http://127.0.0.1:5984', 'http://localhost:5984', 'http://[::1]:5984']) expect(needsEncryption(local)).toBe(false);
    expect(needsEncryption('couch.example.org')).toBe(false);
  });
});

describe('team.json', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'team-json-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const team = { serverUrl: 'https://couch.example.org', workspace: 'agency', member: 'ann', device: 'laptop' };

  it('keeps the team and each workspace’s mode, team mode by default', () => {
    const file = new TeamSetupFile(teamSetupFileIn(dir));
    expect(file.team()).toBeNull();
    expect(file.mode(team)).toBe('team');
    file.saveMode(team, 'solo');
    file.saveTeam(team);
    const again = new TeamSetupFile(teamSetupFileIn(dir));
    expect(again.team()).toEqual(team);
    expect(again.mode(team)).toBe('solo');
    expect(again.mode({ ...team, workspace: 'studio' })).toBe('team');
    again.saveTeam(null);
    expect(new TeamSetupFile(teamSetupFileIn(dir)).team()).toBeNull();
    expect(new TeamSetupFile(teamSetupFileIn(dir)).mode(team)).toBe('solo');
  });

  it('moves a damaged file aside and works alone, saying so', () => {
    writeFileSync(teamSetupFileIn(dir), '{"version":1,"team":');
    const problems: string[] = [];
    const file = new TeamSetupFile(teamSetupFileIn(dir), (problem) => problems.push(problem));
    expect(file.team()).toBeNull();
    expect(problems).toHaveLength(1);
    expect(existsSync(teamSetupFileIn(dir))).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('team.json.damaged-'))).toBe(true);
    file.saveTeam(team);
    expect(JSON.parse(readFileSync(teamSetupFileIn(dir), 'utf8'))).toMatchObject({ version: 1, team });
  });
});
