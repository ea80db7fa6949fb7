// Pre-flight: a request is checked against the spec's rules (the wire schemas) before anything is
// sent, so a mistake is told to the person now, in words, not hours later by the service.
import { checkShape, type WireSchema } from '../../../shared/wire/check.ts';
import { RequestInvalidError } from './errors.ts';

export function checkRequest<T>(operation: string, schema: WireSchema<T>, value: unknown): T {
  const checked = checkShape(schema, value);
  if (checked.ok) return checked.value;
  throw new RequestInvalidError(operation, checked.issues);
}
