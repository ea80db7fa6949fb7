// Issue 28, item 8: twenty documents of 12 MiB from a member left the web host at 642 MB: PouchDB
// fetched them in one answer, held it whole and stored them, and only then did the app refuse them.
// The device now leaves each document over the size limit out of the answer as it streams past, so
// it is refused without being stored (and listed as refused), and the documents after it in the
// same batch still arrive.
import { expect, it } from 'vitest';
import { largeDocumentId } from './support/hostileTeamServer.ts';
import { eventually, runHostileCase } from './support/hostileCase.ts';

const MIB = 1024 * 1024;

it('twenty 12 MiB documents are refused unstored with bounded memory, and the small one after them arrives', { timeout: 240_000 }, async () => {
  const run = await runHostileCase({ kind: 'large-documents', count: 20, documentBytes: 12 * MIB }, 1);
  try {
    await eventually('the small document after them arrives', () => run.workspace.members().includes('mallory')); // (presence:mallory:phone)
    expect(run.peakGrowthMib()).toBeLessThan(150);
    const refused = run.workspace.refused().filter((refusal) => refusal.documentId.startsWith('change:facebook:big'));
    expect(refused.map((refusal) => refusal.documentId).sort()).toEqual(Array.from({ length: 20 }, (_, index) => largeDocumentId(index)).sort());
    expect(refused.every((refusal) => refusal.message.includes('too large'))).toBe(true);
    // Not stored: the device's copy of the workspace stays small (the twenty would be 240 MiB).
    expect(run.storedMib()).toBeLessThan(10);
  } finally {
    await run.close();
  }
});
