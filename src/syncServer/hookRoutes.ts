// What the live updates' hook identity (`<workspace>-hook`, decision 0072) may ask of the sync
// server: one thing, POST one event to its workspace's events database, with no query. On a real
// CouchDB the proxy route (POST only, the URI rewritten with its query cleared) and the events
// database's `_security` and validation function bound it; here the gate does it too, so a leaked
// hook password reads nothing and writes nowhere else, by any route (`_bulk_docs`, `_local/`, PUT).
import { eventsDatabaseName } from './eventsDesignDoc.ts';
import type { Refusal } from './memberRoutes.ts';

const SUFFIX = '-hook';

/** A hook identity's name: members cannot have one (teamAdmin.ts refuses it). */
export function isHookName(name: string): boolean {
  return name.endsWith(SUFFIX) && name.length > SUFFIX.length;
}

const HOOK_ONLY_ADDS: Refusal = { status: 403, error: 'forbidden', reason: 'The hook can only add events.' };

/** Why the hook `name` may not send this request, or null for the one it may. */
export function hookRefusal(name: string, method: string, rawUrl: string): Refusal | null {
  if (method !== 'POST' || rawUrl.includes('?')) return HOOK_ONLY_ADDS;
  const workspace = name.slice(0, -SUFFIX.length);
  let path: string;
  try {
    path = decodeURIComponent(rawUrl);
  } catch {
    return HOOK_ONLY_ADDS;
  }
  // A database name may hold '/', sent as %2F: compared decoded, and the raw path is one segment.
  const oneSegment = rawUrl.startsWith('/') && !rawUrl.slice(1).includes('/');
  return oneSegment && path === `/${eventsDatabaseName(workspace)}` ? null : HOOK_ONLY_ADDS;
}
