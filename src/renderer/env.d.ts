// Vite bundles stylesheets imported for their side effect; TypeScript only needs to know they exist.
// (Declared here rather than via vite/client, so the renderer depends on no build-tool types.)
declare module '*.css';

// window.api: what the preload (Electron) or the web host's transport puts there. Deliberately
// untyped per command here; api/bridge.ts is the one typed way to use it.
type RendererBridgeApi = Readonly<
  Record<import('../shared/bridge/contract.ts').CommandName, (input?: unknown) => Promise<import('../shared/bridge/result.ts').BridgeResult<unknown>>>
> & {
  readonly on: (event: import('../shared/bridge/contract.ts').EventName, listener: (payload: unknown) => void) => () => void;
};

interface Window {
  api?: RendererBridgeApi;
}
