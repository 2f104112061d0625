// main.js is the page's one script. Importing bridge.js starts the engine's
// worker before anything else: the WASM takes longest to arrive, so it
// downloads and compiles while the rest of the page's modules load.
import './js/bridge.js';

await import('./js/playground.js');
