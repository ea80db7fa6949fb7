// The sandbox program: `npm run sandbox` runs this file, and the Electron host runs its bundle
// (out/main/sandbox.js) in a utility process. The command line itself is in commandLine.ts.
import { runMain } from './commandLine.ts';

runMain();
