// commandEvents (web/static/js/clock/taint-command.js): a parsed kubectl
// taint line as the clock's events. Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandEvents } from '../static/js/clock/taint-command.js';

const gpu = { key: 'gpu', value: 'true', effect: 'NoExecute' };
const report = {
  nodes: [
    { name: 'node-1', labels: { pool: 'gpu' }, taints: [gpu, { key: 'gpu', effect: 'NoSchedule' }] },
    { name: 'node-2', labels: { pool: 'cpu' }, taints: [] },
  ],
};

test('commandEvents adds and removes taints on the nodes the command names, at the time given', () => {
  const cases = [
    {
      name: 'an added taint on a named node',
      command: { nodes: ['node-2'], add: [{ key: 'maintenance', effect: 'NoExecute' }] },
      want: [{ at: 60, kind: 'addTaint', node: 'node-2', taint: { key: 'maintenance', value: '', effect: 'NoExecute' } }],
    },
    {
      name: 'a key-only removal removes every effect of the key, one event each',
      command: { nodes: ['node-1'], remove: [{ key: 'gpu' }] },
      want: [
        { at: 60, kind: 'removeTaint', node: 'node-1', taint: { key: 'gpu', value: '', effect: 'NoExecute' } },
        { at: 60, kind: 'removeTaint', node: 'node-1', taint: { key: 'gpu', value: '', effect: 'NoSchedule' } },
      ],
    },
    {
      name: 'a selector picks the nodes by label',
      command: { selector: 'pool=cpu', add: [{ key: 'x', value: 'y', effect: 'NoSchedule' }] },
      want: [{ at: 60, kind: 'addTaint', node: 'node-2', taint: { key: 'x', value: 'y', effect: 'NoSchedule' } }],
    },
  ];
  for (const tc of cases) assert.deepEqual(commandEvents(tc.command, report, [], 60), tc.want, tc.name);
});

test('commandEvents reads the taints the clock has already removed', () => {
  const removed = [{ at: 30, kind: 'removeTaint', node: 'node-1', taint: { key: 'gpu', effect: '' } }];
  assert.throws(() => commandEvents({ nodes: ['node-1'], remove: [{ key: 'gpu' }] }, report, removed, 60), /taint "gpu" not found/);
});

test('commandEvents fails as kubectl does', () => {
  assert.throws(() => commandEvents({ nodes: ['node-9'], add: [gpu] }, report, [], 0), /nodes "node-9" not found/);
  assert.throws(() => commandEvents({ selector: 'pool=none', add: [gpu] }, report, [], 0), /no node matches the command/);
  assert.throws(() => commandEvents({ all: true }, null, [], 0), /not been evaluated yet/);
});
