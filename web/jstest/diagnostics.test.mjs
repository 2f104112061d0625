// problemCounts and ownMessage (web/static/js/editors/diagnostics.js): what an
// editor's summary counts and what its list says. Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownMessage, problemCounts } from '../static/js/editors/diagnostics.js';

const at = (line) => ({ line });

test('problemCounts counts errors and warnings', () => {
  const got = problemCounts([
    { severity: 'error', message: 'a', source: at(1) },
    { severity: 'warning', message: 'b', source: at(2) },
    { severity: 'warning', message: 'c', source: at(3) },
  ]);
  assert.deepEqual(got, { errors: 1, warnings: 2 });
});

test('problemCounts counts a cap note as the problems it hides, not as one', () => {
  const got = problemCounts([
    { severity: 'warning', message: 'shown', source: at(1) },
    {
      severity: 'error', code: 'limit', message: '1,234 more problems not shown: 1,200 warnings, 34 errors',
      source: at(9), hidden: { errors: 34, warnings: 1200 },
    },
  ]);
  assert.deepEqual(got, { errors: 34, warnings: 1201 });
});

test('ownMessage drops a leading line number only when it is the diagnostic\'s own', () => {
  assert.equal(ownMessage({ message: 'line 7: unknown field', source: at(7) }), 'unknown field');
  assert.equal(ownMessage({ message: 'line 8: unknown field', source: at(7) }), 'line 8: unknown field');
  assert.equal(ownMessage({ message: 'line 7: general', source: at(0) }), 'line 7: general');
});
