// Counts per profile and view, for the sidebar and the tray. The steady part comes from the
// counters ingest and the triggers keep (inbox_counts); what depends on "now" (snoozes) is counted
// live through the small snooze indexes. Every profile is listed, even one without comments yet.
// Comments and conversations are counted apart (by kind); without a kind, both are summed.
import type { Network } from '../../../shared/networks.ts';
import { ASSIGNED_TO_ME_CONDITION } from './assignedView.ts';
import { kindCode } from './itemKinds.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { InboxItemKind, ViewCounts } from './types.ts';

export class InboxCounts {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  /** `member`: in a team, who "Assigned to me" counts for (its count is there only then). */
  counts(now: number, platforms?: readonly Network[], kind?: InboxItemKind, member: string | null = null): Record<string, ViewCounts> {
    const result: Record<string, ViewCounts> = {};
    for (const profile of this.#profiles.profiles()) {
      result[profile.profileId] = { unread: 0, needsReply: 0, all: 0, done: 0, snoozed: 0, hidden: 0, ...(member === null ? {} : { assignedToMe: 0 }) };
    }
    if (platforms?.length === 0) return result;
    const where = `${platforms === undefined ? '' : 'AND platform IN (SELECT value FROM json_each(:platforms))'} ${kind === undefined ? '' : 'AND kind = :kind'}`;
    const params: Record<string, string | number> = {
      ...(platforms === undefined ? {} : { platforms: JSON.stringify(platforms) }),
      ...(kind === undefined ? {} : { kind: kindCode(kind) }),
    };
    const names = this.#profiles.profileIdsByRow();
    const countsOf = (rowId: number): ViewCounts | undefined => {
      const profileId = names.get(rowId);
      return profileId === undefined ? undefined : result[profileId];
    };

    const steady = this.#statements
      .get(
        `SELECT profile_id, sum(all_rows) AS all_rows, sum(unread) AS unread, sum(open) AS open, sum(done) AS done, sum(hidden) AS hidden
         FROM inbox_counts WHERE 1 ${where} GROUP BY profile_id`,
      )
      .all(params) as { profile_id: number; all_rows: number; unread: number; open: number; done: number; hidden: number }[];
    for (const row of steady) {
      const counts = countsOf(row.profile_id);
      if (counts === undefined) continue;
      Object.assign(counts, { all: row.all_rows, unread: row.unread, needsReply: row.open, done: row.done, hidden: row.hidden });
    }

    const snoozed = this.#statements
      .get(`SELECT profile_id, count(*) AS n FROM inbox INDEXED BY inbox_snoozed WHERE snoozed_until > :now ${where} GROUP BY profile_id`)
      .all({ now, ...params }) as { profile_id: number; n: number }[];
    for (const row of snoozed) {
      const counts = countsOf(row.profile_id);
      if (counts !== undefined) counts.snoozed = row.n;
    }

    // Snoozes that ran out put their comments back among those that need a reply.
    const woken = this.#statements
      .get(
        `SELECT profile_id, count(*) AS n FROM inbox INDEXED BY inbox_needs_reply_snoozed
         WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NOT NULL AND snoozed_until <= :now ${where}
         GROUP BY profile_id`,
      )
      .all({ now, ...params }) as { profile_id: number; n: number }[];
    for (const row of woken) {
      const counts = countsOf(row.profile_id);
      if (counts !== undefined) counts.needsReply += row.n;
    }

    if (member !== null) {
      const assigned = this.#statements
        .get(`SELECT profile_id, count(*) AS n FROM inbox WHERE ${ASSIGNED_TO_ME_CONDITION} ${where} GROUP BY profile_id`)
        .all({ now, me: member, ...params }) as { profile_id: number; n: number }[];
      for (const row of assigned) {
        const counts = countsOf(row.profile_id);
        if (counts !== undefined) counts.assignedToMe = row.n;
      }
    }
    return result;
  }
}
