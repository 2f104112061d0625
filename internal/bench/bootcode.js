// bootcode.js starts the release WASM in Node as web/static/worker.js starts
// it in the page: instantiate the compiled module, go.run, take the bridge
// once it exists, and evaluate the page's default text, with nothing called
// before. Between the steps it prints a line "phase NAME" to stdout, where
// V8's --trace-wasm-compilation-times also writes a line per function it
// compiles, so bootcode.go can tell which step compiled what. V8 buffers its
// lines and may flush half of one before a phase line is written: each phase
// line starts with a line break of its own, so that it is never the end of
// V8's (a phase run in CI once printed "Compiled function phase evaluate").
//
// Usage: node --trace-wasm-compilation-times bootcode.js WASM_EXEC WASM ARGS_JSON
'use strict';

const fs = require('fs');

const [wasmExec, wasm, args] = process.argv.slice(2);
require(wasmExec);

(async () => {
  const module = await WebAssembly.compile(fs.readFileSync(wasm));
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  console.log('\nphase instantiate');
  go.run(instance);
  const api = globalThis.taintPlayground;
  if (!api) throw new Error('the WASM did not register taintPlayground');
  console.log('\nphase start');
  const answer = api.json.evaluate(JSON.parse(fs.readFileSync(args, 'utf8')));
  if (!answer.startsWith('{"ok":true')) throw new Error(`evaluate answered ${answer.slice(0, 200)}`);
  console.log('\nphase evaluate');
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
