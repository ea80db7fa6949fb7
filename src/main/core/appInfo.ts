// Facts about the app that every host (Electron, the web host, tests) reports the same way.
// Plain data, no Electron: the core must run under plain Node.
export interface AppInfo {
  readonly name: string;
  readonly title: string;
}

export const appInfo: AppInfo = {
  name: 'social-inbox',
  title: 'Social Inbox',
};
