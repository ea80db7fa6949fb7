// `npm run web` serves the built renderer (out/renderer). When there is none yet, it runs the
// project's build first, into a folder of its own, and moves the renderer into place in one rename:
// two hosts started at once (parallel tests) never serve, or build over, half a build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root, seen from src/main/web (the host runs from its sources). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
export const RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');

export class RendererBuildError extends Error {
  override readonly name = 'RendererBuildError';
}

export function isRendererBuilt(rendererDir: string = RENDERER_DIR): boolean {
  return existsSync(join(rendererDir, 'index.html'));
}

/**
 * Builds when out/renderer has no index.html; otherwise does nothing (after changing the renderer,
 * `npm run build` refreshes it). The build's own output goes to `log` (stderr), never to stdout,
 * which carries the host's one line.
 * @returns whether it built.
 */
export async function ensureRendererBuilt(log: NodeJS.WritableStream = process.stderr, root: string = REPO_ROOT): Promise<boolean> {
  const rendererDir = join(root, 'out', 'renderer');
  if (isRendererBuilt(rendererDir)) return false;
  const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  if (!existsSync(electronVite))
    throw new RendererBuildError('The renderer is not built and electron-vite is missing: run `npm install`, then `npm run build`.');

  const scratch = join(root, 'out', `.web-build-${process.pid}-${Date.now()}`);
  mkdirSync(scratch, { recursive: true });
  try {
    log.write('web host: building the renderer (out/renderer is missing)…\n');
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [electronVite, 'build', '--outDir', scratch, '--logLevel', 'warn'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new RendererBuildError(`The renderer build failed (exit ${code}); its output is above. Try \`npm run build\`.`);
    if (!isRendererBuilt(rendererDir)) {
      try {
        renameSync(join(scratch, 'renderer'), rendererDir);
      } catch (error) {
        // Another host built it in the meantime: theirs is as good as ours.
        if (!isRendererBuilt(rendererDir))
          throw new RendererBuildError(`Could not move the built renderer into place (${(error as NodeJS.ErrnoException).code}).`);
      }
    }
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
