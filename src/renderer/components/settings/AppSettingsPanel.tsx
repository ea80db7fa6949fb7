// The app's own settings: theme, notifications, the undo window, the sync pace, start at login,
// close to the tray (only where the host has them: not in a browser). Each change is saved at once (settings.update) and the answer is shown.
// Also your name and logo on client reports (ReportBrandingFields).
import { useState } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { call } from '../../api/bridge.ts';
import { hostCapabilities } from '../../api/hostCapabilities.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { ReportBrandingFields } from './ReportBrandingFields.tsx';
import { ReportsFolderSetting } from '../ReportsFolderSetting.tsx';

type Patch = Partial<Settings>;

export function AppSettingsPanel() {
  const settings = useSettingsStore((state) => state.settings);
  const setSettings = useSettingsStore((state) => state.set);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const host = hostCapabilities();

  async function save(patch: Patch) {
    const result = await call('settings.update', patch);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setSettings(result.data);
    setMessage({ kind: 'ok', text: 'Saved.' });
  }

  return (
    <form className="form settings-form" onSubmit={(event) => event.preventDefault()}>
      <label>
        Theme
        <select value={settings.theme} onChange={(event) => void save({ theme: event.target.value as Settings['theme'] })}>
          <option value="system">As the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      {host.notify ? (
        <label className="settings-check">
          <input type="checkbox" checked={settings.notifications} onChange={(event) => void save({ notifications: event.target.checked })} />
          Notify me of new comments
        </label>
      ) : (
        <p className="muted small">Notices of new comments come from the desktop app; in a browser the sidebar’s counts show them.</p>
      )}
      <label>
        Undo window for replies (seconds, 0–30)
        <input
          type="number"
          min={0}
          max={30}
          value={settings.undoSeconds}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 0 && value <= 30) void save({ undoSeconds: value });
          }}
        />
      </label>
      <label className="settings-check">
        <input type="checkbox" checked={settings.autoAdvance} onChange={(event) => void save({ autoAdvance: event.target.checked })} />
        After sending, open the next comment or conversation
      </label>
      <label>
        Sync pace
        <select value={settings.syncPace} onChange={(event) => void save({ syncPace: event.target.value as Settings['syncPace'] })}>
          <option value="gentle">Gentle: most of the rate budget is left for replies</option>
          <option value="normal">Normal</option>
          <option value="eager">Eager: fresher comments, less room for replies</option>
        </select>
      </label>
      {host.startAtLogin && (
        <label className="settings-check">
          <input type="checkbox" checked={settings.startAtLogin} onChange={(event) => void save({ startAtLogin: event.target.checked })} />
          Start at login
        </label>
      )}
      {host.tray && (
        <label className="settings-check">
          <input type="checkbox" checked={settings.closeToTray} onChange={(event) => void save({ closeToTray: event.target.checked })} />
          Closing the window keeps the app in the tray
        </label>
      )}
      {!host.startAtLogin && <p className="muted small">Starting with the computer and the icon by the clock come with the desktop app.</p>}
      <ReportBrandingFields settings={settings} save={save} />
      <ReportsFolderSetting />
      <FormMessage message={message} />
    </form>
  );
}
