// Which Chromium the end-to-end tests drive, decided from facts about this machine (issue 27, item
// 16): a fresh Debian computer must not run five minutes of checks before Playwright finds no
// browser. Pure, so every case is tested without touching the machine; check-browser.ts gathers the
// facts and acts on the answer.

export interface MachineFacts {
  /** CHROMIUM_PATH, when set, and whether that file exists. */
  chromiumPathEnv: { path: string; exists: boolean } | null;
  /** `command -v chromium`, or null. */
  systemChromium: string | null;
  /** A Chromium Playwright downloaded before (its browsers folder), or null. */
  playwrightChromium: string | null;
  /** A Debian-family system with apt-get. */
  debian: boolean;
  /** Root, or sudo without a password: apt-get may install. */
  mayInstallPackages: boolean;
  /** PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is not set: Playwright may download its own browser. */
  mayDownload: boolean;
}

export type BrowserChoice =
  { kind: 'found'; path: string; source: string } | { kind: 'install'; command: readonly string[]; words: string } | { kind: 'stop'; message: string };

/** The one command a person runs to get a browser on this machine. */
export function installCommand(facts: Pick<MachineFacts, 'debian'>): string {
  return facts.debian ? 'sudo apt-get install chromium' : 'npx playwright install chromium';
}

export function chooseBrowser(facts: MachineFacts): BrowserChoice {
  if (facts.chromiumPathEnv !== null) {
    // Asked for by name: never replaced by another browser behind the person's back.
    if (facts.chromiumPathEnv.exists) return { kind: 'found', path: facts.chromiumPathEnv.path, source: 'CHROMIUM_PATH' };
    return { kind: 'stop', message: `CHROMIUM_PATH is set to ${facts.chromiumPathEnv.path}, but there is no file there. Fix it, or unset it.` };
  }
  if (facts.systemChromium !== null) return { kind: 'found', path: facts.systemChromium, source: 'the system’s chromium' };
  if (facts.playwrightChromium !== null) return { kind: 'found', path: facts.playwrightChromium, source: 'Playwright’s own Chromium' };
  if (facts.debian && facts.mayInstallPackages) {
    return { kind: 'install', command: ['apt-get', 'install', '-y', 'chromium'], words: 'Installing Debian’s chromium for the end-to-end tests…' };
  }
  if (!facts.debian && facts.mayDownload) {
    return { kind: 'install', command: ['npx', 'playwright', 'install', 'chromium'], words: 'Downloading Playwright’s Chromium for the end-to-end tests…' };
  }
  return {
    kind: 'stop',
    message: `The end-to-end tests need Chromium, and this computer has none. Run:\n\n  ${installCommand(facts)}\n\nthen npm test again.`,
  };
}
