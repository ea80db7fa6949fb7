// Accounts and profiles: who the comments belong to and which author ids are the account's own on
// each network (that decides "by the account" at ingest). Few rows, so they are also kept in memory.
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { StoreInputError } from './errors.ts';
import type { Statements } from './statements.ts';
import type { AccountRecord, NetworkIdentity, ProfileRecord } from './types.ts';

export interface KnownProfile {
  rowId: number;
  record: ProfileRecord;
}

interface ProfileRow {
  id: number;
  profile_id: string;
  account_id: string;
  title: string;
  is_primary: number;
  networks: string;
  color: string | null;
}

export class ProfileTable {
  readonly #statements: Statements;
  #byId: Map<string, KnownProfile> | null = null;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  upsertAccount(account: AccountRecord): void {
    if (!nonEmpty(account.accountId)) throw new StoreInputError('An account needs an id');
    if (account.kind !== 'sandbox' && account.kind !== 'service') throw new StoreInputError(`Unknown account kind ${String(account.kind)}`);
    this.#statements
      .get(
        `INSERT INTO accounts (account_id, title, base_url, kind) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id) DO UPDATE SET title = excluded.title, base_url = excluded.base_url, kind = excluded.kind
         WHERE (title, base_url, kind) IS NOT (excluded.title, excluded.base_url, excluded.kind)`,
      )
      .run(account.accountId, String(account.title), String(account.baseUrl), account.kind);
  }

  /** Returns whether the profile's own author ids changed (then "by the account" must be re-decided). */
  upsertProfile(profile: ProfileRecord): { rowId: number; identitiesChanged: boolean } {
    if (!nonEmpty(profile.profileId)) throw new StoreInputError('A profile needs an id');
    const account = this.#statements.get('SELECT 1 FROM accounts WHERE account_id = ?').get(profile.accountId);
    if (account === undefined) throw new StoreInputError(`Profile ${profile.profileId}: unknown account ${profile.accountId}; store the account first`);
    const networks = JSON.stringify(validNetworks(profile));
    const before = this.byProfileId(profile.profileId);
    const row = this.#statements
      .get(
        `INSERT INTO profiles (profile_id, account_id, title, is_primary, networks, color) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET account_id = excluded.account_id, title = excluded.title,
           is_primary = excluded.is_primary, networks = excluded.networks, color = excluded.color
         RETURNING id`,
      )
      .get(profile.profileId, profile.accountId, String(profile.title), profile.isPrimary ? 1 : 0, networks, profile.color ?? null) as { id: number };
    this.#byId = null;
    const identitiesChanged =
      before !== undefined && identityKey(before.record) !== identityKey({ ...profile, networks: JSON.parse(networks) as ProfileRecord['networks'] });
    return { rowId: row.id, identitiesChanged };
  }

  /** The accounts the store's rows belong to (written from accounts.json; read back only to recover a damaged one). */
  storedAccounts(): AccountRecord[] {
    const rows = this.#statements.get('SELECT account_id, title, base_url, kind FROM accounts ORDER BY rowid').all() as unknown as {
      account_id: string;
      title: string;
      base_url: string;
      kind: AccountRecord['kind'];
    }[];
    return rows.map((row) => ({ accountId: row.account_id, title: row.title, baseUrl: row.base_url, kind: row.kind }));
  }

  profiles(accountId?: string): ProfileRecord[] {
    const all = [...this.#load().values()].map((known) => known.record);
    return accountId === undefined ? all : all.filter((profile) => profile.accountId === accountId);
  }

  byProfileId(profileId: string): KnownProfile | undefined {
    return this.#load().get(profileId);
  }

  byRowId(rowId: number): KnownProfile | undefined {
    for (const known of this.#load().values()) if (known.rowId === rowId) return known;
    return undefined;
  }

  /** The profile's rows by row id, for turning query results back into profile ids. */
  profileIdsByRow(): Map<number, string> {
    return new Map([...this.#load().values()].map((known) => [known.rowId, known.record.profileId]));
  }

  #load(): Map<string, KnownProfile> {
    if (this.#byId === null) {
      const rows = this.#statements
        .get('SELECT id, profile_id, account_id, title, is_primary, networks, color FROM profiles ORDER BY id')
        .all() as unknown as ProfileRow[];
      this.#byId = new Map(rows.map((row) => [row.profile_id, { rowId: row.id, record: recordOf(row) }]));
    }
    return this.#byId;
  }
}

function recordOf(row: ProfileRow): ProfileRecord {
  return {
    accountId: row.account_id,
    profileId: row.profile_id,
    title: row.title,
    isPrimary: row.is_primary === 1,
    networks: JSON.parse(row.networks) as ProfileRecord['networks'],
    color: row.color,
  };
}

/** Only known networks with a string id are kept: an identity decides authorship, so it must be exact. */
function validNetworks(profile: ProfileRecord): Partial<Record<Network, NetworkIdentity>> {
  const networks: Partial<Record<Network, NetworkIdentity>> = {};
  for (const [platform, identity] of Object.entries(profile.networks ?? {})) {
    if (!isNetwork(platform)) throw new StoreInputError(`Profile ${profile.profileId}: unknown network ${platform}`);
    if (identity === undefined) continue;
    if (!nonEmpty(identity.id)) throw new StoreInputError(`Profile ${profile.profileId}: the ${platform} identity needs an id`);
    networks[platform] = {
      id: identity.id,
      username: String(identity.username ?? ''),
      ...(identity.displayName === undefined ? {} : { displayName: String(identity.displayName) }),
    };
  }
  return networks;
}

function identityKey(profile: ProfileRecord): string {
  return JSON.stringify(
    Object.entries(profile.networks)
      .map(([platform, identity]) => [platform, identity?.id ?? null])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
