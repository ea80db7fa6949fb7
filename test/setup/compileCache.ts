// Node's compile cache for every process the tests start (web hosts, sandboxes, sync servers, app
// cores' CLIs): each one otherwise strips the types of and compiles the same few hundred source
// files again. Measured: the web host's modules load with about half the CPU time with the cache
// warm (1.2 s -> 0.6 s), and the end-to-end suite starts a web host for every test. Node keys each
// entry by the file's content, so an edited source is compiled afresh. Set by the Vitest and
// Playwright configs before their workers start, so every child process inherits it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Node's own `module.enableCompileCache()` puts it by default. */
export const COMPILE_CACHE_DIR = join(tmpdir(), 'node-compile-cache');

/** Sets NODE_COMPILE_CACHE for this process's children, unless the caller chose a folder already. */
export function useNodeCompileCache(): void {
  process.env['NODE_COMPILE_CACHE'] ??= COMPILE_CACHE_DIR;
}
