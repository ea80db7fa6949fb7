// The layer rules of DESIGN.md are only worth something if they can fail. This runs the real
// dependency-cruiser config on a tiny fixture tree that breaks two rules, then on the real src/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = join(repo, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function run(cwd: string, outputType: 'err' | 'json') {
  return spawnSync(process.execPath, [depcruise, 'src', '--config', config, '--output-type', outputType], {
    cwd,
    encoding: 'utf8',
    // The JSON report of the whole src/ passed 1 MiB (spawnSync's default, which cuts it short).
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The violations, from the JSON report (whose exit status is always 0). */
function violationsIn(cwd: string): Violation[] {
  const result = run(cwd, 'json');
  if (result.error) throw result.error;
  if (!result.stdout) throw new Error(`depcruise printed no report: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Writes a fixture tree, with the repo's node_modules so that imports resolve exactly as in the repo (the only problem is the rule). */
function writeFixture(fixture: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  symlinkSync(join(repo, 'node_modules'), join(fixture, 'node_modules'), 'dir');
}

function ruleBroken(violations: Violation[], rule: string, from: string): Violation | undefined {
  return violations.find((v) => v.rule.name === rule && v.from === from);
}

describe('import rules', () => {
  let fixture: string;

  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), 'import-rules-'));
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": {} }',
      'src/shared/ids.ts': 'export const id = 1;\n',
      // Allowed: the core may use shared and node builtins.
      'src/main/core/good.ts': "import { join } from 'node:path';\nimport { id } from '../../shared/ids.ts';\nexport const p = join(String(id));\n",
      // Broken: the core must never import electron.
      'src/main/core/bad.ts': "import { app } from 'electron';\nexport const a = app;\n",
      // Broken: the renderer must never reach node builtins.
      'src/renderer/bad.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    };
    writeFixture(fixture, files);
  });

  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  it('reports the core importing electron and the renderer importing node:fs', () => {
    const violations = violationsIn(fixture);
    expect(ruleBroken(violations, 'core-imports-only-shared-node-undici', 'src/main/core/bad.ts')).toBeDefined();
    expect(ruleBroken(violations, 'renderer-imports-only-shared-and-ui-libraries', 'src/renderer/bad.ts')).toBeDefined();
    expect(violations.filter((v) => v.from === 'src/main/core/good.ts')).toEqual([]);
    expect(violations).toHaveLength(2);
    // The reporter `npm run lint:deps` uses fails the build on them.
    expect(run(fixture, 'err').status).not.toBe(0);
  });

  it('finds no violation in the real src/', () => {
    expect(violationsIn(repo)).toEqual([]);
  });
}, 60_000);

describe('the rooms app/ wires do not import app/', () => {
  let fixture: string;

  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), 'import-rules-app-'));
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": {} }',
      'src/main/core/app/wiring.ts': 'export const wired = 1;\n',
      'src/main/core/refusal.ts': 'export class CoreRefusal extends Error {}\n',
      'src/main/core/ports.ts': 'export interface LoggerPort { warn(message: string): void }\n',
      // Broken: the bridge and the notifications reach up into app/.
      'src/main/core/bridge/bad.ts': "import { wired } from '../app/wiring.ts';\nexport const b = wired;\n",
      'src/main/core/notifications/bad.ts': "import { wired } from '../app/wiring.ts';\nexport const n = wired;\n",
      // Allowed: the ports and the refusal the bridge maps to an answer, both below app/.
      'src/main/core/bridge/good.ts':
        "import type { LoggerPort } from '../ports.ts';\nimport { CoreRefusal } from '../refusal.ts';\nexport const g: LoggerPort | CoreRefusal | null = null;\n",
    };
    writeFixture(fixture, files);
  });

  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  it('reports bridge/ and notifications/ importing app/, and not their ports', () => {
    const violations = violationsIn(fixture);
    expect(ruleBroken(violations, 'bridge-and-notifications-do-not-import-app', 'src/main/core/bridge/bad.ts')).toBeDefined();
    expect(ruleBroken(violations, 'bridge-and-notifications-do-not-import-app', 'src/main/core/notifications/bad.ts')).toBeDefined();
    expect(violations.filter((v) => v.from === 'src/main/core/bridge/good.ts')).toEqual([]);
    expect(violations).toHaveLength(2);
  });
}, 60_000);
