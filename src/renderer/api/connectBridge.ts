// Imported first by main.tsx, so this runs before the rest of the page's code is evaluated (some
// 25 ms of CPU at start): outside Electron the web host's socket is opened here and its handshake
// runs meanwhile, and the page's first calls leave as soon as the page is free. Opened at the end
// of main.tsx, the socket began its handshake only after the whole bundle (the boot benchmark,
// test/bench/ui-boot-bench.ts). In Electron the preload has set window.api already: nothing to do.
import { setHostCapabilities, WEB_HOST } from './hostCapabilities.ts';
import { installWebTransport } from './webTransport.ts';

if (installWebTransport()) setHostCapabilities(WEB_HOST);
