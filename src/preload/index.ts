// The renderer's only door to the app: window.api, one function per command of the bridge contract
// and `on(event, cb)`; never ipcRenderer itself, and never an IPC event object (bridgeApi.ts).
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridgeApi } from './bridgeApi.ts';

contextBridge.exposeInMainWorld('api', buildBridgeApi(ipcRenderer));
