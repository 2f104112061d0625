// main.js is the page's one module script. js/boot.js has already started
// the engine's worker and the WASM's compilation; bridge.js adopts them. It
// is async, so it runs as soon as it and its modules arrive, while the
// browser may still parse the page; the rest of the page's modules query the
// document, so they wait until it is parsed.
import './js/bridge.js';

if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}
await import('./js/playground.js');
