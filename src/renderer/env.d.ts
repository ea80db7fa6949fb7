// Vite bundles stylesheets imported for their side effect; TypeScript only needs to know they exist.
// (Declared here rather than via vite/client, so the renderer depends on no build-tool types.)
declare module '*.css';
