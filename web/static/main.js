// main.js is the page's one module script. It is async, so it runs as soon
// as it and bridge.js arrive, while the browser still parses the page:
// importing bridge.js starts the engine's worker and the WASM's compilation
// before anything else, as the WASM takes longest. The rest of the page's
// modules query the document, so they wait until it is parsed.
import './js/bridge.js';

if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}
await import('./js/playground.js');
