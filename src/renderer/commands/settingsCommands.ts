// Settings and the report by name (issue 27, item 9): "team", "business hours", "logo", "pdf" each
// find a palette line. Every Settings section opens from the palette on its own tab, and every
// action of the Reports view runs from it (the view opens first). The words of each line carry what
// the section holds, since the palette matches the words a freelancer types against the line.
import { defineCommand } from './defineCommand.ts';

/** The sections of Settings, in their tab order (SettingsScreen draws its tabs from this list). */
export type SettingsSection = 'accounts' | 'webhooks' | 'app' | 'team';

export const SETTINGS_SECTIONS: readonly { section: SettingsSection; tab: string }[] = [
  { section: 'accounts', tab: 'Accounts and keys' },
  { section: 'webhooks', tab: 'Webhooks' },
  { section: 'app', tab: 'App' },
  { section: 'team', tab: 'Team' },
];

/** The palette's lines into Settings: one or more per section, each saying what is there. */
export const SETTINGS_ENTRIES: readonly { id: string; section: SettingsSection; label: string }[] = [
  { id: 'settings-accounts', section: 'accounts', label: 'Settings: accounts, clients and their keys' },
  { id: 'settings-webhooks', section: 'webhooks', label: 'Settings: webhooks (instant new comments)' },
  { id: 'settings-app', section: 'app', label: 'Settings: the app (theme, notifications, undo window, sync pace)' },
  { id: 'settings-branding', section: 'app', label: 'Settings: your name and logo on client reports, the reports folder' },
  { id: 'settings-team', section: 'team', label: 'Settings: team (invite, members, leave the team)' },
];

/** What the Reports view does, each run by name from the palette. */
export type ReportAction = 'csv' | 'pdf' | 'appendix' | 'businessHours';

export const REPORT_ENTRIES: readonly { id: string; action: ReportAction; label: string }[] = [
  { id: 'report-csv', action: 'csv', label: 'Report: download the CSV (spreadsheet)' },
  { id: 'report-pdf', action: 'pdf', label: 'Report: export the PDF (print)' },
  { id: 'report-appendix', action: 'appendix', label: 'Report: include or leave out the appendix' },
  { id: 'report-hours', action: 'businessHours', label: 'Report: this client’s business hours and reply target' },
];

export const settingsSection = defineCommand({
  id: 'settings-section',
  label: 'Open a section of Settings',
  help: false,
  palette: (actions) => SETTINGS_ENTRIES.map(({ id, section, label }) => ({ id, label, run: () => actions.openSettings(section) })),
  run: null,
});

export const reportAction = defineCommand({
  id: 'report-action',
  label: 'Run an action of the report',
  help: false,
  palette: (actions) => REPORT_ENTRIES.map(({ id, action, label }) => ({ id, label, run: () => actions.runReportAction(action) })),
  run: null,
});
