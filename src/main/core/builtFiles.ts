// Where the build puts each process's files (electron-vite: out/main, out/preload, out/renderer).
// Lives in the core because it is plain path arithmetic, and DESIGN.md keeps node:* out of the
// Electron adapters.
import { join } from 'node:path';

export interface BuiltFiles {
  /** The sandboxed preload: one CommonJS file. */
  readonly preload: string;
  readonly rendererHtml: string;
}

/** @param mainDir the directory of the built main script (import.meta.dirname in out/main). */
export function builtFiles(mainDir: string): BuiltFiles {
  return {
    preload: join(mainDir, '../preload/index.cjs'),
    rendererHtml: join(mainDir, '../renderer/index.html'),
  };
}
