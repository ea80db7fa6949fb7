// What the palette asked of a screen that was not open yet: the Settings section to open on, the
// report action to run once the report is there. Each is taken once by the screen it is for.
import { create } from 'zustand';
import type { ReportAction, SettingsSection } from '../commands/settingsPlaces.ts';

interface CommandRequests {
  settingsSection: SettingsSection | null;
  reportAction: ReportAction | null;
  askSettings: (section: SettingsSection) => void;
  askReport: (action: ReportAction) => void;
  /** The section asked for, once (null when none was). */
  takeSettingsSection: () => SettingsSection | null;
  /** The report action asked for, once. */
  takeReportAction: () => ReportAction | null;
}

export const useCommandRequests = create<CommandRequests>((set, get) => ({
  settingsSection: null,
  reportAction: null,
  askSettings: (section) => set({ settingsSection: section }),
  askReport: (action) => set({ reportAction: action }),
  takeSettingsSection: () => {
    const section = get().settingsSection;
    if (section !== null) set({ settingsSection: null });
    return section;
  },
  takeReportAction: () => {
    const action = get().reportAction;
    if (action !== null) set({ reportAction: null });
    return action;
  },
}));
