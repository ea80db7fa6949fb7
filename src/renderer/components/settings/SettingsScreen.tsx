// Settings: accounts, profiles and keys; webhooks per profile; the app's own settings; the team. Opened from
// the sidebar or with Ctrl/⌘ , and closed with Esc like every overlay.
import { useEffect, useState } from 'react';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { useTeamStatusStore } from '../../stores/teamStatusStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { useCommandRequests } from '../../stores/commandRequests.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../commands/settingsPlaces.ts';
import { Dialog } from '../Dialog.tsx';
import { AccountsPanel } from './AccountsPanel.tsx';
import { AppSettingsPanel } from './AppSettingsPanel.tsx';
import { TeamSettingsPanel } from './TeamSettingsPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';
import './settings.css';

type Tab = SettingsSection;
// One list of the sections: the palette opens each by name (settingsCommands.ts).
const TABS = SETTINGS_SECTIONS.map(({ section, tab }) => ({ tab: section, label: tab }));

export function SettingsScreen() {
  // The sidebar's team line opens Settings on Team.
  const openOnTeam = useTeamStatusStore((state) => state.openOnTeam);
  const setOpenOnTeam = useTeamStatusStore((state) => state.setOpenOnTeam);
  const takeSettingsSection = useCommandRequests((state) => state.takeSettingsSection);
  const [tab, setTab] = useState<Tab>(() => takeSettingsSection() ?? (openOnTeam ? 'team' : 'accounts'));
  useEffect(() => {
    if (openOnTeam) setOpenOnTeam(false);
  }, [openOnTeam, setOpenOnTeam]);
  // The palette asked for a section while Settings was open: show it.
  const asked = useCommandRequests((state) => state.settingsSection);
  useEffect(() => {
    if (asked === null) return;
    const section = takeSettingsSection();
    if (section !== null) setTab(section);
  }, [asked, takeSettingsSection]);
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
