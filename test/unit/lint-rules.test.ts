// Lint and format are only worth something if they can fail. This runs the repo's own ESLint config
// on deliberately broken fixtures (test/fixtures/lint, which the config and .prettierignore skip so
// the tree stays clean) and the repo's Prettier options on a badly formatted snippet.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const fixtures = join(repo, 'test/fixtures/lint');

async function lint(file: string): Promise<ESLint.LintResult> {
  // `ignore: false` lifts the config's ignore of the fixtures; everything else is the repo's config.
  const eslint = new ESLint({ cwd: repo, ignore: false });
  const [result] = await eslint.lintFiles([join(fixtures, file)]);
  if (result === undefined) throw new Error(`ESLint returned no result for ${file}`);
  return result;
}

function errorRules(result: ESLint.LintResult): (string | null)[] {
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe('lint rules', () => {
  it('fails a promise nobody awaits', async () => {
    expect(errorRules(await lint('floatingPromise.ts'))).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('fails a hook called conditionally', async () => {
    expect(errorRules(await lint('conditionalHook.ts'))).toEqual(['react-hooks/rules-of-hooks']);
  });

  it('fails a component that reads a store with getState() (issue 21: components read through hooks)', async () => {
    expect(errorRules(await lint('getStateInComponent.ts'))).toEqual(['no-restricted-syntax']);
  });

  it('applies the getState rule to the components and only there', async () => {
    const eslint = new ESLint({ cwd: repo });
    const rule = async (file: string) => {
      const config = (await eslint.calculateConfigForFile(join(repo, file))) as { rules: Record<string, unknown[] | undefined> };
      return config.rules['no-restricted-syntax']?.[0];
    };
    expect(await rule('src/renderer/components/Toolbar.tsx')).toBe(2);
    expect(await rule('src/renderer/components/settings/AccountCard.tsx')).toBe(2);
    // Actions and stores are where getState() belongs.
    expect(await rule('src/renderer/actions.ts')).toBeUndefined();
    expect(await rule('src/renderer/stores/inboxStore.ts')).toBeUndefined();
  });

  it('fails a key typed into a component: a <kbd> and an "(e)" in a tooltip (decision 0074: keys come from the command)', async () => {
    expect(errorRules(await lint('keyInComponent.tsx'))).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('passes a key written from its command, and words in brackets that are not a key', async () => {
    expect((await lint('keyFromCommand.tsx')).messages).toEqual([]);
  });

  it('applies the typed-key rule to every renderer screen but the one component that draws keys', async () => {
    const eslint = new ESLint({ cwd: repo });
    const selectors = async (file: string) => {
      const config = (await eslint.calculateConfigForFile(join(repo, file))) as { rules: Record<string, unknown[] | undefined> };
      return JSON.stringify(config.rules['no-restricted-syntax'] ?? []);
    };
    for (const file of ['src/renderer/App.tsx', 'src/renderer/components/Toolbar.tsx', 'src/renderer/components/team/ItemTeam.tsx'])
      expect(await selectors(file)).toContain("JSXOpeningElement[name.name='kbd']");
    expect(await selectors('src/renderer/components/CommandKey.tsx')).not.toContain('kbd');
    // CommandKey.tsx is still a component: the getState rule holds there too.
    expect(await selectors('src/renderer/components/CommandKey.tsx')).toContain('getState');
    expect(await selectors('src/renderer/components/Toolbar.tsx')).toContain('getState');
  });

  it('passes the same code written correctly', async () => {
    expect((await lint('clean.ts')).messages).toEqual([]);
  });

  it('applies the hook rules to renderer code and the type-aware rules everywhere', async () => {
    const eslint = new ESLint({ cwd: repo });
    const severity = async (file: string, rule: string) => {
      const config = (await eslint.calculateConfigForFile(join(repo, file))) as { rules: Record<string, unknown[] | undefined> };
      return config.rules[rule]?.[0];
    };
    expect(await severity('src/renderer/App.tsx', 'react-hooks/rules-of-hooks')).toBe(2);
    expect(await severity('src/renderer/App.tsx', 'react-hooks/exhaustive-deps')).toBe(2);
    expect(await severity('src/main/core/clock.ts', 'react-hooks/rules-of-hooks')).toBeUndefined();
    for (const file of ['src/main/core/clock.ts', 'src/renderer/App.tsx', 'test/unit/lint-rules.test.ts', 'scripts/start.ts']) {
      expect(await severity(file, '@typescript-eslint/no-floating-promises')).toBe(2);
      expect(await severity(file, '@typescript-eslint/no-misused-promises')).toBe(2);
    }
  });
});

describe('format', () => {
  async function repoOptions(filepath: string): Promise<prettier.Options> {
    const options = await prettier.resolveConfig(filepath, { editorconfig: true });
    if (options === null) throw new Error('no Prettier config found for the repo');
    return { ...options, filepath };
  }

  it('fails badly formatted code and passes the same code formatted', async () => {
    const file = join(repo, 'src/main/core/clock.ts');
    const options = await repoOptions(file);
    const bad = 'export const  greet=(name:string)=>{ return "hello " + name }\n';
    const good = "export const greet = (name: string) => {\n  return 'hello ' + name;\n};\n";
    expect(await prettier.check(bad, options)).toBe(false);
    expect(await prettier.check(good, options)).toBe(true);
  });

  it('keeps the fixtures and the docs out of the format check, and formats the sources', async () => {
    const ignorePath = join(repo, '.prettierignore');
    const info = (file: string) => prettier.getFileInfo(join(repo, file), { ignorePath: [ignorePath, join(repo, '.gitignore')] });
    expect((await info('test/fixtures/lint/floatingPromise.ts')).ignored).toBe(true);
    expect((await info('README.md')).ignored).toBe(true);
    expect((await info('src/main/core/clock.ts')).ignored).toBe(false);
    expect(await readFile(ignorePath, 'utf8')).toContain('package-lock.json');
  });
});
