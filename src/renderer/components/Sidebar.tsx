// Clients with their unread counts and colours, networks, the views with live counts, the
// accounts (with "Connect your account"), the sync line and the theme.
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import { kindView } from '../kinds/kindViews.ts';
import { pluralNoun } from '../../shared/format/formatter.ts';
import { NETWORKS, type Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { useCountsStore } from '../stores/countsStore.ts';
import { useInboxStore, type ListView } from '../stores/inboxStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { useMainView } from '../stores/route.ts';
import { profileColor, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { useTeamStore } from '../stores/teamStore.ts';
import { ClientDot } from './ClientDot.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { SyncStatus } from './SyncStatus.tsx';
import { TeamIndicator } from './TeamIndicator.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { useCssVars } from './hooks.ts';
import { fmt } from '../logic/format.ts';
import { PLACES, type GotoView } from '../commands/places.ts';
import { commandKeyAt, commandTooltip, placeTooltip, textWithKey } from '../commands/commandKeys.ts';
import { appActions } from '../actions.ts';

/**
 * A badge counts only what asks for work, so every badge is 0 at inbox zero (what needs a reply,
 * what waits to be sent); the other views show their exact count in the list's header instead
 * (docs/decisions/0035-badges-count-work.md). Closing soon counts work too: the messages waiting for
 * a reply while their window is open (issue 27: it alone had no number). count null: no badge.
 */
type BadgeCount = 'needsReply' | 'closingSoon' | 'outbox' | 'assignedToMe';

// The views come from the one list of places (commands/places.ts); these are the ones with a badge.
// In a team only: the work assigned to this member (not done, not snoozed) is work, so it has a badge.
const BADGES: Partial<Record<ListView, BadgeCount>> = {
  needsReply: 'needsReply',
  closingSoon: 'closingSoon',
  outbox: 'outbox',
  assignedToMe: 'assignedToMe',
};

function formatCount(value: number): string {
  return value >= 10_000 ? `${fmt.number(Math.round(value / 1000))}k` : fmt.number(value);
}

/** What a badge counts, in words: its tooltip, and (for a client) the end of its accessible name. */
export function badgeMeaning(count: BadgeCount, value: number, kind: InboxItemKind | null): string {
  if (count === 'closingSoon')
    return `${fmt.number(value)} ${pluralNoun(value, { one: 'direct message waits', other: 'direct messages wait' })} for a reply while the window to answer is open`;
  if (count === 'assignedToMe') return `${fmt.number(value)} ${pluralNoun(value, { one: 'item is', other: 'items are' })} assigned to you`;
  if (count === 'outbox') return `${fmt.number(value)} ${pluralNoun(value, { one: 'reply or message waits', other: 'replies and messages wait' })} to be sent`;
  const noun = kind === null ? { one: 'comment or conversation needs', other: 'comments and conversations need' } : kindView(kind).words.needsReply;
  return `${fmt.number(value)} ${pluralNoun(value, noun)} a reply`;
}

const ICONS: Partial<Record<GotoView, string>> = {
  inbox: 'M4 5h16v10H8l-4 4z',
  closingSoon: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9',
  all: 'M4 6h16M4 12h16M4 18h16',
  done: 'M5 12.5l4.5 4.5L19 7.5',
  snoozed: 'M12 6v6l4 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  outbox: 'M4 13l2-8h12l2 8v6H4zM4 13h5l1 2h4l1-2h5',
  hidden: 'M3 12s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6zM4 20L20 4',
  assignedToMe: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6',
  posts: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  reports: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
};

function ViewIcon({ view }: { view: GotoView }) {
  return (
    <svg className="view-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[view] ?? ''} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A client's badge: what of it needs a reply (none at inbox zero), said in full to a screen reader and on hover. */
function ClientBadge({ value, kind }: { value: number; kind: InboxItemKind | null }) {
  if (value <= 0) return null;
  return (
    <span className="side-count" title={badgeMeaning('needsReply', value, kind)}>
      {formatCount(value)}
      <span className="visually-hidden">{value === 1 ? ' needs a reply' : ' need a reply'}</span>
    </span>
  );
}

export function Sidebar() {
  const filter = useInboxStore((state) => state.filter);
  const setFilter = useInboxStore((state) => state.setFilter);
  const counts = useCountsStore((state) => state.counts);
  const countedKind = useCountsStore((state) => state.kind);
  const profiles = useProfilesStore((state) => state.profiles);
  const accounts = useProfilesStore((state) => state.accounts);
  const outbox = useOutboxStore((state) => state.items);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const mainView = useMainView();
  const inTeam = useTeamStore((state) => state.joined);
  const reportsOpen = mainView === 'reports';
  const postsOpen = mainView === 'posts';

  const scoped = filter.profileId ? counts?.byProfile[filter.profileId] : counts?.total;
  const outboxCount = Object.values(outbox).filter(
    (item) =>
      (item.state === 'queued' || item.state === 'waiting' || item.state === 'sending' || item.state === 'failed') &&
      (!filter.profileId || item.profileId === filter.profileId),
  ).length;
  const linked = new Set<Network>();
  for (const profile of profiles)
    if (!filter.profileId || profile.profileId === filter.profileId) for (const network of profile.linkedNetworks) linked.add(network);
  const onlySandbox = accounts.length > 0 && accounts.every((account) => account.kind === 'sandbox');
  // The clients keep room for up to four rows (and "All clients") however short the window: styles.css.
  const clientsRef = useCssVars<HTMLElement>({ '--client-rows': String(Math.min(profiles.length + 1, 5)) });

  return (
    <nav className="sidebar" aria-label="Inbox navigation">
      <div className="brand">
        <svg className="brand-mark" width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect width="24" height="24" rx="7" className="brand-mark-bg" />
          <path d="M6 8.5h12v7H10l-4 3z" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <h1>Social Inbox</h1>
      </div>

      <section className="side-section side-views" aria-labelledby="views-heading">
        <h2 id="views-heading" className="side-heading">
          Views
        </h2>
        <ul className="side-list">
          {PLACES.filter((place) => place.sidebar && (place.team !== true || inTeam)).map((place) => {
            const { view, list } = place;
            const count = list === undefined ? null : (BADGES[list] ?? null);
            const value = count === null ? 0 : count === 'outbox' ? outboxCount : (scoped?.[count] ?? 0);
            const active =
              view === 'posts' ? postsOpen : view === 'reports' ? reportsOpen : !postsOpen && !reportsOpen && filter.view === list && filter.text === '';
            return (
              <li key={view}>
                <button
                  type="button"
                  className={`side-item${active ? ' is-active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  title={placeTooltip(place)}
                  onClick={() => appActions.gotoView(view)}
                >
                  <ViewIcon view={view} />
                  <span className="side-label">{place.title}</span>
                  {count !== null && value > 0 && (
                    <span className="side-count" title={badgeMeaning(count, value, countedKind)}>
                      {formatCount(value)}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section ref={clientsRef} className="side-section side-clients" aria-labelledby="clients-heading">
        <h2 id="clients-heading" className="side-heading">
          Clients
        </h2>
        <ul className="side-list">
          <li>
            <button
              type="button"
              className={`side-item${filter.profileId === null ? ' is-active' : ''}`}
              aria-current={filter.profileId === null ? 'true' : undefined}
              onClick={() => setFilter({ profileId: null })}
            >
              <span className="client-dot client-dot-all" aria-hidden="true" />
              <span className="side-label">All clients</span>
              <ClientBadge value={counts?.total.needsReply ?? 0} kind={countedKind} />
            </button>
          </li>
          {profiles.map((profile, index) => {
            const needsReply = counts?.byProfile[profile.profileId]?.needsReply ?? 0;
            const active = filter.profileId === profile.profileId;
            return (
              <li key={profile.profileId}>
                <button
                  type="button"
                  className={`side-item${active ? ' is-active' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  title={textWithKey(profile.title, commandKeyAt('client', index))}
                  onClick={() => setFilter({ profileId: profile.profileId })}
                >
                  <ClientDot color={profileColor(profiles, profile.profileId)} />
                  <span className="side-label">{profile.title}</span>
                  <ClientBadge value={needsReply} kind={countedKind} />
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="side-section side-networks" aria-labelledby="networks-heading">
        <h2 id="networks-heading" className="side-heading">
          Networks
        </h2>
        <ul className="side-list network-list">
          {NETWORKS.filter((network) => linked.has(network)).map((network) => {
            const active = filter.platform === network;
            return (
              <li key={network}>
                <button
                  type="button"
                  className={`side-item${active ? ' is-active' : ''}`}
                  aria-pressed={active}
                  onClick={() => setFilter({ platform: active ? null : network })}
                >
                  <NetworkIcon network={network} size={16} />
                  <span className="side-label">{NETWORK_LABELS[network]}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="side-footer">
        {onlySandbox && (
          <div className="first-run" title="Sample clients and comments to try everything safely">
            <p className="first-run-long">
              You are looking at the <strong>built-in sandbox</strong>: sample clients and comments to try everything safely.
            </p>
            {/* The narrow sidebar's form of the same notice. */}
            <p className="first-run-short" aria-hidden="true">
              Sandbox
            </p>
            <button type="button" className="button primary small first-run-connect" onClick={() => setOverlay('connect')}>
              <span className="first-run-plus" aria-hidden="true">
                +
              </span>
              <span className="first-run-connect-label">Connect your account</span>
            </button>
          </div>
        )}
        {!onlySandbox && (
          <button type="button" className="button ghost small" onClick={() => setOverlay('connect')}>
            Connect another account
          </button>
        )}
        <SyncStatus />
        <TeamIndicator />
        <div className="side-footer-row">
          <ThemeSwitch />
          <button type="button" className="icon-button" aria-label="Keyboard shortcuts" title={commandTooltip('help')} onClick={() => setOverlay('help')}>
            ?
          </button>
          <button type="button" className="icon-button" aria-label="Settings" title={commandTooltip('settings')} onClick={() => setOverlay('settings')}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      </div>
    </nav>
  );
}
