// boot.js starts the engine before the page is parsed. It is a classic
// script in <head>, right after the WASM's <link rel="preload"> (mkdist
// writes the WASM's hashed name there) and before the stylesheets, so it
// runs as soon as it arrives: it starts compiling the WASM (the compilation
// streams on the browser's own threads while the page parses) and starts the
// worker, whose thread takes 60–200 ms to start and then loads wasm_exec.js,
// and gives the worker the WASM once compiled, so the Go program starts
// while the page's modules still load. bridge.js, a module that runs once
// they have arrived, adopts the worker and the compiled WASM (for restarts)
// from taintPlaygroundBoot; until then the worker's messages and errors are
// kept here, so that none is lost.
'use strict';
(() => {
  const link = document.querySelector('link[rel="preload"][href$=".wasm"]');
  const wasm = link ? WebAssembly.compileStreaming(fetch(link.href)) : Promise.reject(new Error('the page links no WASM'));
  const worker = new Worker('worker.js');
  // The worker waits for the compiled WASM, or for why there is none.
  wasm.then(
    (module) => worker.postMessage({ type: 'wasm', module }),
    (error) => worker.postMessage({ type: 'wasm', error: String((error && error.message) || error) }),
  );
  const boot = { wasm, worker, early: [], adopted: false };
  worker.addEventListener('message', (event) => {
    if (!boot.adopted) boot.early.push(event.data);
  });
  worker.addEventListener('error', (event) => {
    if (boot.adopted) return;
    event.preventDefault();
    boot.early.push({ type: 'failed', message: event.message || 'the worker script failed' });
  });
  globalThis.taintPlaygroundBoot = boot;
})();
