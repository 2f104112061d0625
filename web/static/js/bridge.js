// The page's side of the engine: the WASM runs in worker.js so that evaluating
// thousands of nodes never blocks typing. Each call is a message {id, fn, arg}
// answered by {id, json}: the JSON of {ok, value} or {ok: false, error}.

/** EngineError is an error the engine returned: message, and where it points. */
class EngineError extends Error {
  constructor({ message, line, field } = {}) {
    super(message || 'the engine failed without a message');
    this.name = 'EngineError';
    this.line = line || 0;
    this.field = field || '';
  }
}

/** Engine talks to the worker that hosts the WASM. */
export class Engine {
  constructor(workerURL) {
    this.pending = new Map();
    this.nextID = 1;
    this.memory = 0;
    this.worker = new Worker(workerURL);
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    // The page may ask for ready only after the worker has failed; that is
    // when it handles the failure, so an early one is not "unhandled".
    this.ready.catch(() => {});
    this.worker.addEventListener('message', (event) => this.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(event.message || 'the worker script failed to start');
    });
  }

  receive(message) {
    if (message.type === 'ready') {
      this.settleReady.resolve(message.version);
      return;
    }
    if (message.type === 'failed') {
      this.fail(message.message);
      return;
    }
    // The WASM's linear memory in bytes after the call (see worker.js).
    this.memory = message.memory;
    const call = this.pending.get(message.id);
    if (!call) return;
    this.pending.delete(message.id);
    const result = JSON.parse(message.json);
    if (result && result.ok) call.resolve(result.value);
    else call.reject(new EngineError(result && result.error));
  }

  /** fail rejects the ready promise and every call still waiting. */
  fail(reason) {
    const error = new EngineError({ message: reason });
    this.failure = error;
    this.settleReady.reject(error);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  /** call runs one bridge function in the worker and resolves with its value. */
  call(fn, arg) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, arg });
    });
  }
}

/**
 * engine is the page's one engine. main.js imports this module before the
 * rest of the page, so the worker starts loading the WASM first.
 */
export const engine = new Engine('worker.js');
