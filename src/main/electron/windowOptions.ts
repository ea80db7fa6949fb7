// The security settings of every window live here, as plain data, so a unit test can prove them
// without an Electron binary. The shape matches Electron's BrowserWindowConstructorOptions.
export interface WindowOptionsInput {
  /** Absolute path of the built preload script (one CommonJS file). */
  readonly preloadPath: string;
  readonly title: string;
}

export interface MainWindowOptions {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  readonly title: string;
  readonly show: boolean;
  readonly webPreferences: {
    readonly preload: string;
    readonly contextIsolation: true;
    readonly sandbox: true;
    readonly nodeIntegration: false;
    readonly nodeIntegrationInWorker: false;
    readonly nodeIntegrationInSubFrames: false;
    readonly webSecurity: true;
    readonly allowRunningInsecureContent: false;
    readonly experimentalFeatures: false;
    readonly webviewTag: false;
    readonly navigateOnDragDrop: false;
    readonly safeDialogs: true;
    readonly spellcheck: true;
  };
}

export function mainWindowOptions(input: WindowOptionsInput): MainWindowOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: input.title,
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // <webview> could embed any site with its own preferences; the app has no use for it.
      webviewTag: false,
      // A file dropped on the window must not replace the app with that file.
      navigateOnDragDrop: false,
      // A page that opens alert() in a loop cannot lock the person out.
      safeDialogs: true,
      // Replies are written here: spelling help is wanted.
      spellcheck: true,
    },
  };
}
