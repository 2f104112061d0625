// A pod's device verdict beside its node's (web/static/js/devices/pod-devices.js):
// which comes first, which pod it belongs to, what the summary says, and
// a cell's verdict lines and matrix mark with the devices weighed in
// (web/static/js/verdicts/verdict.js).
// Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceDecides, devicesOf, devicesSummary } from '../static/js/devices/pod-devices.js';
import { cellVerdicts, mark, verdict } from '../static/js/verdicts/verdict.js';

test('deviceDecides: a device that evicts now always comes first', () => {
  assert.equal(deviceDecides({ kind: 'now' }, { kind: 'now' }), true);
  assert.equal(deviceDecides({ kind: 'after', seconds: 10 }, { kind: 'now' }), true);
});

test('deviceDecides: a device that evicts later loses to a node that evicts now or sooner', () => {
  assert.equal(deviceDecides({ kind: 'now' }, { kind: 'after', seconds: 60 }), false);
  assert.equal(deviceDecides({ kind: 'after', seconds: 30 }, { kind: 'after', seconds: 60 }), false);
  assert.equal(deviceDecides({ kind: 'after', seconds: 90 }, { kind: 'after', seconds: 60 }), true);
  assert.equal(deviceDecides({ kind: 'none' }, { kind: 'after', seconds: 60 }), true);
  assert.equal(deviceDecides({ kind: 'never' }, { kind: 'after', seconds: 60 }), true);
});

test('deviceDecides: a device that evicts nothing never decides', () => {
  assert.equal(deviceDecides({ kind: 'none' }, null), false);
  assert.equal(deviceDecides(null, { kind: 'none' }), false);
  assert.equal(deviceDecides({ kind: 'none' }, { kind: 'never' }), false);
});

test('devicesOf matches a pod by name and namespace, the empty namespace being default', () => {
  const report = {
    pods: [{ name: 'a' }, { name: 'a', namespace: 'gpu' }, { name: 'b' }],
    devices: [{ name: 'a', namespace: 'gpu', verdict: 'stays' }, { name: 'a', namespace: 'default', verdict: 'evicted-now' }],
  };
  assert.equal(devicesOf(report, 0).verdict, 'evicted-now');
  assert.equal(devicesOf(report, 1).verdict, 'stays');
  assert.equal(devicesOf(report, 2), null);
  assert.equal(devicesOf({ pods: report.pods }, 0), null);
});

test('devicesSummary names the pods their devices evict or keep Pending, and nothing for a node-only report', () => {
  const device = { driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-1' };
  const summary = devicesSummary({
    devices: [
      { name: 'quiet', verdict: 'stays', eviction: { kind: 'none' }, reason: { id: 'device.pod.stays' } },
      { name: 'gone', verdict: 'evicted-now', eviction: { kind: 'now', device }, reason: { id: 'device.pod.evicted.now' } },
      { name: 'waits', verdict: 'unschedulable', reason: { id: 'device.pod.cannot-schedule', args: { claim: 'c1', request: 'gpu' } } },
    ],
  });
  assert.match(summary, /gone .*gpu\.example\.com\/node-1\/gpu-1/);
  assert.match(summary, /waits .*c1/);
  assert.doesNotMatch(summary, /quiet/);
  assert.equal(devicesSummary({ pods: [] }), '');
});

/** deviceReport is a report of one pod p on one node n without taints, with the pod's device verdict. */
function deviceReport(devices) {
  return { pods: [{ name: 'p' }], nodes: [{ name: 'n', taints: [] }], devices: [{ name: 'p', ...devices }] };
}

const gpu = { driver: 'gpu.example.com', pool: 'n', device: 'gpu-1' };
const unhealthy = { taint: { key: 'gpu.example.com/unhealthy', effect: 'NoExecute' }, slice: 's', taintIndex: 0 };
const fits = { pod: 0, node: 0, fits: true, taints: 'tolerated', placement: { nodeName: true, nodeSelector: true, affinity: true } };

test('mark and cellVerdicts: a running pod its device evicts is evicted, with the device named', () => {
  const report = deviceReport({ verdict: 'evicted-later', eviction: { kind: 'after', seconds: 90, device: gpu, taint: unhealthy } });
  const cell = { ...fits, running: true, eviction: { kind: 'none', toleration: -1, taint: -1 } };
  assert.equal(mark(report, cell).tone, 'evict');
  const { running, schedule } = cellVerdicts(report, cell);
  assert.equal(running.tone, 'evict');
  assert.match(running.text, /gpu\.example\.com\/n\/gpu-1/);
  assert.equal(schedule.tone, 'ok');
  assert.match(verdict(report, cell).text, /gpu-1/);
});

test('mark and cellVerdicts: a pending pod that fits but gets no device cannot schedule', () => {
  const report = deviceReport({ verdict: 'unschedulable', reason: { id: 'device.pod.cannot-schedule', args: { claim: 'c1', request: 'gpu' } } });
  const cell = { ...fits, running: false };
  assert.equal(mark(report, cell).tone, 'blocked');
  const { running, schedule } = cellVerdicts(report, cell);
  assert.equal(running, null);
  assert.equal(schedule.tone, 'blocked');
  assert.match(schedule.text, /c1/);
});

test('mark and cellVerdicts: devices that evict nothing leave the node verdict as it is', () => {
  const report = deviceReport({ verdict: 'stays', eviction: { kind: 'none', toleration: -1 }, reason: { id: 'device.pod.stays' } });
  const cell = { ...fits, running: true, eviction: { kind: 'none', toleration: -1, taint: -1 } };
  const nodeOnly = { pods: report.pods, nodes: report.nodes };
  assert.deepEqual(mark(report, cell), mark(nodeOnly, cell));
  assert.deepEqual(cellVerdicts(report, cell).running, cellVerdicts(nodeOnly, cell).running);
});
