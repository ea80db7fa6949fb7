// The web host stops when its parent process goes (npm passed a signal to the shell only).
import { expect, it } from 'vitest';
import { onParentGone } from '../../../src/main/web/parentWatch.ts';

it('calls stop once the parent process id changes, and only once', async () => {
  let parent = 100;
  let stops = 0;
  onParentGone(
    () => stops++,
    1,
    () => parent,
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stops).toBe(0);
  parent = 1;
  for (let turn = 0; turn < 200 && stops === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stops).toBe(1);
});

it('stops watching when asked', async () => {
  let parent = 100;
  let stops = 0;
  const cancel = onParentGone(
    () => stops++,
    1,
    () => parent,
  );
  cancel();
  parent = 1;
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stops).toBe(0);
});
