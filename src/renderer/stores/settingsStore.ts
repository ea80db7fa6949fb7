// The settings the screen uses (theme, undo window), kept in step with settings.changed.
import { create } from 'zustand';
import { DEFAULT_SAVED_REPLIES } from '../../shared/savedReplies.ts';
import type { Settings } from '../../shared/settings.ts';
import { call, on } from '../api/bridge.ts';

// The settings' defaults until the core answers (not imported: that would bundle zod into the page).
const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  notifications: true,
  undoSeconds: 5,
  syncPace: 'normal',
  startAtLogin: false,
  closeToTray: true,
  autoAdvance: true,
  savedReplies: DEFAULT_SAVED_REPLIES.map((reply) => ({ ...reply })),
  reportName: '',
  reportLogo: null,
  reportsFolder: null,
};

interface SettingsState {
  settings: Settings;
  load: () => Promise<void>;
  set: (settings: Settings) => void;
  setTheme: (theme: Settings['theme']) => Promise<void>;
}

export const useSettingsStore = create<SettingsState>((set) => ({
  settings: DEFAULT_SETTINGS,
  async load() {
    const result = await call('settings.get', {});
    if (result.ok) set({ settings: result.data });
  },
  set(settings) {
    set({ settings });
  },
  async setTheme(theme) {
    set((state) => ({ settings: { ...state.settings, theme } }));
    const result = await call('settings.update', { theme });
    if (result.ok) set({ settings: result.data });
  },
}));

/** Settings changed here, in another window or by the team (stores/liveUpdates.ts starts this). */
export function listenForSettings(): (() => void)[] {
  return [on('settings.changed', (settings) => useSettingsStore.getState().set(settings))];
}
