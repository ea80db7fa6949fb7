// The renderer's only door to the app. It will expose one function per command of the shared
// bridge contract; never ipcRenderer itself, and never an IPC event object.
import { contextBridge } from 'electron';

const api = {} as const;

contextBridge.exposeInMainWorld('api', api);
