// Every section of Settings and every action of the report the palette reaches by name, as places.ts
// lists the places `g` leads to: settingsCommands.ts makes the palette's lines of these lists, and
// SettingsScreen draws its tabs from SETTINGS_SECTIONS. (A file of its own: commandActions.ts takes
// the types, and the commands take the actions.)

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
