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
//
// The embed of a gallery example (?embed&example=<slug>, not a share link)
// starts nothing: it shows the answers the build wrote, and js/embed/lazyengine.js
// calls wake once the reader does something they do not answer. The server
// sends it embed.html, which names the WASM in a meta element instead of
// preloading it (cmd/mkdist/embedpages.go).
'use strict';
(() => {
  const link = document.querySelector('link[rel="preload"][href$=".wasm"]');
  const named = document.querySelector('meta[name="taint-playground-wasm"]');
  const wasmURL = link ? link.href : named && new URL(named.content, document.baseURI).href;
  const boot = { wasm: null, worker: null, early: [], adopted: false, lazy: false, wake };

  /** wake compiles the WASM and starts the worker that runs it. */
  function wake() {
    boot.lazy = false;
    const wasm = wasmURL ? WebAssembly.compileStreaming(fetch(wasmURL)) : Promise.reject(new Error('the page names no WASM'));
    const worker = new Worker('worker.js');
    // The worker waits for the compiled WASM, or for why there is none.
    wasm.then(
      (module) => worker.postMessage({ type: 'wasm', module }),
      (error) => worker.postMessage({ type: 'wasm', error: String((error && error.message) || error) }),
    );
    worker.addEventListener('message', (event) => {
      if (!boot.adopted) boot.early.push(event.data);
    });
    worker.addEventListener('error', (event) => {
      if (boot.adopted) return;
      event.preventDefault();
      boot.early.push({ type: 'failed', message: event.message || 'the worker script failed' });
    });
    Object.assign(boot, { wasm, worker });
  }

  // The same test as js/share.js's hasSharedState: a share link's state is in the fragment.
  const shared = /^#(?:s|%73)(?:=|%3d)/i.test(window.location.hash);
  const query = new URLSearchParams(window.location.search);
  // The embed's compact layout from the first paint: the page's parts an
  // embed hides are never laid out (js/embed/embed.js startEmbed does the rest).
  if (query.has('embed')) document.documentElement.classList.add('is-embed');
  if (query.has('embed') && query.get('example') && !shared) boot.lazy = true;
  else wake();
  globalThis.taintPlaygroundBoot = boot;
})();
