// The sync's own bookkeeping, in the table it owns (`sync_cursors`): when a profile's posts were last
// discovered, since when a post's analytics are "not found", which UTC day a profile's account
// figures were last read, and why some networks gave no figures. One typed read and write per fact,
// so no caller builds a row name or parses a value (issue 21: before, eight kinds of state shared
// this table behind `cursor(name)`; thread edits, seen posts and the account list left it in
// migration 10). The row names are those the sync always used, so files of every version keep them.
import { NETWORKS, type Network } from '../../../shared/networks.ts';
import type { Statements } from './statements.ts';
import type { PostKey } from '../../../shared/domain/keys.ts';

/** A network whose daily read came back without figures: since the first such read, and the latest reason. */
export interface AccountFiguresUnread {
  network: Network;
  /** Epoch ms of the first read without figures in a row. */
  since: number;
  reason: string;
}

const discoveredAtName = (accountId: string, profileId: string) => `sync:${accountId}:${profileId}:discoveredAt`;
const analyticsNotFoundName = (key: PostKey) => `analytics:notFound:${key}`;
const accountAnalyticsDayName = (profileId: string) => `account-analytics:${profileId}`;
const accountFiguresUnreadName = (profileId: string) => `account-analytics-unread:${profileId}`;

export class SyncNotes {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /** Epoch ms of the profile's last complete discovery of posts; null when never (or unreadable). */
  discoveredAt(accountId: string, profileId: string): number | null {
    const value = Number(this.#get(discoveredAtName(accountId, profileId)) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  }

  setDiscoveredAt(accountId: string, profileId: string, at: number): void {
    this.#set(discoveredAtName(accountId, profileId), String(Math.floor(at)));
  }

  /** When the service first answered "not found for this account" for the post's analytics (ISO); null once found. */
  analyticsNotFound(key: PostKey): string | null {
    const value = this.#get(analyticsNotFoundName(key));
    return value === null || value === '' ? null : value;
  }

  setAnalyticsNotFound(key: PostKey, since: string | null): void {
    this.#set(analyticsNotFoundName(key), since ?? '');
  }

  /** The UTC day ('YYYY-MM-DD') of the profile's last complete read of account figures; null when never. */
  accountAnalyticsDay(profileId: string): string | null {
    return this.#get(accountAnalyticsDayName(profileId));
  }

  setAccountAnalyticsDay(profileId: string, day: string): void {
    this.#set(accountAnalyticsDayName(profileId), day);
  }

  /** Per network, since when and why its figures could not be read; networks in the app's order. */
  accountFiguresUnread(profileId: string): AccountFiguresUnread[] {
    return unreadNotesOf(this.#get(accountFiguresUnreadName(profileId)));
  }

  setAccountFiguresUnread(profileId: string, notes: readonly AccountFiguresUnread[]): void {
    const sorted = [...notes].sort((a, b) => (a.network < b.network ? -1 : 1));
    this.#set(
      accountFiguresUnreadName(profileId),
      JSON.stringify(Object.fromEntries(sorted.map(({ network, since, reason }) => [network, { since, reason }]))),
    );
  }

  #get(name: string): string | null {
    const row = this.#statements.get('SELECT value FROM sync_cursors WHERE name = ?').get(name) as { value: string } | undefined;
    return row?.value ?? null;
  }

  #set(name: string, value: string): void {
    this.#statements
      .get('INSERT INTO sync_cursors (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value')
      .run(name, value);
  }
}

/** The stored notes; a value that does not read is no note (the next read writes it again). */
export function unreadNotesOf(value: string | null): AccountFiguresUnread[] {
  if (value === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const notes = parsed as Record<string, unknown>;
  // A note that is not {since: number, reason: text} is left out, the others are kept.
  return NETWORKS.flatMap((network) => {
    const note = Object.hasOwn(notes, network) ? notes[network] : undefined;
    if (typeof note !== 'object' || note === null) return [];
    const { since, reason } = note as { since?: unknown; reason?: unknown };
    return typeof since === 'number' && Number.isFinite(since) && typeof reason === 'string' ? [{ network, since, reason }] : [];
  });
}
