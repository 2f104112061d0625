// A pod's device verdict beside its node's (web/static/js/devices/pod-devices.js):
// which comes first, which pod it belongs to, and what the summary says.
// Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceDecides, devicesOf, devicesSummary } from '../static/js/devices/pod-devices.js';

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
