// `npm run lint:electron`: Electronegativity (Doyensec's scanner for Electron misconfigurations) over
// the sources, failing on every finding that electronegativity.json does not suppress with a
// written reason. Also fails on a suppression that no longer matches anything (so the list cannot
// rot into a blanket pass), on a file the scanner could not parse (it would be unchecked), and on
// inline `eng-disable` comments (they would hide findings without a reason on record).
//
// Run through its library entry, not its CLI: the CLI (1.10.3) calls an API of `commander` that the
// version npm resolves no longer has. Its i18n module fetches translations from the internet on
// every run; it is replaced by one that reads the bundled English file, so the scan is offline.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Suppression {
  /** The check's id as Electronegativity reports it, e.g. OPEN_EXTERNAL_JS_CHECK. */
  check: string;
  /** The file, relative to the scanned folder, with forward slashes; "N/A" for global findings. */
  file: string;
  reason: string;
}

export interface ExcludedCheck {
  /** The check's class name, e.g. AvailableSecurityFixesGlobalCheck. */
  check: string;
  reason: string;
}

export interface ScanConfig {
  /** The folder scanned, relative to the config file. */
  input: string;
  excludedChecks: ExcludedCheck[];
  suppressions: Suppression[];
}

export interface Finding {
  check: string;
  file: string;
  line: number;
  severity: string;
  confidence: string;
  description: string;
}

export interface ScanReport {
  /** Findings no suppression covers: each one fails the run. */
  unsuppressed: Finding[];
  suppressed: Array<Finding & { reason: string }>;
  /** Suppressions that matched nothing: each one fails the run. */
  stale: Suppression[];
  /** Files the scanner could not parse, and inline eng-disable comments: each one fails the run. */
  problems: string[];
  checksRun: number;
}

interface RawIssue {
  id: string;
  file: string;
  location?: { line?: number };
  severity: { name: string };
  confidence: { name: string };
  description: string;
}

interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: Array<{ file: string; message: string; tolerable: boolean }>;
  issues: RawIssue[];
}

type Runner = (options: Record<string, unknown>) => Promise<RunResult>;

const require = createRequire(import.meta.url);

function loadRunner(): Runner {
  const runnerPath = require.resolve('@doyensec/electronegativity/dist/runner.js');
  const fromPackage = createRequire(runnerPath);
  const i18nPath = fromPackage.resolve('./locales/i18n.js');
  // Replaces the module that would fetch translations over the network (see the header).
  const i18n = fromPackage('i18n') as { configure(options: object): void; setLocale(locale: string): void };
  const offlineI18n = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nPath),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  const cached = require.cache;
  cached[i18nPath] = { id: i18nPath, filename: i18nPath, loaded: true, exports: offlineI18n } as unknown as NodeJS.Module;
  return fromPackage(runnerPath) as Runner;
}

function electronVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Checks the config's own rules: every exclusion and suppression carries a reason. */
export function configProblems(config: ScanConfig): string[] {
  const problems: string[] = [];
  for (const entry of [...config.excludedChecks, ...config.suppressions]) {
    if (typeof entry.reason !== 'string' || entry.reason.trim().length < 20) {
      // `'file' in entry` narrows an ExcludedCheck to one whose `file` is unknown, hence String().
      problems.push(`${entry.check}${'file' in entry ? ` in ${String(entry.file)}` : ''}: a suppression needs a written reason (20 characters or more).`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|js|jsx|html)$/.test(name)) files.push(path);
  }
  return files;
}

/** Scans `inputDir` and sorts the findings into suppressed, unsuppressed and stale suppressions. */
export async function scan(inputDir: string, config: Pick<ScanConfig, 'excludedChecks' | 'suppressions'>): Promise<ScanReport> {
  const run = loadRunner();
  const result = await run({
    input: inputDir,
    isRelative: true,
    electronVersionOverride: electronVersion(),
    excludeFromScan: config.excludedChecks.map((entry) => entry.check),
    customScan: [],
    parserPlugins: [],
  });
  const problems = [
    ...result.errors.filter((error) => !error.tolerable).map((error) => `could not parse ${relative(inputDir, error.file)}: ${error.message}`),
    ...sourceFiles(inputDir)
      .filter((file) => readFileSync(file, 'utf8').includes('eng-disable'))
      .map((file) => `${relative(inputDir, file)}: inline eng-disable comment; suppress in electronegativity.json with a reason instead`),
  ];
  const findings: Finding[] = result.issues.map((issue) => ({
    check: issue.id,
    file: issue.file.split(sep).join('/'),
    line: issue.location?.line ?? 0,
    severity: issue.severity.name,
    confidence: issue.confidence.name,
    description: issue.description,
  }));
  const used = new Set<Suppression>();
  const report: ScanReport = { unsuppressed: [], suppressed: [], stale: [], problems, checksRun: result.globalChecks + result.atomicChecks };
  for (const finding of findings) {
    const suppression = config.suppressions.find((entry) => entry.check === finding.check && entry.file === finding.file);
    if (suppression) {
      used.add(suppression);
      report.suppressed.push({ ...finding, reason: suppression.reason });
    } else {
      report.unsuppressed.push(finding);
    }
  }
  report.stale = config.suppressions.filter((entry) => !used.has(entry));
  return report;
}

export function readConfig(path: string): ScanConfig {
  const config = JSON.parse(readFileSync(path, 'utf8')) as Partial<ScanConfig>;
  return { input: config.input ?? 'src', excludedChecks: config.excludedChecks ?? [], suppressions: config.suppressions ?? [] };
}

async function main(): Promise<void> {
  const configPath = resolve(import.meta.dirname, '../electronegativity.json');
  const config = readConfig(configPath);
  const invalid = configProblems(config);
  if (invalid.length > 0) {
    for (const problem of invalid) console.error(`electronegativity.json: ${problem}`);
    process.exit(1);
  }
  const report = await scan(resolve(dirname(configPath), config.input), config);
  for (const finding of report.unsuppressed) {
    console.error(`✗ ${finding.check} (${finding.severity}, ${finding.confidence}) ${finding.file}:${finding.line}\n    ${finding.description}`);
  }
  for (const suppression of report.stale) {
    console.error(`✗ stale suppression: ${suppression.check} in ${suppression.file} matches nothing; remove it from electronegativity.json`);
  }
  for (const problem of report.problems) console.error(`✗ ${problem}`);
  const failed = report.unsuppressed.length + report.stale.length + report.problems.length;
  console.log(
    `Electronegativity: ${report.checksRun} checks over ${config.input}/ (Electron ${electronVersion()}); ` +
      `${report.suppressed.length} finding(s) suppressed with a reason, ${config.excludedChecks.length} check(s) excluded with a reason, ${failed} problem(s).`,
  );
  if (failed > 0) process.exit(1);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`electronegativity: ${(error as Error).message}`);
    process.exit(1);
  });
}
