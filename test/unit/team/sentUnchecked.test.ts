// The replies sent in solo mode without the team server's check are remembered in the data folder
// (app/teamSentUnchecked.ts), so each one's card keeps its warning across a restart; an item that
// left the outbox, or was checked after all, is forgotten; a damaged file starts the list again
// without a crash and says so in the log.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SENT_UNCHECKED_FILE, TeamSentUnchecked } from '../../../src/main/core/app/teamSentUnchecked.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sent-unchecked-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the replies sent without the team’s check', () => {
  it('are kept across a restart, and forgotten one by one', () => {
    const dir = dataDir();
    const first = new TeamSentUnchecked(dir);
    first.mark('reply-1');
    first.mark('reply-2');
    first.mark('reply-1');
    const again = new TeamSentUnchecked(dir);
    expect(again.has('reply-1')).toBe(true);
    expect(again.has('reply-2')).toBe(true);
    expect(again.has('reply-3')).toBe(false);
    again.forget('reply-1');
    const third = new TeamSentUnchecked(dir);
    expect(third.has('reply-1')).toBe(false);
    expect(third.has('reply-2')).toBe(true);
  });

  it('start again from a damaged file, and say so in the log', () => {
    const dir = dataDir();
    writeFileSync(join(dir, SENT_UNCHECKED_FILE), '{"not": "a list"');
    const warnings: string[] = [];
    const logger = { warn: (message: string) => void warnings.push(message), error() {} };
    const unchecked = new TeamSentUnchecked(dir, logger);
    expect(unchecked.has('not')).toBe(false);
    expect(warnings).toHaveLength(1);
    unchecked.mark('reply-9');
    expect(new TeamSentUnchecked(dir).has('reply-9')).toBe(true);
  });
});
