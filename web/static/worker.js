// worker.js hosts the Go WASM engine off the page's main thread. It is a
// classic worker because wasm_exec.js is a classic script.
//
// Protocol: the page first posts {type: "wasm", module}, the WASM it compiled
// (a WebAssembly.Module), or {type: "wasm", error} when it could not. Then it
// posts {id, fn, arg}, from the start: a call waits for the Go program. The
// worker answers {id, json}, the JSON text of the bridge's {ok, value} or
// {ok: false, error: {message, line, field}}. A report of 25,000 cells crosses
// as one string several times faster than as a structured clone of its
// objects. The worker also posts {type: "ready", version} once, before any
// answer, or {type: "failed", message} when the WASM cannot load or the Go
// program stops (the page then starts a new worker). Every answer also
// carries memory, the bytes of the WASM's linear memory after the call (it
// only grows), which the what-if shows for the generated cluster.
'use strict';

function failure(message) {
  return { ok: false, error: { message } };
}

// compiled is the WASM the page posts once, compiled on the main thread.
const compiled = new Promise((resolve, reject) => {
  self.addEventListener('message', function onWASM(event) {
    if (!event.data || event.data.type !== 'wasm') return;
    self.removeEventListener('message', onWASM);
    if (event.data.module instanceof WebAssembly.Module) resolve(event.data.module);
    else reject(new Error(event.data.error || 'the page sent no WASM'));
  });
});

async function loadEngine() {
  importScripts('wasm_exec.js');
  const go = new Go();
  const instance = await WebAssembly.instantiate(await compiled, go.importObject);
  linearMemory = instance.exports.mem;
  // The Go program never returns on its own: an exit or a trap (out of
  // memory, say) stops it, and the page replaces this worker.
  go.run(instance).then(
    () => postMessage({ type: 'failed', message: 'the Go program exited' }),
    (error) => postMessage({ type: 'failed', message: `the Go program failed: ${String((error && error.message) || error)}` }),
  );
  const api = globalThis.taintPlayground;
  if (!api) throw new Error('the WASM did not register taintPlayground');
  return api;
}

// linearMemory is the Go program's exported WebAssembly.Memory.
let linearMemory = null;

// engine is the bridge once the page has been told it is ready, so that the
// ready message comes before any answer: the page may post its first
// evaluate before then, and the worker answers it as soon as Go has started.
// ready resolves to what version answers, so no call into Go (and none of
// the JSON code it would compile) comes before the first evaluate.
const engine = loadEngine().then(async (api) => {
  postMessage({ type: 'ready', version: await api.ready });
  return api;
});

engine.catch((error) => postMessage({ type: 'failed', message: String((error && error.message) || error) }));

self.addEventListener('message', async (event) => {
  if (event.data.type === 'wasm') return;
  const { id, fn, arg } = event.data;
  let json;
  try {
    const api = await engine;
    // The bridge's json functions answer the envelope's JSON text directly.
    // They are its exports, declared once in Go (wasm/api's handler table):
    // anything else, an inherited name too, is refused.
    json = Object.hasOwn(api.json, fn) ? api.json[fn](arg) : JSON.stringify(failure(`unknown function ${fn}`));
  } catch (error) {
    json = JSON.stringify(failure(String((error && error.message) || error)));
  }
  postMessage({ id, json, memory: linearMemory ? linearMemory.buffer.byteLength : 0 });
});
