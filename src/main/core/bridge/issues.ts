// A zod failure as one sentence a person (or the developer of the UI) can act on: where, and what
// is wrong, for the first few problems.

const MAX_ISSUES = 5;

/** The part of a zod issue this needs (the core does not import zod itself). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export function describeIssues(issues: readonly SchemaIssue[]): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `;
    return `${where}${issue.message}`;
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return parts.join('; ') + more;
}
