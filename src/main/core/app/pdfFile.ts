// Writes a PDF the host printed to the path the person chose in the host's save dialog (never a
// path from the renderer). Here because the Electron adapters do not touch node:fs themselves.
import { writeFile } from 'node:fs/promises';

export async function writePdfFile(path: string, bytes: Uint8Array): Promise<void> {
  await writeFile(path, bytes);
}
