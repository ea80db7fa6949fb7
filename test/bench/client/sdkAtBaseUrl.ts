// The official SDK has its base URL written into its source (https://api.ayrshare.com/api). To run
// it, unchanged otherwise, against a sandbox on loopback, a module hook rewrites that one line as
// the SDK is loaded, to read the URL from a global the benchmark sets.
import { registerHooks } from 'node:module';

const BASE_URL_LINE = 'const BASE_URL = "https://api.ayrshare.com/api";';
const GLOBAL_NAME = '__SDK_BASE_URL__';

let hooked = false;

export async function loadSdkAt(baseUrl: string): Promise<typeof import('social-media-api').default> {
  (globalThis as Record<string, unknown>)[GLOBAL_NAME] = baseUrl;
  if (!hooked) {
    hooked = true;
    registerHooks({
      load(url, context, nextLoad) {
        const loaded = nextLoad(url, context);
        if (!url.includes('/node_modules/social-media-api/')) return loaded;
        // A loader may hand the source over as bytes; String() of an ArrayBuffer would be "[object ArrayBuffer]".
        const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
        if (!source.includes(BASE_URL_LINE)) throw new Error('social-media-api: the base URL line was not found; the SDK changed');
        return { ...loaded, source: source.replace(BASE_URL_LINE, `const BASE_URL = globalThis.${GLOBAL_NAME};`) };
      },
    });
  }
  const module = await import('social-media-api');
  return module.default;
}
