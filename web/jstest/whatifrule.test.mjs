// appliedFile and pastedRule (web/static/js/whatif/rule.js): which what-if
// lines are a DeviceTaintRule's, and what a paste into the line becomes.
// Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appliedFile, pastedRule } from '../static/js/whatif/rule.js';

const rule = 'apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata:\n  name: example\n';

test('appliedFile names the file of a kubectl apply or create line, and nothing else', () => {
  assert.equal(appliedFile('kubectl apply -f rule.yaml'), 'rule.yaml');
  assert.equal(appliedFile('  kubectl create --filename=maintenance.yaml '), 'maintenance.yaml');
  assert.equal(appliedFile('kubectl taint nodes --all a=b:NoSchedule'), null);
  assert.equal(appliedFile('kubectl apply -f a.yaml -f b.yaml'), null);
  assert.equal(appliedFile('kubectl apply'), null);
});

test('pastedRule leaves a single line to the line', () => {
  assert.equal(pastedRule('kubectl taint nodes n a=b:NoExecute\n'), null);
  assert.equal(pastedRule('kubectl apply -f rule.yaml'), null);
});

test('pastedRule puts pasted YAML under a kubectl apply line of rule.yaml', () => {
  assert.deepEqual(pastedRule(rule), { line: 'kubectl apply -f rule.yaml', yaml: rule });
});

test('pastedRule keeps the kubectl apply line that heads the YAML, with its file', () => {
  assert.deepEqual(pastedRule(`\r\nkubectl apply -f drain.yaml\r\n${rule}`), { line: 'kubectl apply -f drain.yaml', yaml: rule });
});
