// scripts/checks.ts, the runner of `npm test`'s static checks: it must fail when any check fails
// (else CI goes green over a lint error), run them all first, and show each one's output whole.
// Beside a command (`--beside`, how `npm test` runs them beside Vitest) they run at the same time.
// Run for real, with npm, in a folder whose package.json has a passing and a failing script.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHECKS = resolve(import.meta.dirname, '../../../scripts/checks.ts');
let dir: string;

function runChecks(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [CHECKS, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => done({ code, output }));
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'checks-'));
  const scripts = {
    fine: 'node -e "console.log(\'all fine here\')"',
    broken: 'node -e "console.error(\'found a problem\'); process.exit(3)"',
    marks: 'node mark.cjs',
    niceness: "node -e \"console.log('niceness ' + require('node:os').getPriority())\"",
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'checks-probe', private: true, scripts }));
  // The check that leaves a mark, and the command that ends only once it sees it: they can both
  // pass only when they run at the same time.
  writeFileSync(join(dir, 'mark.cjs'), "require('node:fs').writeFileSync('mark', 'x'); console.log('marked');\n");
  writeFileSync(
    join(dir, 'wait.cjs'),
    `const fs = require('node:fs');
const until = Date.now() + 30000;
const look = () => {
  if (fs.existsSync('mark')) { console.log('the command saw the mark'); process.exit(0); }
  if (Date.now() > until) { console.error('no mark: the checks did not run beside'); process.exit(4); }
  setTimeout(look, 50);
};
look();
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/checks.ts', () => {
  it('fails when one check fails, after running the others, and prints each output whole', async () => {
    const { code, output } = await runChecks(['broken', 'fine']);
    expect(code).toBe(1);
    expect(output).toMatch(/> broken: FAILED \(exit \d+\) in \d+ s/);
    expect(output).toContain('found a problem');
    expect(output).toMatch(/> fine: passed in \d+ s/);
    expect(output).toContain('all fine here');
    expect(output).toContain('1 of 2 checks failed');
  }, 60_000);

  it('passes when every check passes', async () => {
    const { code, output } = await runChecks(['fine', 'fine']);
    expect(code).toBe(0);
    expect(output.match(/> fine: passed/g)).toHaveLength(2);
  }, 60_000);

  it('runs the checks beside a command, at the same time, and prints their outputs after its own', async () => {
    rmSync(join(dir, 'mark'), { force: true });
    const { code, output } = await runChecks(['--beside', 'node wait.cjs', 'marks', 'fine']);
    expect(code).toBe(0);
    expect(output).toContain('the command saw the mark');
    expect(output).toMatch(/> marks: passed in \d+ s/);
    expect(output).toMatch(/> fine: passed in \d+ s/);
    expect(output.indexOf('the command saw the mark')).toBeLessThan(output.indexOf('> marks: passed'));
  }, 60_000);

  it('runs the checks beside a command at the lowest CPU priority, so they take only the CPU it leaves', async () => {
    const beside = await runChecks(['niceness', '--beside', 'node -e "0"']);
    expect(beside.code).toBe(0);
    expect(beside.output).toContain('niceness 19');
    // Alone they keep the priority they were started with (this test's own).
    const alone = await runChecks(['niceness']);
    expect(alone.output).toContain(`niceness ${getPriority()}`);
  }, 60_000);

  it('fails when the command beside fails, after the checks have run and printed', async () => {
    rmSync(join(dir, 'mark'), { force: true });
    const { code, output } = await runChecks(['--beside', 'node -e "process.exit(5)"', 'fine']);
    expect(code).toBe(1);
    expect(output).toContain('all fine here');
    expect(output).toContain('node -e "process.exit(5)" failed');
  }, 60_000);

  it('fails when a check beside a passing command fails', async () => {
    // After the list, as `npm run checks -- --beside "…"` passes it.
    const { code, output } = await runChecks(['broken', '--beside', 'node -e "0"']);
    expect(code).toBe(1);
    expect(output).toContain('found a problem');
    expect(output).toContain('1 of 1 checks failed');
  }, 60_000);

  it('says how to use it when given no check', async () => {
    for (const args of [[], ['--beside', 'node -e "0"'], ['--beside']]) {
      const { code, output } = await runChecks(args);
      expect(code).toBe(2);
      expect(output).toContain('usage: node scripts/checks.ts');
    }
  }, 60_000);
});
