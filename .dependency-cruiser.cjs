// The import rules of DESIGN.md ("Rules that keep the house standing"), checked in `npm test`.
// Each layer is a whitelist: a file may import its own layer plus exactly what the table allows;
// anything else (another layer, an npm package, a node builtin) is a violation. Type-only imports
// count too: a type pulled from 'electron' into the core is still a dependency on Electron.
//
// Paths are relative to the directory depcruise runs in (the repo root; the import-rules test runs
// it in a fixture tree with the same layout).

const NODE_MODULES = '(^|/)node_modules/';
/** An npm package (and its @types twin, for type-only imports) as a path pattern. */
const pkg = (name) => `${NODE_MODULES}(@types/)?${name}/`;

const layers = {
  shared: '^src/shared/',
  sandbox: '^src/sandbox/',
  syncServer: '^src/syncServer/',
  mainCore: '^src/main/core/',
  mainElectron: '^src/main/(electron/|index\\.ts$)',
  mainWeb: '^src/main/web/',
  preload: '^src/preload/',
  renderer: '^src/renderer/',
};

// The renderer's libraries. Adding a UI library to the renderer means adding it here, on purpose.
// uplot: small canvas time-series charts for the metric panels and sparklines (issue 7 asks for a chart library, not hand-drawn SVG).
const RENDERER_LIBRARIES = ['react', 'react-dom', 'zustand', 'uplot'].map(pkg);

/**
 * One rule per row of the table: a dependency of a file under `from` is reported when it lies
 * outside every `allowed` path and, for rows that allow node:*, is not a Node builtin.
 * Unresolvable imports are left to 'not-to-unresolvable', so each is reported once.
 */
function layerRule(name, from, allowed, { builtins = false, comment }) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: {
      pathNot: allowed,
      couldNotResolve: false,
      ...(builtins ? { dependencyTypesNot: ['core'] } : {}),
    },
  };
}

module.exports = {
  forbidden: [
    layerRule('shared-imports-only-zod', layers.shared, [layers.shared, pkg('zod')], {
      comment: 'shared is pure TypeScript that runs anywhere: it may import zod only.',
    }),
    layerRule('sandbox-imports-only-shared-and-node', layers.sandbox, [layers.sandbox, layers.shared], {
      builtins: true,
      comment: 'The sandbox service may import shared and node:* only.',
    }),
    layerRule('core-imports-only-shared-node-undici', layers.mainCore, [layers.mainCore, layers.shared, pkg('undici'), pkg('pouchdb')], {
      builtins: true,
      comment:
        'main/core is plain Node: shared, node:*, undici, and pouchdb for the team inbox (issue 22). Never electron; the sandbox only through an injected factory.',
    }),
    layerRule('sync-server-imports-only-node-express-pouchdb', layers.syncServer, [layers.syncServer, pkg('express'), pkg('express-pouchdb'), pkg('pouchdb')], {
      builtins: true,
      comment: 'The sync server for development and CI (issue 22): node:*, express, express-pouchdb and pouchdb; nothing of the app.',
    }),
    layerRule(
      'electron-host-imports-only-core-shared-electron',
      layers.mainElectron,
      [layers.mainElectron, layers.mainCore, layers.shared, pkg('electron'), pkg('electron-store')],
      { comment: 'main/electron and main/index.ts may import main/core, shared, electron, electron-store.' },
    ),
    layerRule('web-host-imports-only-core-shared-node-sandbox', layers.mainWeb, [layers.mainWeb, layers.mainCore, layers.shared, layers.sandbox, pkg('ws')], {
      builtins: true,
      comment:
        "main/web may import main/core, shared, node:* and sandbox, and 'ws' for the bridge socket's server: Node has a WebSocket client but no server, and writing the protocol ourselves is what a reviewed, widely used package is for.",
    }),
    layerRule('preload-imports-only-shared-and-electron', layers.preload, [layers.preload, layers.shared, pkg('electron')], {
      comment: 'The preload may import shared and electron (contextBridge, ipcRenderer) only.',
    }),
    layerRule('renderer-imports-only-shared-and-ui-libraries', layers.renderer, [layers.renderer, layers.shared, ...RENDERER_LIBRARIES], {
      comment:
        'The renderer talks to window.api only: shared, react, react-dom, zustand and its UI libraries; never main, sandbox, preload, electron or node:*.',
    }),
    {
      name: 'bridge-and-notifications-do-not-import-app',
      comment:
        'app/ composes the core, so the rooms it wires (bridge/, notifications/) must not import it: what they share with app/ lives below it (src/main/core/ports.ts). So do the errors the bridge maps to answers (src/main/core/refusal.ts, settingsSaveError.ts).',
      severity: 'error',
      from: { path: '^src/main/core/(bridge|notifications)/' },
      to: { path: '^src/main/core/app/' },
    },
    {
      name: 'every-file-belongs-to-a-layer',
      comment: 'A file under src/ outside the layers of DESIGN.md would escape every rule above.',
      severity: 'error',
      from: { path: '^src/', pathNot: Object.values(layers) },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'Cycles make layers impossible to reason about and to load in order.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve fails at run time (or hides a misspelt path).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Count `import type` too: a type import is still an arrow on the layer diagram.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Node's own resolution order plus TypeScript sources, so `./x.ts` and `./App.tsx` resolve.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
