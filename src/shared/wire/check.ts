// Checking a value against a wire schema, with issues a person can read: the path in the request
// or answer ("instagram[3].commentId") and the rule's message. The core uses this instead of zod
// itself, so zod stays a dependency of shared alone.
import type { z } from 'zod';

export type WireSchema<T> = z.ZodType<T>;

export interface ShapeIssue {
  /** "commentUrn", "postIds[3]", "instagram[3].commentId"; "" for the whole value. */
  path: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: ShapeIssue[] };

type Issue = z.core.$ZodIssue;

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

/**
 * The issue that best explains a failure. For a union (an analytics entry or a not-found entry),
 * the branch that came closest (fewest issues) tells which field is missing, so descend into it.
 */
function explain(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
    const first = closest?.[0];
    if (first) {
      const inner = explain(first);
      return { path: [...issue.path, ...inner.path], message: inner.message };
    }
  }
  return { path: [...issue.path], message: issue.message };
}

/** The issue of a value nested deeper than a recursive schema (the replies of a comment) can walk. */
const TOO_DEEP: ShapeIssue = { path: '', message: 'The value is nested too deeply to check' };

export function checkShape<T>(schema: WireSchema<T>, value: unknown): Checked<T> {
  let result: ReturnType<WireSchema<T>['safeParse']>;
  try {
    result = schema.safeParse(value);
  } catch (error) {
    // zod recurses with the value: a deep enough one overflows the stack. Answers are cut at a
    // depth long before that; this covers every other value (a request from the bridge).
    if (error instanceof RangeError) return { ok: false, issues: [TOO_DEEP] };
    throw error;
  }
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      const explained = explain(issue);
      return { path: formatPath(explained.path), message: explained.message };
    }),
  };
}
