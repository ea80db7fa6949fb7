// @ts-check
// Lint: typescript-eslint's strict, type-aware rules over every TypeScript file (the project service
// finds each file's tsconfig: src/renderer in tsconfig.web.json, the rest in tsconfig.node.json), the
// React hooks rules over the renderer, and plain JS rules over the few .js/.cjs/.mjs files.
// Formatting is Prettier's job (`npm run format:check`), so no rule here is about layout.
// A rule turned off or tuned below carries its reason; `test/unit/lint-rules.test.ts` proves that
// a floating promise and a conditional hook fail the lint.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const GET_STATE_IN_COMPONENT = {
  selector: "CallExpression[callee.property.name='getState']",
  message: 'A component reads a store through its hook: take the value, the action or a getter from useXStore((state) => …).',
};

// A key on screen comes from its command (decision 0074): `<CommandKey command="done" />` draws it,
// `withKey(words, 'done')` writes it in a tooltip, so a key changed in the registry changes on every
// button, hint and empty list. Typed by hand (`<kbd>e</kbd>`, title="Mark done (e)") it drifts.
// Words in brackets that are not a key ("Snooze (later today, …)") pass: only a lone key is caught.
const KEY_HINT = String.raw`/\((Esc|Enter|Tab|Shift\+?\s?[A-Za-z]|Ctrl[^)]{0,8}|⌘[^)]{0,4}|g [a-z]|[a-z0-9?\/;,.])\)/`;
const KEY_TYPED_IN_COMPONENT = [
  {
    selector: "JSXOpeningElement[name.name='kbd']",
    message: 'A key is drawn from its command: <CommandKey command="…" /> (or <KeyCap> for a key a list of data carries), in components/CommandKey.tsx.',
  },
  {
    selector: `JSXAttribute Literal[value=${KEY_HINT}]`,
    message: "A key in words comes from its command: withKey('…', 'commandId') (commands/commandKeys.ts), not a typed \"(e)\".",
  },
  {
    selector: `JSXAttribute TemplateElement[value.raw=${KEY_HINT}]`,
    message: "A key in words comes from its command: withKey('…', 'commandId') (commands/commandKeys.ts), not a typed \"(e)\".",
  },
  {
    selector: `JSXText[value=${KEY_HINT}]`,
    message: 'A key in a sentence is drawn from its command: <CommandKey command="…" />, not typed.',
  },
];

export default defineConfig([
  globalIgnores([
    'out/**',
    'dist/**',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    // Deliberately broken files for test/unit/lint-rules.test.ts, which lints them with ignores off.
    'test/fixtures/lint/**',
  ]),

  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },

  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers and booleans in messages (`HTTP ${status}`) read fine; objects, nullish values and
      // `never` still fail, since they print as "[object Object]", "undefined" or nonsense.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(false)}` and the early exit `if (aborted) return reject(reason);` in a
      // void function are how the code base writes callbacks; the rule still reports a void value
      // used as a value anywhere else.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // Bracket access marks untyped data (`doc['target']` on a Record<string, unknown> read from disk
      // or the wire); dot access is still required for declared properties.
      '@typescript-eslint/dot-notation': ['error', { allowIndexSignaturePropertyAccess: true }],
      // It asks for `x!` instead of `x as T`, which no-non-null-assertion (kept) forbids: the two fight.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
      // `async` without `await` is deliberate where an interface returns a promise: a synchronous throw
      // (`async () => refuse(...)`) then becomes a rejection the caller handles, not a crash.
      '@typescript-eslint/require-await': 'off',
      // No-op callbacks are deliberate: a silent notifier, an unsubscribe with nothing to undo, a fake.
      '@typescript-eslint/no-empty-function': 'off',
      // Data from IPC, HTTP, files and the service is checked at run time even where its declared type
      // already promises the shape (bad input must get a typed error, never a crash), and a `let`
      // assigned in a callback or across an `await` is narrowed wrongly; these two rules report
      // exactly those deliberate checks (`value ?? {}`, `String(key)` in a message, `temp?.cleanup()`).
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // `T[]` and `Array<T>` are both used (the latter for long object types, whose trailing brackets
      // are easy to miss); either way the type is the same, so no rule picks one.
      '@typescript-eslint/array-type': 'off',
      // State maps keyed by id are plain objects on purpose (zustand state, JSON on the wire):
      // deleting one key from a fresh copy is the intended update, not a Map in disguise.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // A `let` read in a callback before its one assignment (`opened?.list()` in an event handler
      // wired up while `opened` is still being created) cannot be a const without a TDZ error.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // An aborted wait rejects with `signal.reason` (typed any), as `signal.throwIfAborted()` does,
      // and callers compare it by identity: wrapping it in an Error would break that.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
      // `const { key: _key, ...rest } = record` is how the code drops a key from a copy, and a
      // leading underscore marks a parameter an interface requires but this implementation ignores.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },

  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read raw JSON from real HTTP answers, vitest matchers (`expect.stringMatching`) are typed
      // `any`, and Playwright's page callbacks have no DOM types in the Node tsconfig: the assertion
      // that follows is the type check, and a wrong shape fails the test.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `rows[0]!` under noUncheckedIndexedAccess: in a test a wrong `!` fails loudly at that line.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },

  {
    // The lint fixtures get the renderer's hook rules too, so the test can prove they fail.
    files: ['src/renderer/**/*.{ts,tsx}', 'test/fixtures/lint/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A missing dependency is a stale value on screen: an error, not a warning nobody reads. Where a
      // dependency is left out on purpose, the line says why in its disable comment.
      'react-hooks/exhaustive-deps': 'error',
      // The effects that set state do it on purpose: to reset a component's local draft when the row
      // or filter it shows changes, or to start a load whose answer arrives later. This rule, written
      // for the React Compiler (which the app does not use), reports both; each costs one extra
      // render, and rewriting them as keyed remounts would change behaviour (focus, scroll position).
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // Components read state through hooks (issue 21): `useXStore.getState()` in a component reads a
  // value its render does not follow. A handler takes its actions and getters from hooks (or runs
  // a command of commands/registry.ts). The fixture proves the rule fails (lint-rules.test.ts).
  {
    files: ['src/renderer/components/**/*.tsx', 'test/fixtures/lint/getStateInComponent.ts'],
    ignores: ['src/renderer/components/CommandKey.tsx'],
    rules: { 'no-restricted-syntax': ['error', GET_STATE_IN_COMPONENT, ...KEY_TYPED_IN_COMPONENT] },
  },
  {
    files: ['src/renderer/components/CommandKey.tsx'],
    rules: { 'no-restricted-syntax': ['error', GET_STATE_IN_COMPONENT] },
  },
  {
    // The renderer's other screens (App.tsx) type no key either.
    files: ['src/renderer/*.tsx', 'test/fixtures/lint/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...KEY_TYPED_IN_COMPONENT] },
  },

  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      // Playwright reads a fixture's first parameter as a destructuring pattern to find what it
      // depends on; `async ({}, use) =>` is how a fixture says "nothing".
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },

  {
    files: ['src/main/**', 'src/preload/**', 'src/sandbox/**', 'scripts/**', 'test/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
]);
