// Checks of request fields that name what is wrong, so a client (or a person with curl) can fix
// the request from the message alone.
import { badRequest, ErrorCode } from './errors.ts';

type Body = Record<string, unknown>;

export function requireString(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest(ErrorCode.missingField, `Missing required field "${field}"`);
  if (typeof value !== 'string') throw badRequest(ErrorCode.invalidField, `Field "${field}" must be a string`);
  return value;
}

export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(ErrorCode.invalidField, `Field "${field}" must be a string`);
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(ErrorCode.invalidField, `Field "${field}" must be true or false`);
  return value;
}

export function requireBoolean(body: Body, field: string): boolean {
  const value = optionalBoolean(body, field);
  if (value === undefined) throw badRequest(ErrorCode.missingField, `Missing required field "${field}"`);
  return value;
}

export function optionalStringArray(body: Body, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw badRequest(ErrorCode.invalidField, `Field "${field}" must be an array of strings`);
  }
  return value as string[];
}

/**
 * A `platforms` array whose every value is one of `allowed`. `what` names the operation in the
 * message ("Reply with a social comment id").
 */
export function platformList<T extends string>(
  body: Body,
  allowed: readonly T[],
  what: string,
  options: { required: boolean; exactlyOne?: boolean },
): T[] | undefined {
  const list = optionalStringArray(body, 'platforms');
  if (list === undefined) {
    if (options.required) throw badRequest(ErrorCode.missingField, 'Missing required field "platforms"');
    return undefined;
  }
  if (list.length === 0) throw badRequest(ErrorCode.missingField, 'Field "platforms" must name at least one network');
  for (const name of list) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw badRequest(ErrorCode.unsupportedNetwork, `${what} does not support the network "${name}"; it accepts ${allowed.join(', ')}`);
    }
  }
  const unique = [...new Set(list)] as T[];
  if (options.exactlyOne && unique.length !== 1) {
    throw badRequest(ErrorCode.invalidField, `${what} takes exactly one network in "platforms"; got ${unique.length}`);
  }
  return unique;
}

/** A boolean query parameter: absent is false; "true"/"false" only. */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(ErrorCode.invalidField, `Query parameter "${name}" must be true or false`);
}

/** A whole number in [min, max], or the default when absent. */
export function queryInteger(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(ErrorCode.invalidField, `Query parameter "${name}" must be a whole number from ${min} to ${max}`);
  }
  return value;
}

export function nonEmptyText(text: string, field: string): string {
  if (text.trim() === '') throw badRequest(ErrorCode.emptyText, `Field "${field}" must not be empty`);
  return text;
}
