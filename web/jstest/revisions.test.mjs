// Which tab's work wins (web/static/js/state/revisions.js): the revision
// records every save writes, as a tab and a loading page read them. Run by
// web/jstest_test.go with node --test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loaded, newerRevision, nextRevision } from '../static/js/state/revisions.js';

const at = Date.UTC(2026, 0, 1, 9, 30);

test('newerRevision is another tab\'s save only once it is stored and past this tab\'s base', () => {
  const cases = [
    { name: 'no revision', revision: null, base: 0, want: null },
    { name: 'this tab\'s own save', revision: { rev: 3, done: true }, base: 3, want: null },
    { name: 'another tab saved after', revision: { rev: 4, done: true }, base: 3, want: { rev: 4, done: true } },
    { name: 'another tab is still saving', revision: { rev: 4, done: false }, base: 3, want: null },
  ];
  for (const tc of cases) assert.deepEqual(newerRevision(tc.revision, tc.base), tc.want, tc.name);
});

test('nextRevision goes past this tab\'s base and every other tab\'s save', () => {
  assert.equal(nextRevision(0, null), 1);
  assert.equal(nextRevision(5, { rev: 2 }), 6);
  assert.equal(nextRevision(2, { rev: 7 }), 8);
});

test('loaded makes the newest revision the base and says what was lost', () => {
  const cases = [
    { name: 'a finished save loses nothing', unsaved: null, revision: { rev: 2, done: true, length: 10, at }, savedRev: 2, base: 2, lost: '' },
    { name: 'a refused save is told by its note', unsaved: { length: 2048 }, revision: { rev: 3, done: false, refused: true, length: 2048, at }, savedRev: 2, base: 3, lost: /^Your last text \(2,048 characters\) could not be stored/ },
    { name: 'a save cut short by the page closing is told', unsaved: null, revision: { rev: 3, done: false, length: 5, at }, savedRev: 2, base: 3, lost: /^Your last change \(5 characters, at .*\) was still being saved when the page closed/ },
    { name: 'a stored text newer than the revision record wins', unsaved: null, revision: { rev: 1, done: false, length: 5, at }, savedRev: 2, base: 2, lost: '' },
  ];
  for (const tc of cases) {
    const got = loaded(tc.unsaved, tc.revision, tc.savedRev);
    assert.equal(got.base, tc.base, tc.name);
    if (typeof tc.lost === 'string') assert.equal(got.lost, tc.lost, tc.name);
    else assert.match(got.lost, tc.lost, tc.name);
  }
});
