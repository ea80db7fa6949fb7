// Writing a small file whole: to a temporary file beside it, synced to the disk, then renamed over
// it. A crash or a full disk mid-write leaves the previous file (or none), never half a file; the
// rename is atomic on one file system. The accounts, the client settings and the prepared reports
// are written this way.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileWhole(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
