// Settings: accounts, profiles and keys; webhooks per profile; the app's own settings; the team. Opened from
// the sidebar or with Ctrl/⌘ , and closed with Esc like every overlay.
import { useEffect, useState } from 'react';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { useTeamStatusStore } from '../../stores/teamStatusStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { Dialog } from '../Dialog.tsx';
import { AccountsPanel } from './AccountsPanel.tsx';
import { AppSettingsPanel } from './AppSettingsPanel.tsx';
import { TeamSettingsPanel } from './TeamSettingsPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';
import './settings.css';

type Tab = 'accounts' | 'webhooks' | 'app' | 'team';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'accounts', label: 'Accounts and keys' },
  { tab: 'webhooks', label: 'Webhooks' },
  { tab: 'app', label: 'App' },
  { tab: 'team', label: 'Team' },
];

export function SettingsScreen() {
  // The sidebar's team line opens Settings on Team.
  const openOnTeam = useTeamStatusStore((state) => state.openOnTeam);
  const setOpenOnTeam = useTeamStatusStore((state) => state.setOpenOnTeam);
  const [tab, setTab] = useState<Tab>(openOnTeam ? 'team' : 'accounts');
  useEffect(() => {
    if (openOnTeam) setOpenOnTeam(false);
  }, [openOnTeam, setOpenOnTeam]);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const loadProfiles = useProfilesStore((state) => state.load);
  const close = () => setOverlay(null);
  useEffect(() => {
    void loadProfiles();
  }, [loadProfiles]);
  return (
    <Dialog title="Settings" className="settings-screen">
      <div className="dialog-head">
        <h2>Settings</h2>
        <button type="button" className="icon-button" aria-label="Close settings" onClick={close}>
          ×
        </button>
      </div>
      <div className="settings-tabs" role="tablist" aria-label="Settings sections">
        {TABS.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            role="tab"
            id={`settings-tab-${entry.tab}`}
            aria-controls={`settings-panel-${entry.tab}`}
            aria-selected={tab === entry.tab}
            tabIndex={tab === entry.tab ? 0 : -1}
            className={`settings-tab${tab === entry.tab ? ' is-active' : ''}`}
            onClick={() => setTab(entry.tab)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div className="settings-body" role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'accounts' && <AccountsPanel />}
        {tab === 'webhooks' && <WebhooksPanel />}
        {tab === 'app' && <AppSettingsPanel />}
        {tab === 'team' && <TeamSettingsPanel />}
      </div>
    </Dialog>
  );
}
