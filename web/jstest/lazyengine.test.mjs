// sleepUntilTouched (web/static/js/embed/lazyengine.js): an example's embed answers
// from the build until a call needs the engine. Run by web/jstest_test.go
// with node --test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sleepUntilTouched } from '../static/js/embed/lazyengine.js';

// The page as prerender wrote it: the versions in their places.
globalThis.document = {
  readyState: 'complete',
  querySelector: (selector) => ({ textContent: { '.js-k8s-version': 'v1.37.0', '.js-go-version': 'go1.26.0' }[selector] }),
};

/**
 * fakeEngine has the members of bridge.js's Engine that sleepUntilTouched
 * uses; it knows the build's answers to the calls in known (by function),
 * and records what reaches its worker.
 */
function fakeEngine(known) {
  return {
    answeredAtBuild: [],
    posted: [],
    starts: 0,
    knownAnswer(fn) {
      return fn in known ? { value: known[fn] } : null;
    },
    call(fn, arg) {
      return this.post(fn, arg);
    },
    post(fn, arg) {
      this.posted.push({ fn, arg, worker: this.boot.worker });
      return Promise.resolve(`the engine's ${fn}`);
    },
    start() {
      this.starts++;
      return Promise.resolve('started');
    },
  };
}

function lazyBoot() {
  return {
    lazy: true,
    wakes: 0,
    wake() {
      this.wakes++;
      Object.assign(this, { lazy: false, wasm: 'compiled', worker: 'worker' });
    },
  };
}

test('the answers the build wrote start nothing, and ready is the page\'s versions', async () => {
  const engine = fakeEngine({ evaluate: 'built report', simulate: 'built timeline' });
  const boot = lazyBoot();
  const ready = sleepUntilTouched(engine, boot);
  assert.equal(await engine.call('evaluate', { nodes: 'a' }), 'built report');
  assert.equal(await engine.call('simulate', { until: 1 }), 'built timeline');
  assert.deepEqual(await ready, { kubernetes: 'v1.37.0', go: 'go1.26.0' });
  assert.equal(boot.wakes, 0);
  assert.equal(engine.starts, 0);
  assert.deepEqual(engine.posted, []);
  assert.deepEqual(engine.answeredAtBuild.map(({ fn }) => fn), ['evaluate', 'simulate']);
});

test('a call the build did not answer wakes the engine once, after the calls answered so far', async () => {
  const engine = fakeEngine({ evaluate: 'built report' });
  const boot = lazyBoot();
  sleepUntilTouched(engine, boot);
  await engine.call('evaluate', { nodes: 'a' });
  assert.equal(await engine.call('explain', { pod: 'web' }), "the engine's explain");
  assert.equal(await engine.call('explain', { pod: 'db' }), "the engine's explain");
  assert.equal(boot.wakes, 1);
  assert.equal(engine.starts, 1);
  assert.equal(engine.wasm, 'compiled');
  assert.deepEqual(engine.posted, [
    { fn: 'evaluate', arg: { nodes: 'a' }, worker: 'worker' },
    { fn: 'explain', arg: { pod: 'web' }, worker: 'worker' },
    { fn: 'explain', arg: { pod: 'db' }, worker: 'worker' },
  ]);
});

test('highlighting waits for the engine and does not wake it', async () => {
  const engine = fakeEngine({});
  const boot = lazyBoot();
  sleepUntilTouched(engine, boot);
  let highlighted = null;
  const highlighting = engine.call('highlight', { text: 'a' }).then((html) => {
    highlighted = html;
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(highlighted, null);
  assert.equal(boot.wakes, 0);
  await engine.call('format', { text: 'a' });
  await highlighting;
  assert.equal(highlighted, "the engine's highlight");
  assert.equal(boot.wakes, 1);
});

test('a call posted straight to the worker wakes the engine', async () => {
  const engine = fakeEngine({ evaluate: 'built report' });
  const boot = lazyBoot();
  sleepUntilTouched(engine, boot);
  assert.equal(await engine.post('evaluate', { nodes: 'a' }), "the engine's evaluate");
  assert.equal(boot.wakes, 1);
  assert.deepEqual(engine.posted.map(({ fn, worker }) => [fn, worker]), [['evaluate', 'worker']]);
});
