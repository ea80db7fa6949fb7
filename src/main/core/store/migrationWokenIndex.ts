// Migration 17 (issue 30, fifth round): the "Needs reply" rows whose snooze has come due, in one
// index keyed by row id (time order), with each entry's snooze time, unread flag and partition.
// The view is a walk per (profile, network, kind) of the rows never snoozed, merged by SQLite; the
// rows woken from a snooze were a second read beside it: a count of every snooze (to choose the
// smaller side), then every due snooze with a table look-up each, sorted (about half of the view's
// page with 1,000 snoozes due and 2,000 ahead). With this index they are one more arm of the same
// merge, walked newest first and decided from the entry alone; a per-partition arm instead would
// double the arms, each about as costly as the walk's own (measured: 30 more arms, 0.9 ms).
// Only snoozed rows that need a reply are in it: ingest writes no entry, a snooze writes one.
import type { Migration } from './migration.ts';

export const wokenIndex: Migration = {
  version: 17,
  name: 'index of the snoozed rows that need a reply, by row id',
  up(db) {
    db.exec(`
      CREATE INDEX inbox_needs_reply_woken ON inbox(id, snoozed_until, unread, profile_id, platform, kind)
        WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NOT NULL;
    `);
  },
};
