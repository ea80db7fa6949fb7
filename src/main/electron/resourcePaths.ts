// Where the images of resources/ are at run time: next to package.json while developing
// (`electron-vite dev`/`preview` start Electron on the project folder), and in the installed app's
// resources folder once packaged (electron-builder.yml copies resources/ there as extraResources,
// outside the asar archive, so the OS can read tray and overlay images directly).
// Joined with '/', which Windows accepts too: this layer keeps node:path out (DESIGN.md).

export interface ResourceLocation {
  isPackaged: boolean;
  /** process.resourcesPath */
  resourcesPath: string;
  /** app.getAppPath() */
  appPath: string;
}

function trimSlash(path: string): string {
  return path.replace(/[\\/]+$/, '');
}

export function resourceFile(name: string, where: ResourceLocation): string {
  const base = where.isPackaged ? where.resourcesPath : where.appPath;
  return `${trimSlash(base)}/resources/${name}`;
}

/** A file in a folder the app was given as a native path (app.getPath('userData'), …). */
export function fileIn(folder: string, name: string): string {
  return `${trimSlash(folder)}/${name}`;
}
