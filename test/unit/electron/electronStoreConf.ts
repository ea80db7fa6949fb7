// electron-store imports electron, which plain Node cannot load; its whole file handling is its
// base class, `conf`. Tests use the very `conf` electron-store resolves to (electron-store 12
// brings its own, newer than the one the benchmarks use), on real files in a temp directory.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TolerantStoreOptions, WholeStore } from '../../../src/main/electron/jsonStoreFile.ts';

const require = createRequire(import.meta.url);
// electron-store's exports hide package.json, so its entry file gives the folder.
const electronStoreDir = dirname(require.resolve('electron-store'));
const confEntry = createRequire(`${electronStoreDir}/index.js`).resolve('conf');

type ConfClass = new (options: Record<string, unknown>) => WholeStore & { path: string };
const { default: Conf } = (await import(pathToFileURL(confEntry).href)) as { default: ConfClass };

/** What index.ts does with `new Store({name, ...options})`, with an absolute cwd instead of userData. */
export function openConf(cwd: string, name: string) {
  return (options: TolerantStoreOptions) => new Conf({ cwd, configName: name, ...options });
}

export const confVersionPath = confEntry;
