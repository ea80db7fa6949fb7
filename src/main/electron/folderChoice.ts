// The desktop app's folder dialog, for "Export all" of the prepared reports: the person picks (or
// makes) a folder; the core writes there. The path comes only from this dialog, never from the page.
import type { FolderChoicePort } from '../core/ports.ts';

/** Electron's dialog.showOpenDialog, for the window the Reports view is in. */
export type ShowOpenDialog = (options: {
  title: string;
  buttonLabel: string;
  properties: Array<'openDirectory' | 'createDirectory' | 'promptToCreate'>;
}) => Promise<{ canceled: boolean; filePaths: string[] }>;

export class FolderChoice implements FolderChoicePort {
  readonly #showOpenDialog: ShowOpenDialog;

  constructor(showOpenDialog: ShowOpenDialog) {
    this.#showOpenDialog = showOpenDialog;
  }

  async chooseFolder(title: string): Promise<string | null> {
    const answer = await this.#showOpenDialog({ title, buttonLabel: 'Save here', properties: ['openDirectory', 'createDirectory', 'promptToCreate'] });
    const folder = answer.filePaths[0];
    return answer.canceled || folder === undefined || folder === '' ? null : folder;
  }
}
