// The troubles the core reports, told above the inbox in words until they are over: the store was
// rebuilt (until the person dismisses it), a key to enter again (until it is entered: the button
// opens Settings → Accounts, where it goes), and the outbox's health (OutboxHealthBanner.tsx).
import type { SyncProblem } from '../../shared/domain/status.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { Notice } from './Notice.tsx';
import { OutboxHealthBanner } from './OutboxHealthBanner.tsx';
import { TeamNotices } from './team/TeamNotices.tsx';

export function StatusNotices() {
  return (
    <>
      <StoreRecoveryNotice />
      <KeyProblemNotice />
      <OutboxHealthBanner />
      <TeamNotices />
    </>
  );
}

function StoreRecoveryNotice() {
  const recovery = useStatusStore((state) => state.storeRecovery);
  const acknowledge = useStatusStore((state) => state.acknowledgeStoreRecovery);
  if (!recovery) return null;
  return (
    <Notice label="The inbox was rebuilt">
      <p className="notice-message" role="status">
        {recovery.reason}
      </p>
      <div className="notice-actions">
        <button type="button" className="button small" onClick={() => void acknowledge()}>
          Dismiss
        </button>
      </div>
    </Notice>
  );
}

function KeyProblemNotice() {
  const problem = useStatusStore((state) => state.keyProblem);
  const accounts = useProfilesStore((state) => state.accounts);
  const profiles = useProfilesStore((state) => state.profiles);
  const openKeysOf = useUiStore((state) => state.openKeysOf);
  if (!problem) return null;
  const who = whoseKey(problem, accounts, profiles);
  const profileKey = problem.message.includes('Profile-Key');
  return (
    <Notice label="An API key is needed">
      <p className="notice-message" role="alert">
        <strong>{who} cannot sync until its key is entered again.</strong> {inWords(problem, accounts)}
      </p>
      <div className="notice-actions">
        <button type="button" className="button small primary" onClick={() => openKeysOf(problem.accountId, !profileKey)}>
          Open Settings → Accounts
        </button>
      </div>
    </Notice>
  );
}

/** The core names the account by its id ("the API key of account acc-1"): the person knows it by its title. */
function inWords(problem: SyncProblem, accounts: { accountId: string; title: string }[]): string {
  const title = accounts.find((entry) => entry.accountId === problem.accountId)?.title;
  return title === undefined ? problem.message : problem.message.replaceAll(`account ${problem.accountId}`, `“${title}”`);
}

/** The account (and the client profile, for a profile's key) by the names the person gave them. */
function whoseKey(problem: SyncProblem, accounts: { accountId: string; title: string }[], profiles: { profileId: string; title: string }[]): string {
  const account = accounts.find((entry) => entry.accountId === problem.accountId)?.title;
  const profile = problem.profileId === null ? undefined : profiles.find((entry) => entry.profileId === problem.profileId)?.title;
  const accountWords = account === undefined ? 'An account' : `“${account}”`;
  // A profile's own key (not the account's API key): name the client too, when it is not the account itself.
  if (profile !== undefined && profile !== account && problem.message.includes('Profile-Key')) return `${profile} of ${accountWords}`;
  return accountWords;
}
