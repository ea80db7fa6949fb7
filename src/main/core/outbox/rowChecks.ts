// The checks a stored row is read with: a value that is not what it should be stops the row with a
// reason (RowProblem), which rowCodec.ts turns into a quarantined row. Shared by the codec and by
// each task kind's reading of its own request (replyTask.ts, messageTask.ts).

export class RowProblem extends Error {}

export function problem(message: string): never {
  throw new RowProblem(message);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isText(value: unknown): value is string {
  return typeof value === 'string';
}

export function isTimestamp(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
