// `npm test`'s first step: is there a Chromium for the end-to-end tests? Found: say nothing. Missing:
// install it where this user may (Debian's chromium as root; Playwright's own where it may
// download), else stop at once with the one command to run, before minutes of other checks.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chooseBrowser, installCommand, type MachineFacts } from './browserChoice.ts';

function onPath(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** A Chromium in Playwright's browsers folder (read from disk: importing Playwright takes a second). */
function playwrightChromium(): string | null {
  const folder = (process.env['PLAYWRIGHT_BROWSERS_PATH'] ?? '') || join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(folder)) return null;
  for (const entry of readdirSync(folder).filter((name) => /^chromium-\d+$/.test(name))) {
    for (const binary of ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium', 'chrome-win/chrome.exe']) {
      const path = join(folder, entry, binary);
      if (existsSync(path)) return path;
    }
  }
  return null;
}

function mayInstallPackages(): boolean {
  if (process.getuid?.() === 0) return true;
  return onPath('sudo') !== null && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

export function machineFacts(): MachineFacts {
  const env = process.env['CHROMIUM_PATH'];
  const debian = existsSync('/etc/debian_version') && onPath('apt-get') !== null;
  return {
    chromiumPathEnv: env ? { path: env, exists: existsSync(env) } : null,
    systemChromium: onPath('chromium'),
    playwrightChromium: playwrightChromium(),
    debian,
    mayInstallPackages: debian && mayInstallPackages(),
    mayDownload: !process.env['PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD'],
  };
}

function main(): number {
  const facts = machineFacts();
  const choice = chooseBrowser(facts);
  if (choice.kind === 'found') return 0;
  if (choice.kind === 'stop') {
    console.error(choice.message);
    return 1;
  }
  console.error(choice.words);
  const [command = '', ...args] = choice.command;
  const asRoot = command === 'apt-get' && process.getuid?.() !== 0 ? ['sudo', '-n'] : [];
  const run = (argv: string[]) => spawnSync(argv[0] ?? '', argv.slice(1), { stdio: 'inherit' }).status === 0;
  if (command === 'apt-get' && !run([...asRoot, 'apt-get', 'update'])) return stop(facts);
  if (!run([...asRoot, command, ...args])) return stop(facts);
  return 0;
}

function stop(facts: MachineFacts): number {
  console.error(`Could not install Chromium. Run:\n\n  ${installCommand(facts)}\n\nthen npm test again.`);
  return 1;
}

process.exitCode = main();
