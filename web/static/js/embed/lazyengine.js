// The engine of an example's embed sleeps until the reader touches the
// frame. js/boot.js started nothing for ?embed&example=<slug>: the page
// shows the example from the answers the build wrote into examples.json
// (Engine.knowFirstAnswers), so a docs page with six such frames costs no
// WASM, no worker and no Go runtime until a reader edits, asks for
// something the build did not answer (a card's detail beyond the first
// ones, a what-if, another clock) or otherwise makes a call the page has no
// answer to. That call wakes the engine: boot.js compiles the WASM and
// starts the worker, the calls answered so far are sent to it first, so
// that its workspace is the one on screen, and from then on the engine
// answers as it does everywhere else.

/**
 * DECORATIONS are calls that only dress what is shown (the editors'
 * highlighting): they wait for the engine and never wake it.
 */
const DECORATIONS = new Set(['highlight']);

/**
 * sleepUntilTouched makes engine answer from what it knows until a call
 * needs the engine, then wakes boot's engine and adopts it. It returns what
 * engine.ready resolves to meanwhile: the versions the build wrote into the
 * page (cmd/mkdist/prerender.go), read once it is parsed.
 */
export function sleepUntilTouched(engine, boot) {
  const answered = [];
  let woken;
  const awake = new Promise((resolve) => {
    woken = resolve;
  });
  const { call, post } = engine;
  /** wake starts the engine, gives it the calls answered so far and hands the engine its own call and post back. */
  const wake = () => {
    Object.assign(engine, { call, post });
    boot.wake();
    engine.wasm = boot.wasm;
    engine.boot = boot;
    engine.ready = engine.start();
    for (const earlier of answered) engine.post(earlier.fn, earlier.arg).catch(() => {});
    // make bench measures the touched frame's first answer from this mark.
    performance.mark('engine-woken');
    woken();
  };
  engine.call = (fn, arg) => {
    const known = engine.knownAnswer(fn, arg);
    if (known) {
      answered.push({ fn, arg });
      engine.answeredAtBuild.push({ fn, arg });
      return Promise.resolve(known.value);
    }
    if (DECORATIONS.has(fn)) return awake.then(() => engine.call(fn, arg));
    wake();
    return engine.call(fn, arg);
  };
  // A call posted straight to the worker (the tests compare its answers with the build's) needs it too.
  engine.post = (fn, arg) => {
    wake();
    return engine.post(fn, arg);
  };
  return new Promise((resolve) => {
    const read = () => resolve({
      kubernetes: document.querySelector('.js-k8s-version').textContent,
      go: document.querySelector('.js-go-version').textContent,
    });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', read, { once: true });
    else read();
  });
}
