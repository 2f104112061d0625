// What the countdown's t = 0 is (web/static/js/clock/clock-anchor.js): a
// node-only report keeps the node controller's note, anchored to a pasted
// timeAdded or relative; a report with device NoExecute taints counts from
// the device verdicts' time, the report's deviceClock, with the node
// sentence first when a node has a NoExecute taint too.
// Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockAnchor } from '../static/js/clock/clock-anchor.js';
import { t } from '../static/js/shared/i18n.js';

const nodeTaint = { key: 'k', value: 'v', effect: 'NoExecute', timeAdded: '2026-03-01T10:00:00Z' };

/** report is a report of one node n, its taints given, and a pod p on it whose device has deviceTaint (none: no devices). */
function report({ taints = [], deviceTaint = null, deviceClock } = {}) {
  const r = { pods: [{ name: 'p' }], nodes: [{ name: 'n', taints }] };
  if (!deviceTaint) return r;
  const device = { driver: 'gpu.example.com', pool: 'n', device: 'gpu-0', taints: [{ taint: deviceTaint, slice: 's', taintIndex: 0 }] };
  return { ...r, deviceClock, devices: [{ name: 'p', nodeName: 'n', claims: [{ allocated: true, requests: [{ request: 'gpu', devices: [device] }] }] }] };
}

test('clockAnchor: a node-only report is relative, or anchored to the earliest pasted timeAdded', () => {
  assert.deepEqual(clockAnchor(report()), { note: t('clock.anchor.relative'), time: null });
  const later = { ...nodeTaint, key: 'later', timeAdded: '2026-03-01T11:00:00Z' };
  const anchored = clockAnchor(report({ taints: [later, nodeTaint] }));
  assert.equal(anchored.time, Date.parse('2026-03-01T10:00:00Z'));
  assert.match(anchored.note, /k=v:NoExecute on n: t = 0 is 2026-03-01T10:00:00\.000Z/);
});

test('clockAnchor: device NoExecute taints put t = 0 at the device verdicts’ time', () => {
  const deviceTaint = { key: 'd', effect: 'NoExecute', timeAdded: '2026-05-20T21:00:00Z' };
  const anchor = clockAnchor(report({ deviceTaint, deviceClock: '2026-05-20T22:00:00Z' }));
  assert.equal(anchor.time, Date.parse('2026-05-20T22:00:00Z'));
  assert.equal(anchor.note, t('clock.anchor.device', { time: '2026-05-20T22:00:00.000Z' }));
});

test('clockAnchor: with a node NoExecute taint too, the node sentence comes first and the device time anchors the clock', () => {
  const deviceTaint = { key: 'd', effect: 'NoExecute', timeAdded: '2026-05-20T22:00:00Z' };
  const anchor = clockAnchor(report({ taints: [nodeTaint], deviceTaint, deviceClock: '2026-05-20T22:00:00Z' }));
  assert.equal(anchor.time, Date.parse('2026-05-20T22:00:00Z'));
  assert.equal(anchor.note, `${t('clock.anchor.device.node')} ${t('clock.anchor.device', { time: '2026-05-20T22:00:00.000Z' })}`);
});

test('clockAnchor: without any device timeAdded (the engine’s clock at the Unix epoch) device times are relative', () => {
  const anchor = clockAnchor(report({ deviceTaint: { key: 'd', effect: 'NoExecute' }, deviceClock: '1970-01-01T00:00:00Z' }));
  assert.deepEqual(anchor, { note: t('clock.anchor.device.relative'), time: null });
});

test('clockAnchor: a device taint that does not evict leaves the node note', () => {
  const deviceTaint = { key: 'd', effect: 'NoSchedule', timeAdded: '2026-05-20T22:00:00Z' };
  assert.deepEqual(clockAnchor(report({ deviceTaint, deviceClock: '2026-05-20T22:00:00Z' })), { note: t('clock.anchor.relative'), time: null });
});
