// `npm start`: run the built app in Electron when this machine has Electron's binary. The electron
// package (v45) fetches its binary lazily, on the first require('electron'); on machines without
// network access that fetch fails, so we look for the binary the same way electron-vite does
// (ELECTRON_EXEC_PATH, else node_modules/electron/path.txt + dist/) without ever requiring it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

function electronBinary(): string | undefined {
  const override = process.env['ELECTRON_EXEC_PATH'];
  if (override) return existsSync(override) ? override : undefined;
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

if (!electronBinary()) {
  console.error("Electron's binary is not available on this machine (node_modules/electron has none); use `npm run web` instead.");
  process.exit(1);
}

// `preview` builds main, preload and renderer, then starts Electron on the built files.
const result = spawnSync('electron-vite', ['preview', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
