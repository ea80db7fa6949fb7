// Settings and the report by name (issue 27, item 9): "team", "business hours", "logo", "pdf" each
// find a palette line. Every Settings section opens from the palette on its own tab, and every
// action of the Reports view runs from it (the view opens first). The words of each line carry what
// the section holds, since the palette matches the words a freelancer types against the line.
import { defineCommand } from './defineCommand.ts';
import { REPORT_ENTRIES, SETTINGS_ENTRIES } from './settingsPlaces.ts';

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
