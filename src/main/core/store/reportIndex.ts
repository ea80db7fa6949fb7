// The text of migration 8's covering index for the client report, shared by the migration and the
// query that reads it (reportCommentRows.ts). SQLite reads an indexed expression from the index only
// when the query says it in exactly the same words, so both take it from here. Frozen: the index in
// every file was built from this text; a change needs a new migration that rebuilds the index (as
// migration 16 did: REPORT_INDEX_WITH_PARENT_SQL, the same index with the parent's row id).

/** The networks a row's code names: its place in this list (SQLite's instr), 0 for one not listed. */
export const REPORT_NETWORK_LIST = 'bluesky,facebook,instagram,linkedin,tiktok,twitter,youtube,threads,reddit';

/**
 * One small integer per comment: the milliseconds of its created time (the stored ISO text is always
 * toISOString's form), by account << 10, hidden << 11, the network's place in REPORT_NETWORK_LIST << 12.
 * `alias` is the table's name in the query ('' in the index).
 */
export function reportPackedExpression(alias: string): string {
  const c = alias === '' ? '' : `${alias}.`;
  return `(CAST(substr(${c}created, 21, 3) AS INTEGER) | (${c}by_account << 10) | (${c}hidden << 11) | (instr('${REPORT_NETWORK_LIST}', ${c}platform) << 12))`;
}

export const REPORT_INDEX_SQL = `CREATE INDEX comments_report ON comments(profile_id, id, ${reportPackedExpression('')},
  platform, by_account, parent_social_comment_id, social_comment_id)`;

/** Migration 16's rebuild of `comments_report`: the same entries and the parent's row id (migrationParentRowId.ts). Frozen too. */
export const REPORT_INDEX_WITH_PARENT_SQL = `CREATE INDEX comments_report ON comments(profile_id, id, ${reportPackedExpression('')},
  platform, by_account, parent_social_comment_id, social_comment_id, parent_id)`;
