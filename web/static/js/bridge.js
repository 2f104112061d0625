// The page's side of the engine: the WASM runs in worker.js so that evaluating
// thousands of nodes never blocks typing. Each call is a message {id, fn, arg}
// answered by {id, json}: the JSON of {ok, value} or {ok: false, error}.
//
// No answer may wedge the page. An empty, unparsable or over-long answer
// rejects its call and the next call runs. A worker that stops (the Go
// program exited, say out of memory) or answers nothing within WATCHDOG_MS is
// replaced by a new one: its calls are rejected with a RestartError and the
// page is told (onRestart) so that it can say so and evaluate again.

import { sleepUntilTouched } from './embed/lazyengine.js';

/** MAX_ANSWER_LENGTH is the longest answer parsed (64 Mi characters); the engine's budget keeps reports far below it. */
export const MAX_ANSWER_LENGTH = 64 * 1024 * 1024;

/** WATCHDOG_MS is how long a call may go unanswered before the worker is restarted. */
const WATCHDOG_MS = 45_000;

/** EngineError is an error the engine returned: message, and where it points. */
export class EngineError extends Error {
  constructor({ message, line, field } = {}) {
    super(message || 'the engine failed without a message');
    this.name = 'EngineError';
    this.line = line || 0;
    this.field = field || '';
  }
}

/** RestartError rejects the calls a stopped worker left unanswered. */
export class RestartError extends EngineError {
  constructor(reason) {
    super({ message: `the engine stopped (${reason}) and was restarted` });
    this.name = 'RestartError';
    this.reason = reason;
  }
}

/** parseAnswer is the envelope an answer's JSON text holds, or an error envelope saying what is wrong with it. */
export function parseAnswer(json) {
  if (typeof json !== 'string' || json === '') return { ok: false, error: { message: 'the engine gave an empty answer' } };
  if (json.length > MAX_ANSWER_LENGTH) {
    return { ok: false, error: { message: `the engine's answer is ${json.length} characters, more than the ${MAX_ANSWER_LENGTH} the page reads` } };
  }
  try {
    const envelope = JSON.parse(json);
    if (envelope && typeof envelope === 'object') return envelope;
  } catch (error) {
    return { ok: false, error: { message: `the engine's answer cannot be read: ${error.message}` } };
  }
  return { ok: false, error: { message: 'the engine gave an answer that is not an envelope' } };
}

/** sameJSON is whether two JSON values are equal, whatever the order of their objects' members. */
function sameJSON(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJSON(a[key], b[key]));
}

/**
 * readFirstAnswers is what mkdist wrote into the page: the engine's answers,
 * [{fn, arg, answer}], to the calls a first visit makes first (evaluate of
 * the default text, then simulate of its clock; see
 * cmd/mkdist/prerender.go), or [].
 */
function readFirstAnswers() {
  const block = document.getElementById('first-answers');
  if (!block) return [];
  try {
    const answers = JSON.parse(block.textContent);
    return Array.isArray(answers) ? answers : [];
  } catch {
    return [];
  }
}

/** Engine talks to the worker that hosts the WASM. */
export class Engine {
  /**
   * boot is what boot.js started: the compiled WASM's promise, which every
   * worker instantiates, a restarted one too, and the first worker with the
   * messages it posted before the page's modules ran.
   */
  constructor(workerURL, boot) {
    this.workerURL = workerURL;
    this.wasm = boot.wasm;
    this.boot = boot;
    this.pending = new Map();
    this.nextID = 1;
    this.memory = 0;
    this.restarts = 0;
    /** firstAnswers are the answers known for the page's first calls, in their order (see knownAnswer). */
    this.firstAnswers = readFirstAnswers();
    /** called are the functions called so far. */
    this.called = new Set();
    /** answeredAtBuild are the calls, {fn, arg}, answered with firstAnswers before the worker answered. */
    this.answeredAtBuild = [];
    /** onRestart(reason) runs after a stopped worker was replaced; the page sets it. */
    this.onRestart = () => {};
    // An example's embed starts no engine until the reader touches it (js/embed/lazyengine.js).
    this.ready = boot.lazy ? sleepUntilTouched(this, boot) : this.start();
  }

  /** start launches a worker, or adopts boot.js's first one, and returns the promise of its version. */
  start() {
    this.started = false;
    this.failure = null;
    const booted = this.boot && this.boot.worker;
    const worker = booted || new Worker(this.workerURL);
    this.worker = worker;
    const ready = new Promise((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    // The page may ask for ready only after the worker has failed; that is
    // when it handles the failure, so an early one is not "unhandled".
    ready.catch(() => {});
    // A replaced worker may still post; only the current one is heard.
    worker.addEventListener('message', (event) => {
      if (worker === this.worker) this.receive(event.data);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === this.worker) this.stopped(event.message || 'the worker script failed');
    });
    if (booted) {
      // boot.js gives this worker the WASM.
      const { early } = this.boot;
      this.boot.adopted = true;
      this.boot = null;
      for (const message of early) this.receive(message);
      return ready;
    }
    // The worker waits for the compiled WASM, or for why there is none.
    this.wasm.then(
      (module) => worker.postMessage({ type: 'wasm', module }),
      (error) => worker.postMessage({ type: 'wasm', error: String((error && error.message) || error) }),
    );
    return ready;
  }

  receive(message) {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'ready') {
      this.started = true;
      this.settleReady.resolve(message.version);
      return;
    }
    if (message.type === 'failed') {
      this.stopped(message.message);
      return;
    }
    // The WASM's linear memory in bytes after the call (see worker.js).
    if (typeof message.memory === 'number') this.memory = message.memory;
    const call = this.pending.get(message.id);
    if (!call) return;
    this.settle(message.id, call);
    const result = parseAnswer(message.json);
    if (result.ok) call.resolve(result.value);
    else call.reject(new EngineError(result.error));
  }

  /** settle forgets a call and its watchdog. */
  settle(id, call) {
    clearTimeout(call.watchdog);
    this.pending.delete(id);
  }

  /**
   * stopped handles a worker that can no longer answer. One that never
   * loaded fails for good (the page says so; a reload may help); one that
   * ran is replaced, and its unanswered calls are rejected.
   */
  stopped(reason) {
    if (!this.started) {
      this.fail(reason);
      return;
    }
    this.worker.terminate();
    this.rejectPending(new RestartError(reason));
    this.restarts++;
    this.ready = this.start();
    this.onRestart(reason);
  }

  /** fail rejects the ready promise and every call still waiting. */
  fail(reason) {
    const error = new EngineError({ message: reason });
    this.failure = error;
    this.settleReady.reject(error);
    this.rejectPending(error);
  }

  /** rejectPending rejects every call still waiting with error. */
  rejectPending(error) {
    for (const [id, call] of this.pending) {
      this.settle(id, call);
      call.reject(error);
    }
  }

  /**
   * call runs one bridge function in the worker and resolves with its value.
   * A call the page was given the answer to (knownAnswer) resolves at once;
   * the worker still runs it, so that its engine holds the workspace the
   * later calls (explain, simulate, the what-if) are about.
   */
  call(fn, arg) {
    const answered = this.post(fn, arg);
    const known = this.knownAnswer(fn, arg);
    if (!known) return answered;
    answered.catch(() => {});
    // make bench reads when the WASM's own answer came, the first verdict it would have given.
    if (fn === 'evaluate') answered.then(() => performance.mark('first-answer-from-worker'), () => {});
    this.answeredAtBuild.push({ fn, arg });
    return Promise.resolve(known.value);
  }

  /**
   * knownAnswer is the envelope firstAnswers holds for this call, or null. It
   * holds one only for the next of them in order, for the first call of its
   * function, with an equal argument: a timeline is known only for the
   * workspace whose evaluate was. A call that does not match, or a second
   * call of a function, drops them all.
   */
  knownAnswer(fn, arg) {
    const first = this.firstAnswers[0];
    const repeated = this.called.has(fn);
    this.called.add(fn);
    if (!first || (first.fn !== fn && !repeated)) return null;
    if (repeated || !sameJSON(first.arg, arg) || !first.answer || !first.answer.ok) {
      this.firstAnswers = [];
      return null;
    }
    this.firstAnswers = this.firstAnswers.slice(1);
    return first.answer;
  }

  /**
   * knowFirstAnswers takes the answers, [{fn, arg, answer}], to the calls the
   * page is about to make first (an example link's, from examples.json) in
   * place of those index.html carries, unless it has called one already.
   */
  knowFirstAnswers(answers) {
    if (!answers.some(({ fn }) => this.called.has(fn))) this.firstAnswers = answers;
  }

  /** post sends one call to the worker and resolves with the value it answers. */
  post(fn, arg) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      const watchdog = setTimeout(() => {
        if (this.pending.has(id)) this.stopped(`no answer to ${fn} within ${WATCHDOG_MS / 1000} s`);
      }, WATCHDOG_MS);
      this.pending.set(id, { resolve, reject, watchdog });
      try {
        this.worker.postMessage({ id, fn, arg });
      } catch (error) {
        this.settle(id, this.pending.get(id));
        reject(new EngineError({ message: `the call cannot be sent to the engine: ${error.message}` }));
      }
    });
  }
}

/**
 * engine is the page's one engine, on the worker and WASM js/boot.js started
 * before the page was parsed (without them, it says the engine cannot load).
 */
export const engine = new Engine('worker.js', globalThis.taintPlaygroundBoot || {
  wasm: Promise.reject(new Error('js/boot.js did not run')),
  worker: null,
});
