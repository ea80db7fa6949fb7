// Reads an answer with its wire schema. A missing or mistyped field the client relies on becomes a
// SchemaMismatchError naming the path ("instagram[3].commentId"), never an exception from deep
// inside the app; unknown fields pass through untouched (the schemas are loose).
import { checkShape, type WireSchema } from '../../../shared/wire/check.ts';
import { SchemaMismatchError, type WriteOutcome } from './errors.ts';

export function parseAnswer<T>(schema: WireSchema<T>, value: unknown, context: { operation: string; status: number; writeOutcome: WriteOutcome }): T {
  const checked = checkShape(schema, value);
  if (checked.ok) return checked.value;
  const first = checked.issues[0] ?? { path: '', message: 'unreadable' };
  throw new SchemaMismatchError({
    operation: context.operation,
    path: first.path,
    problem: first.message,
    status: context.status,
    writeOutcome: context.writeOutcome,
  });
}
