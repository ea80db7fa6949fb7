// npm run bench:report: the client report's figures (issue 14: a report for one client and a month
// with 100,000 comments in the store, p95 < 300 ms from request to data), printed and written into
// BENCHMARKS.md. BENCH_COMMENTS and BENCH_RUNS change the size; BENCH_WRITE=0 only prints.
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { runReportBench } from './report/runReportBench.ts';
import { reportSection, writeReportSection } from './report/section.ts';

// The machine is shared: the load at the start says whether the figures are from a quiet one.
const loadAtStart = loadavg()[0]!;
const comments = Number(process.env.BENCH_COMMENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const store = runReportBench({ comments, shape: 'store', runs });
const oneMonth = runReportBench({ comments, shape: 'one-month', runs });
const loadAtEnd = loadavg()[0]!;

const BEFORE = `How it got here. As first written (recursive SQL climbing each reply's ancestors, an object per item): store
median 357 ms, p95 431 ms; one month median 1,106 ms, p95 1,321 ms. Then one scan of the primary key, the threads climbed
by row index in memory, both months in one read, but still an object and a key string per comment (\`store/reportItems.ts\`,
\`report/firstResponses.ts\`): store median 110 ms, p95 134 ms; one month median 347 ms, p95 406 ms (measured before this change), of
which some 230 ms was the store's read, most of it SQLite handing strings (network, social ids, post id) to JavaScript.

What changed for the figures above (the report's own path; every figure unchanged: the report tests pass as they were,
and \`test/integration/store/report-sql-path.test.ts\` holds the new path to the per-item one on generated stores of both
shapes):
- **Columns of numbers, not an object per comment.** \`store/reportCommentRows.ts\` reads each row as its id, its parent's
  row id (the unique index, as before) and one small integer (the created milliseconds, by account, hidden, the network);
  only the account's replies bring strings (their social id and their parent's key, to match the outbox).
  \`report/commentResponses.ts\` climbs by row index into typed arrays; a key the outbox answered is found from the
  replies right under it, and only the rest (a reply the sync has not read yet) are looked up by key in SQL (138 keys of the
  client's 18,800 confirmed replies in the one-month shape). \`report/receivedColumns.ts\` holds the items as typed columns, which \`computeResponsiveness\` reads
  directly; a comment's key is asked of the store only for the ten slowest.
- **A covering index, with the flags computed at write** (migration 8, \`store/reportIndex.ts\`): \`comments_report\`
  is keyed by profile and row id and holds an indexed expression of the created milliseconds, flags and network, so
  the read walks a narrow index (8 MB for 137,000 rows) instead of table rows with their raw JSON, and SQLite does not
  parse a date or compare network names per row (measured: the walk 27 → 8 ms, the per-row expression 24 → 4 ms).
- **Comments per post counted by SQLite** (\`comments_by_post\`, partial index of comments by others): a range count
  per post published in the period, 6-10 ms, instead of a GROUP BY over the period's rows (72 ms).
The cost: ingest keeps two more indexes, 100,000 comments into a fresh store about 11% more CPU (3.1 → 3.45 s), the file
about 13 MB larger per 137,000 comments.

What is left in the one-month read (CPU profile of the report alone, about 200 ms a call): SQLite's read about 90 ms, of
which some 44 ms is the parent look-ups (71,000 rows with a parent, a unique-index search each) and 15-20 ms the replies'
strings; the rest the rows handed over and decoded. Tried and left off: returning the rows as JSON arrays built by
SQLite (\`json_group_array\`, then \`JSON.parse\`: no faster), the parent looked up only for the account's replies and
the comments marked replied (8 ms less, but the report would then depend on the denormalized \`replied\` flag being
right), a parent row id kept in a column by triggers (would spare the look-ups, but adds two statements to every
insert of ingest). Since then (issue 30, migration 16) the parent's row id is kept at ingest, in the reply's insert
(the parent's pages are at hand), and read from the covering index: the look-ups are gone (the read of a month of
30,000 comments 37 -> 21 ms of CPU, \`report.get\` 19 % less), for about 4 % more CPU at ingest.
The p95 is above the median mostly by garbage-collector pauses (the rows handed over are
137,000 arrays a call). Wall time is above CPU time when the two cores are shared.

Issue 30, fifth round (2026-11-29, decision 0091): the glue around the read. One sort per set of response times (a
month of one kind sorted its 46,000 times four times) and the times in typed lists (\`report/timeList.ts\`); per day
without a callback or a zone look-up per item; one string look-up less per reply of the account; comments per post
counted from the index alone (the seconds inside the period by id, the two edge seconds by their created time: 12 -> 8 ms).
Alternated on a loaded machine (load 1.7-3.6), \`npm run bench:report\`, one month: before median 206-214 ms, p95 242-255 ms,
CPU 206-207 / 223-239 ms; after median 172-174 ms, p95 177-180 ms, CPU 172-176 / 176-180 ms. What is left: the store's read
(about 80 ms), one scavenge a call (about 14 ms, while the read's 137,000 row arrays are alive) and a mark-compact about
every 20 calls (about 20 ms), the account's 43,000 replies matched to the outbox by string, the figures' business clock per
item, and the client's 600 posts listed with their latest figures (\`PostService.list\`, about 11 ms).`;

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end`;
const section = reportSection(store, oneMonth, machine, new Date().toISOString().slice(0, 10), BEFORE);
console.log(section);
if (process.env.BENCH_WRITE !== '0') writeReportSection(join(import.meta.dirname, '..', '..', 'BENCHMARKS.md'), section);
