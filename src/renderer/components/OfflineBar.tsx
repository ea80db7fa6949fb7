// A calm bar while a service cannot be reached: everything cached stays usable, replies and messages wait.
import { offlineAccounts, useStatusStore } from '../stores/statusStore.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';

export function OfflineBar() {
  const connectivity = useStatusStore((state) => state.connectivity);
  const accounts = useProfilesStore((state) => state.accounts);
  const offline = offlineAccounts(connectivity);
  if (offline.length === 0) return null;
  const names = offline.map((id) => accounts.find((account) => account.accountId === id)?.title ?? id);
  return (
    <div className="offline-bar" role="status">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 9a14 14 0 0 1 18 0M6.5 12.5a9 9 0 0 1 11 0M10 16a4 4 0 0 1 4 0M12 19.5h.01M4 4l16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <span>Offline: replies and messages will be sent when the connection is back.</span>
      {accounts.length > 1 && <span className="offline-who">{names.join(', ')}</span>}
    </div>
  );
}
