// A zod failure as one sentence a person (or the developer of the UI) can act on: where, and what
// is wrong, for the first few problems. Messages and paths may quote what the caller sent (an
// unknown key, a value a schema's message repeats), so each is shortened here, the one place every
// refusal of the bridge passes: a 7 MB string sent must not come back as a 7 MB error.

const MAX_ISSUES = 5;
/** A path segment longer than this is someone's input (an unknown or record key), not a field name. */
const MAX_PATH_SEGMENT = 100;
/** Room for the longest message a schema writes (the list of networks) plus a short quote. */
const MAX_ISSUE_MESSAGE = 400;

/** The part of a zod issue this needs (the core does not import zod itself). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** zod's unrecognized_keys: the keys themselves, which are the caller's input. */
  readonly keys?: readonly string[];
}

/** The first `max` characters and an ellipsis, or the text as it is when it is short enough. */
export function shortened(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeIssues(issues: readonly SchemaIssue[]): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.length === 0 ? '' : `${issue.path.map((segment) => shortened(String(segment), MAX_PATH_SEGMENT)).join('.')}: `;
    return `${where}${shortened(messageOf(issue), MAX_ISSUE_MESSAGE)}`;
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return parts.join('; ') + more;
}

/** zod words an unknown key as `Unrecognized key: "<the key>"`: rebuilt with each key shortened. */
function messageOf(issue: SchemaIssue): string {
  if (issue.keys === undefined || issue.keys.length === 0) return issue.message;
  const keys = issue.keys.slice(0, MAX_ISSUES).map((key) => `"${shortened(key, MAX_PATH_SEGMENT)}"`);
  const more = issue.keys.length > MAX_ISSUES ? ` and ${issue.keys.length - MAX_ISSUES} more` : '';
  return `${issue.keys.length === 1 ? 'Unknown field' : 'Unknown fields'} ${keys.join(', ')}${more}`;
}
