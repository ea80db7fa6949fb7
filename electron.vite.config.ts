// Three builds, one per Electron process, all into out/ (main, preload, renderer).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        // sandbox.js: the built-in sandbox account's service, run by the main process in a utility
        // process (out/main/sandbox.js); the main bundle itself never imports the sandbox.
        input: { index: resolve(root, 'src/main/index.ts'), sandbox: resolve(root, 'src/sandbox/cli.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot require() from node_modules, so everything but 'electron'
      // itself is bundled into the one file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: {
          // Sandboxed preloads must be CommonJS; `.cjs` because package.json says "type": "module".
          format: 'cjs',
          entryFileNames: '[name].cjs',
          codeSplitting: false,
        },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
  },
});
