// storageNamespace (web/static/js/state/namespace.js): where a page keeps what it
// saves. Run by web/jstest_test.go with node --test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fingerprint, PLAYGROUND_PREFIX, storageNamespace } from '../static/js/state/namespace.js';

const share = '#s=eJyrVkrOzytJzSvxS8xNVbJSUkpJzStRqgUAVx0Hzg';

const cases = [
  {
    name: 'the full playground keeps the user work in localStorage, long texts in IndexedDB',
    address: {},
    want: { prefix: 'taint-playground:', area: 'local', large: true },
  },
  {
    name: 'a full page showing an example still keeps the user work where it always does',
    address: { example: 'cordoned-node', share: '', exercise: null },
    want: { prefix: 'taint-playground:', area: 'local', large: true },
  },
  {
    name: 'a full page in an exercise keeps the user work where it always does',
    address: { exercise: 'gpu-job' },
    want: { prefix: 'taint-playground:', area: 'local', large: true },
  },
  {
    name: 'an embed of the default text keeps its edits under its own keys, for the session',
    address: { embed: true, view: 'edit' },
    want: { prefix: 'taint-playground:embed:edit:default:', area: 'session', large: false },
  },
  {
    name: 'an embed of an example keeps its edits under the example name',
    address: { embed: true, view: 'edit', example: 'docs-three-taints' },
    want: { prefix: 'taint-playground:embed:edit:example:docs-three-taints:', area: 'session', large: false },
  },
  {
    name: 'an embed of a share link keeps its edits under the fragment fingerprint',
    address: { embed: true, view: 'edit', share },
    want: { prefix: `taint-playground:embed:edit:share:${fingerprint(share)}:`, area: 'session', large: false },
  },
  {
    name: 'a share fragment wins over an example name, as the page shows the fragment',
    address: { embed: true, view: 'read', share, example: 'docs-three-taints' },
    want: { prefix: `taint-playground:embed:read:share:${fingerprint(share)}:`, area: 'session', large: false },
  },
  {
    name: 'the same example read-only and editable are two embeds, kept apart',
    address: { embed: true, view: 'read', example: 'docs-three-taints' },
    want: { prefix: 'taint-playground:embed:read:example:docs-three-taints:', area: 'session', large: false },
  },
  {
    name: 'an embed of an exercise adds the exercise to what it shows',
    address: { embed: true, view: 'edit', exercise: 'gpu-job' },
    want: { prefix: 'taint-playground:embed:edit:default:exercise:gpu-job:', area: 'session', large: false },
  },
];

for (const tc of cases) {
  test(tc.name, () => {
    assert.deepEqual(storageNamespace(tc.address), tc.want);
  });
}

test('no embed namespace holds a key of the full playground', () => {
  const playgroundKeys = ['state', 'unsaved', 'revision', 'restore:playground', 'restore:exercise:gpu-job', 'workshop', 'theme']
    .map((name) => PLAYGROUND_PREFIX + name);
  for (const tc of cases.filter((c) => c.address.embed)) {
    const { prefix } = storageNamespace(tc.address);
    for (const name of ['state', 'unsaved', 'revision', 'restore:playground', 'workshop']) {
      assert.ok(!playgroundKeys.includes(prefix + name), `${tc.name}: ${prefix + name}`);
    }
  }
});

test('different share fragments get different namespaces', () => {
  const other = `${share.slice(0, -1)}h`;
  assert.notEqual(storageNamespace({ embed: true, view: 'edit', share }).prefix, storageNamespace({ embed: true, view: 'edit', share: other }).prefix);
});

test('fingerprint is the length and FNV-1a in hex', () => {
  assert.equal(fingerprint(''), '0-811c9dc5');
  assert.equal(fingerprint('a'), '1-e40c292c');
  assert.equal(fingerprint('foobar'), '6-bf9cf968');
});
