// Closing the window: with "close to tray" on (and a tray to come back from) the window hides and
// the app keeps syncing; otherwise, or when the person chose Quit, it really closes.

export interface CloseDecisionInput {
  closeToTray: boolean;
  /** Quit was chosen (menu, tray, Cmd+Q, the OS logging out): never hide then. */
  quitting: boolean;
  /** A tray icon exists to bring the window back. */
  hasTray: boolean;
}

export function shouldHideOnClose(input: CloseDecisionInput): boolean {
  return input.closeToTray && input.hasTray && !input.quitting;
}

/** The parts of a BrowserWindow used to bring it to the front. */
export interface ShowableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export function showAndFocus(window: ShowableWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
