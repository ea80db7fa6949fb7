// Builds the store `npm run bench:store` queries (the same comments, messages and triage spread,
// triageSpread.ts) into a file that is kept, so the read figures can be timed many times, old code
// against new, without rebuilding it (issue 30's fifth round: readFilters.ts times it).
//   node test/bench/store/buildBenchStore.ts <file> [comments] [messages]   (prints the dataset's "now")
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { buildDataset } from './dataset.ts';
import { buildMessages } from './messageDataset.ts';
import { spreadTriage } from './triageSpread.ts';

const file = process.argv[2]!;
const comments = Number(process.argv[3] ?? 100_000);
const messageCount = Number(process.argv[4] ?? 50_000);
const dataset = buildDataset({ comments, posts: 600 });
const messages = buildMessages(dataset, messageCount);
const { store } = openStore(file, { clock: { now: () => dataset.now, sleep: async () => {} } });
store.upsertAccount(dataset.account);
for (const profile of dataset.profiles) store.upsertProfile(profile);
store.upsertPosts(dataset.posts);
for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);
for (const batch of messages.listings) store.ingestMessages(batch.profileId, batch.messages);
spreadTriage(store, dataset, messages);
store.close();
console.log(dataset.now);
