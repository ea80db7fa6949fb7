// `node --import ./register.mjs src/main/index.ts`: every import of 'electron' (ours and
// electron-store's) gets the fake next to this file. Plain Node cannot load the real package
// without Electron's binary, which this machine does not have.
import { registerHooks } from 'node:module';

const fake = new URL('./electron.mjs', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: fake, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
