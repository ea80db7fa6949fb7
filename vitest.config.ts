// Two projects: `unit` (fast, no I/O beyond temp files) and `integration` (real processes and
// sockets on loopback, so longer timeouts). The machine has 2 cores, hence at most 2 workers.
import { defineConfig } from 'vitest/config';
import { useNodeCompileCache } from './test/setup/compileCache.ts';

// Before the workers start: they and the processes the tests spawn inherit it.
useNodeCompileCache();

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/setup/fastCheckSeed.ts'],
          environment: 'node',
          // A guard against hangs, not a speed target: the sync tests simulate hours on a stepping
          // clock and took just over the default 5 s once on a loaded machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          setupFiles: ['test/setup/fastCheckSeed.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // The chaos suite: damaged files and hostile answers, each asserting the app starts, nothing
        // pending is lost and the user is told in words. `npm test` runs its short form;
        // `npm run test:chaos` sets CHAOS_LONG=1 for every page of every table and more rounds.
        test: {
          name: 'chaos',
          include: ['test/chaos/**/*.test.ts'],
          setupFiles: ['test/setup/fastCheckSeed.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
