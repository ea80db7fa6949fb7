// The Electronegativity gate of `npm test` (scripts/electronegativity.ts), run for real on small
// source trees in a temp directory: it must find what it is there to find, and fail the run on
// anything not suppressed with a reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems, readConfig, scan } from '../../../scripts/electronegativity.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  mkdirSync(join(dir, 'main'));
  writeFileSync(
    join(dir, 'main', 'insecure.ts'),
    [
      "import { BrowserWindow, shell } from 'electron';",
      'export function open(url: string) {',
      '  const window = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });',
      '  void shell.openExternal(url);',
      '  return window;',
      '}',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const offline = [{ check: 'AvailableSecurityFixesGlobalCheck', reason: 'downloads release lists from the internet' }];

describe('the Electronegativity gate', () => {
  it('finds an insecure window and an unchecked openExternal, offline', async () => {
    const report = await scan(dir, { excludedChecks: offline, suppressions: [] });
    const checks = report.unsuppressed.map((finding) => `${finding.check} ${finding.file}`);
    expect(checks).toEqual(
      expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK main/insecure.ts', 'SANDBOX_JS_CHECK main/insecure.ts', 'OPEN_EXTERNAL_JS_CHECK main/insecure.ts']),
    );
    expect(report.checksRun).toBeGreaterThan(30);
  }, 30_000);

  it('lets a suppressed finding pass and reports a suppression that matches nothing', async () => {
    const suppressions = [
      { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/insecure.ts', reason: 'a written reason, long enough' },
      { check: 'WEB_SECURITY_JS_CHECK', file: 'main/elsewhere.ts', reason: 'a reason for a finding that does not exist' },
    ];
    const report = await scan(dir, { excludedChecks: offline, suppressions });
    expect(report.suppressed.map((finding) => finding.check)).toEqual(['OPEN_EXTERNAL_JS_CHECK']);
    expect(report.unsuppressed.map((finding) => finding.check)).not.toContain('OPEN_EXTERNAL_JS_CHECK');
    expect(report.stale).toEqual([suppressions[1]]);
  }, 30_000);

  it('refuses a suppression without a written reason', () => {
    expect(
      configProblems({ input: 'src', excludedChecks: [], suppressions: [{ check: 'SANDBOX_JS_CHECK', file: 'main/index.ts', reason: ' ' }] }),
    ).toHaveLength(1);
    expect(configProblems({ input: 'src', excludedChecks: [{ check: 'X', reason: '' }], suppressions: [] })).toHaveLength(1);
  });

  it('treats an inline eng-disable comment as a problem, since it hides a finding without a reason on record', async () => {
    const inline = mkdtempSync(join(tmpdir(), 'electronegativity-inline-'));
    try {
      writeFileSync(join(inline, 'a.ts'), "import { shell } from 'electron';\n/* eng-disable OPEN_EXTERNAL_JS_CHECK */\nvoid shell.openExternal(String(1));\n");
      const report = await scan(inline, { excludedChecks: offline, suppressions: [] });
      expect(report.problems).toEqual([expect.stringContaining('eng-disable')]);
    } finally {
      rmSync(inline, { recursive: true, force: true });
    }
  }, 30_000);

  it("keeps a written reason for every suppression of the project's own config", () => {
    expect(configProblems(readConfig(resolve(import.meta.dirname, '../../../electronegativity.json')))).toEqual([]);
  });
});
