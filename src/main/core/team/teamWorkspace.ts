// A device's view of a team workspace: a local PouchDB (LevelDB in the device's data directory)
// that replicates live both ways with the team server, retrying with backoff while the server is
// away; the change log folded into item states; presence, outbox status, and (straight on the
// server) claims and leases. Everything written here is written locally first, so nothing is lost
// when the device is offline, closed or killed mid-replication: replication resumes from its
// checkpoints when it comes back. Credentials come from the caller (the vault) and go only into
// the HTTP client's auth option: never into a URL, a log line or an error.
// The contract and its defaults are teamWorkspaceContract.ts's; the connections and the replication
// teamReplication.ts's; how a start reads the copy localCopyReading.ts's; the checks of what arrives
// are teamAdmission.ts, contentAdmission.ts and leaseTerms.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import PouchDB from 'pouchdb';
import { ItemChangeSchema } from '../../../shared/domain/itemState.ts';
import { foldTeamLog, type FoldedItem } from './fold.ts';
import { createHybridClock } from './hybridClock.ts';
import { claimOnServer, takeLeaseOnServer } from './serverCompareAndSet.ts';
import { workspaceUrl } from './serverAddress.ts';
import type { OutboxStatusDoc, PresenceDoc, SettingsDoc, TeamDoc } from '../../../shared/domain/teamDocuments.ts';
import { changeDocId, eventDocId, logEntryOf, outboxDocId, presenceDocId, readTeamDocument } from './teamDocuments.ts';
import { TeamDocumentRefused, TeamRecordError } from './teamErrors.ts';
import { compareEntries, registerOfField } from './teamLog.ts';
import { foldSettings, readSettingsDocument, SETTINGS_PREFIX, settingsDocId } from './teamSettingsDocs.ts';
import { checkHistoryDocument, checkSettingsStamps, HistoryIndex, livePresenceOf, type PresenceEntry } from './teamAdmission.ts';
import { LeaseTerms, type LeaseTermsState } from './leaseTerms.ts';
import { ContentAdmission } from './contentAdmission.ts';
import { LocalMemo } from './localMemo.ts';
import { readLocalCopy } from './localCopyReading.ts';
import { connectToServer, replicateLive } from './teamReplication.ts';

export type { PresenceEntry } from './teamAdmission.ts';
// The contract (options, updates, what a workspace offers) is teamWorkspaceContract.ts's.
export type { ReplicationState, TeamUpdate, TeamWorkspace, TeamWorkspaceOptions } from './teamWorkspaceContract.ts';
import { DEFAULT_PRESENCE, DEFAULT_RETRY, folderName, type TeamUpdate, type TeamWorkspace, type TeamWorkspaceOptions } from './teamWorkspaceContract.ts';

const MAX_REFUSED_KEPT = 1_000;

const isLease = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && '_id' in raw && typeof raw._id === 'string' && raw._id.startsWith('lease:');

export async function openTeamWorkspace(options: TeamWorkspaceOptions): Promise<TeamWorkspace> {
  const url = workspaceUrl(options.serverUrl, options.workspace);
  const now = options.now ?? Date.now;
  const me = { member: options.member, device: options.device, now };
  const retry = options.retry ?? DEFAULT_RETRY;
  const presenceTiming = options.presence ?? DEFAULT_PRESENCE;
  mkdirSync(options.dataDir, { recursive: true });
  const local = new PouchDB(join(options.dataDir, folderName(options.workspace)));
  const silenceLimitMs = options.silenceLimitMs ?? 60_000;
  // Documents too large are refused as their answer streams past, unstored (boundedFetch.ts).
  const server = connectToServer(url, { credentials: options.credentials, silenceLimitMs, serverTimeoutMs: options.serverTimeoutMs ?? 10_000 }, (refusal) =>
    refusedDocs.push(refusal),
  );
  const clock = createHybridClock(options.device, now);

  const history = new HistoryIndex((await LocalMemo.read(local, 'history-owners'))?.contested);
  const historyMemo = new LocalMemo(local, 'history-owners', () => history.contested());
  const leases = new LeaseTerms(now, (await LocalMemo.read(local, 'lease-terms')) as LeaseTermsState | null);
  const leaseMemo = new LocalMemo(local, 'lease-terms', () => leases.state());
  const presenceDocs = new Map<string, PresenceDoc>();
  const outboxDocs = new Map<string, OutboxStatusDoc>();
  const settingsDocs = new Map<string, SettingsDoc>();
  // The latest refusals only: a member writing bad documents without end must not grow this without end.
  const refusedDocs: TeamDocumentRefused[] = [];
  /** The refusals of the batch being taken in (arrived), to tell the listeners. */
  let batchRefused: TeamDocumentRefused[] | null = null;
  function refuse(error: TeamDocumentRefused): void {
    refusedDocs.push(error);
    if (refusedDocs.length > MAX_REFUSED_KEPT) refusedDocs.shift();
    batchRefused?.push(error);
  }
  const listeners = new Set<(update: TeamUpdate) => void>();

  /** Keeps a checked document; false for a history entry kept before (never replaced). Throws TeamDocumentRefused. */
  function keep(doc: TeamDoc): boolean {
    if (doc.kind === 'change' || doc.kind === 'event') {
      const entry = logEntryOf(doc);
      const stamp = checkHistoryDocument(doc._id, doc._rev, entry, now());
      if (!history.add(doc._id, entry)) return false;
      clock.receive(stamp);
    } else if (doc.kind === 'presence') presenceDocs.set(doc._id, doc);
    else if (doc.kind === 'outbox') outboxDocs.set(doc._id, doc);
    else if (doc.kind === 'lease' && leases.observe(doc)) content.leasesChanged();
    return true;
  }

  function keepSettings(doc: SettingsDoc): void {
    checkSettingsStamps(doc, now());
    for (const field of Object.values(doc.fields)) clock.receive(field.at);
    settingsDocs.set(doc._id, doc);
  }

  /** Reads one document; a bad one is refused on its own and remembered, never thrown further. */
  function take(raw: unknown): TeamDoc | SettingsDoc | null {
    try {
      const doc = readTeamDocument(raw);
      if (doc && !keep(doc)) return null;
      const id = typeof raw === 'object' && raw !== null && '_id' in raw ? raw._id : null;
      if (doc === null && typeof id === 'string' && id.startsWith(SETTINGS_PREFIX)) {
        const settings = readSettingsDocument(raw);
        if (settings) keepSettings(settings);
        return settings;
      }
      return doc;
    } catch (error) {
      if (!(error instanceof TeamDocumentRefused)) throw error;
      refuse(error);
      historyMemo.changed();
      return null;
    }
  }

  const content = new ContentAdmission(
    leases,
    (error) => refuse(error),
    () => leaseMemo.changed(),
  );
  // In id order unless the order decides who owns an entry (then as the documents reached this device),
  // a rewritten history entry as first written (localCopyReading.ts).
  await readLocalCopy(local, take, (itemKey, entryId) => history.remembers(itemKey, entryId));

  function foldOf(itemKey: string): FoldedItem | null {
    const entries = history.entriesOf(itemKey);
    return entries ? (foldTeamLog(entries, options.member)[0] ?? null) : null;
  }

  const livePresence = (): PresenceEntry[] => livePresenceOf(presenceDocs.values(), now(), options);

  /** Takes in a batch the replication wrote into the local copy from the server, and tells the listeners once. */
  function arrived(docs: readonly unknown[]): void {
    batchRefused = [];
    const touched = new Set<string>();
    const outbox: OutboxStatusDoc[] = [];
    const settings = new Map<string, { scope: string; id: string }>();
    let presenceChanged = false;
    // Leases first: a renewal arrives after the content written under the revision it replaced.
    const ordered = [...docs].sort((a, b) => Number(!isLease(a)) - Number(!isLease(b)));
    for (const raw of ordered) {
      const doc = take(raw);
      // This device's own documents come back only when its copy was rebuilt: nothing new to tell.
      if (doc === null || doc.device === options.device) continue;
      if (doc.kind === 'change') touched.add(doc.change.itemKey);
      else if (doc.kind === 'event') touched.add(doc.itemKey);
      else if (doc.kind === 'outbox') outbox.push(doc);
      else if (doc.kind === 'presence') presenceChanged = true;
      else if (doc.kind === 'settings') settings.set(`${doc.scope}:${doc.id}`, { scope: doc.scope, id: doc.id });
      else if (doc.kind === 'content') content.offer(doc);
    }
    const admitted = content.admitted();
    const refused = batchRefused;
    batchRefused = null;
    if (touched.size === 0 && outbox.length === 0 && !presenceChanged && refused.length === 0 && settings.size === 0 && admitted.length === 0) return;
    const items = [...touched].sort().flatMap((itemKey) => foldOf(itemKey) ?? []);
    const update: TeamUpdate = {
      items,
      presence: livePresence(),
      outbox,
      refused,
      content: admitted,
      ...(settings.size > 0 ? { settings: [...settings.values()] } : {}),
    };
    for (const listener of listeners) {
      try {
        listener(update);
      } catch {
        // A listener's own failure must not stop the replication's events for the others.
      }
    }
  }

  const replication = replicateLive(
    local,
    server.remote,
    { device: options.device, silenceLimitMs, retry },
    {
      pulled: arrived,
      // Up to date: content whose lease never came is refused now (listed with the other refusals).
      pullUpToDate: () => {
        if (content.settle() > 0) arrived([]);
      },
    },
  );

  let composingTimer: NodeJS.Timeout | null = null;
  let closed = false;

  async function writePresence(itemKey: string | null): Promise<void> {
    const id = presenceDocId(options.member, options.device);
    const existing = await local.get(id).catch(() => null);
    const doc = {
      _id: id,
      ...(existing ? { _rev: existing._rev } : {}),
      kind: 'presence' as const,
      who: options.member,
      device: options.device,
      composing: itemKey,
      until: Math.floor(now()) + presenceTiming.lastsMs,
    };
    await local.put(doc);
  }

  function stampedEntry(itemKey: string, register: ReturnType<typeof registerOfField>): { hlc: string; seen: string[] } {
    const folded = foldOf(itemKey);
    // At most 64 (what other devices accept): more heads than that is a storm of concurrent edits, and the rest stay concurrent.
    return { hlc: clock.tick(), seen: folded ? folded.heads[register].slice(-64) : [] };
  }

  return {
    async record(changes) {
      // All are checked before any is stamped, so a bad one leaves nothing half-recorded.
      const checked = changes.map((candidate) => {
        const parsed = ItemChangeSchema.safeParse(candidate);
        if (!parsed.success) throw new TeamRecordError('A change to share is not a valid change.');
        if (parsed.data.who !== options.member || parsed.data.device !== options.device) {
          throw new TeamRecordError('Only this member’s changes on this device can be shared from here.');
        }
        return parsed.data;
      });
      // Stamped one by one and kept at once, so a second change to the same item names the first as seen.
      const docs = checked.map((change) => {
        const { hlc, seen } = stampedEntry(change.itemKey, registerOfField(change.field));
        const doc = { _id: changeDocId(change.itemKey, hlc), kind: 'change' as const, who: change.who, device: change.device, hlc, seen, change };
        keep(doc);
        return doc;
      });
      const results = await local.bulkDocs(docs);
      if (results.some((result) => 'error' in result && result.error)) throw new TeamRecordError('Some changes could not be saved on this device.');
    },
    async recordEvent(itemKey, event, at, outboxId) {
      const { hlc, seen } = stampedEntry(itemKey, 'visibility');
      const doc = {
        _id: eventDocId(itemKey, hlc),
        kind: 'event' as const,
        id: `${options.device}:${hlc}`,
        itemKey,
        who: options.member,
        device: options.device,
        hlc,
        seen,
        event,
        at,
        ...(outboxId === undefined ? {} : { outboxId }),
      };
      const checked = readTeamDocument(doc);
      if (checked) keep(checked);
      await local.put(doc);
    },
    items: () => foldTeamLog(history.all(), options.member),
    item: foldOf,
    choseToSendAnyway(itemKey, outboxId) {
      const entries = history.entriesOf(itemKey) ?? [];
      for (const entry of entries) {
        if (
          entry.kind === 'event' &&
          entry.event === 'reply-sent-anyway' &&
          entry.outboxId === outboxId &&
          entry.who === options.member &&
          entry.device === options.device
        )
          return true;
      }
      return false;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    claim: (key) => claimOnServer(server.direct, key, me),
    async takeLease(profileId, durationMs) {
      const answer = await takeLeaseOnServer(server.direct, profileId, durationMs, me, (lease) => leases.believedUntil(lease));
      const changed =
        answer.status === 'held-by-me'
          ? leases.observeOwn(profileId, options.member, options.device, answer.until)
          : answer.status === 'held-by-other' && leases.observeOwn(profileId, answer.holder, answer.device, answer.until);
      if (changed) {
        content.leasesChanged();
        arrived([]);
      }
      return answer;
    },
    async setComposing(itemKey) {
      if (composingTimer) clearInterval(composingTimer);
      composingTimer = null;
      await writePresence(itemKey);
      if (itemKey !== null) {
        composingTimer = setInterval(() => {
          if (!closed) writePresence(itemKey).catch(() => undefined);
        }, presenceTiming.rewriteEveryMs);
        composingTimer.unref();
      }
    },
    presence: livePresence,
    async writeOutboxStatus(status) {
      const id = outboxDocId(options.device, status.outboxId);
      const existing = await local.get(id).catch(() => null);
      const doc = { ...status, _id: id, ...(existing ? { _rev: existing._rev } : {}), kind: 'outbox' as const, who: options.member, device: options.device };
      const checked = readTeamDocument(doc);
      if (checked) keep(checked);
      await local.put(doc);
    },
    async shareContent(docs) {
      const checked = docs.map((doc) => readTeamDocument({ ...doc, who: options.member, device: options.device }));
      const results = await local.bulkDocs(checked.filter((doc) => doc !== null));
      if (results.some((result) => 'error' in result && result.error)) throw new TeamRecordError('Some content could not be saved on this device.');
    },
    outboxStatuses: () => [...outboxDocs.values()].sort((a, b) => a.at - b.at || (a._id < b._id ? -1 : 1)),
    async writeSettings(scope, id, values) {
      const docId = settingsDocId(scope, id, options.device);
      const existing = await local.get(docId).catch(() => null);
      const before = settingsDocs.get(docId)?.fields ?? {};
      const stamped = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, { value, at: clock.tick(), who: options.member, device: options.device }]),
      );
      const doc = {
        _id: docId,
        ...(existing ? { _rev: existing._rev } : {}),
        kind: 'settings' as const,
        who: options.member,
        device: options.device,
        scope,
        id,
        fields: { ...before, ...stamped },
      };
      const checked = readSettingsDocument(doc);
      await local.put(doc);
      if (checked) keepSettings(checked);
    },
    settings: (scope, id) => foldSettings([...settingsDocs.values()].filter((doc) => doc.scope === scope && doc.id === id)),
    settingsIds: (scope) => [...new Set([...settingsDocs.values()].filter((doc) => doc.scope === scope).map((doc) => doc.id))].sort(),
    timesReached: () => server.timesReached(),
    replicationState: () => replication.state(),
    entries: (itemKey) => (history.entriesOf(itemKey) ?? []).sort(compareEntries),
    members() {
      const names = new Set<string>([options.member]);
      for (const who of history.authors()) names.add(who);
      for (const doc of presenceDocs.values()) names.add(doc.who);
      for (const doc of outboxDocs.values()) names.add(doc.who);
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    refused: () => [...refusedDocs],
    async close() {
      closed = true;
      if (composingTimer) clearInterval(composingTimer);
      await replication.stop();
      listeners.clear();
      await server.close();
      await Promise.all([leaseMemo.flush(), historyMemo.flush()]);
      await local.close();
    },
  };
}
