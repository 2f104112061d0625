// The page's state (web/static/js/state/store.js) and its rules
// (web/static/js/state/page.js): which text is the user's work, what a
// change, the notice's button and the browser's Back do. Run by
// web/jstest_test.go with node --test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStore } from '../static/js/state/store.js';
import {
  afterChange, backAction, edited, historyStep, initialPage, madeOwn, ownPoint, restoreOffer,
  shownAsOwn, shownAsView, stateOf,
} from '../static/js/state/page.js';

const text = (nodes) => stateOf({ nodes, pods: 'pods' });
const mine = text('mine');
const linked = text('linked');

/** pageOf is a started page after the patches, applied in turn. */
function pageOf(...patches) {
  return patches.reduce((page, patch) => ({ ...page, ...(typeof patch === 'function' ? patch(page) : patch) }),
    { ...initialPage(mine, false), started: true, ownIsUsers: true });
}

const viewingLink = pageOf(shownAsView(linked, 'the share link', 'https://p.example/#s=x'));

test('the store replaces its state on set and tells every subscriber the change and its reason', () => {
  const store = createStore({ a: 1, b: 1 });
  const before = store.state;
  const seen = [];
  const stop = store.subscribe((state, previous, reason) => seen.push([state.a, previous.a, reason]));
  store.set({ a: 2 }, 'first');
  assert.deepEqual(store.state, { a: 2, b: 1 });
  assert.deepEqual(before, { a: 1, b: 1 }, 'the previous state is never changed in place');
  assert.throws(() => { store.state.a = 3; }, TypeError, 'the state is changed only by set');
  stop();
  store.set({ a: 4 }, 'second');
  assert.deepEqual(seen, [[2, 1, 'first']]);
});

test('an edit of the user work changes the work saved with the text shown', () => {
  const page = pageOf((p) => edited(p, { nodes: 'typed' }));
  assert.equal(page.shown.nodes, 'typed');
  assert.equal(page.own, page.shown);
});

test('an edit of a link being viewed leaves the user work as it was', () => {
  const page = { ...viewingLink, ...edited(viewingLink, { nodes: 'typed' }) };
  assert.equal(page.shown.nodes, 'typed');
  assert.equal(page.own, mine);
});

test('afterChange follows the rules of a change', () => {
  const cases = [
    { name: 'nothing is saved before start has read the saved work', page: { ...pageOf(), started: false }, what: 'edit', want: { save: false, makeOwn: false } },
    { name: 'an edit of the user work is saved', page: pageOf(), what: 'edit', want: { save: true, makeOwn: false } },
    { name: 'the clock of the user work is saved', page: pageOf(), what: 'clock', want: { save: true, makeOwn: false } },
    { name: 'an edit of a link makes it the user work', page: viewingLink, what: 'edit', want: { save: true, makeOwn: true } },
    { name: 'the clock of a link being viewed is not an edit and is not saved', page: viewingLink, what: 'clock', want: { save: false, makeOwn: false } },
  ];
  for (const tc of cases) assert.deepEqual(afterChange(tc.page, tc.what), tc.want, tc.name);
});

test('a link made the user work is saved from then on, on an entry marked replaced', () => {
  const page = { ...viewingLink, ...madeOwn(viewingLink) };
  assert.equal(page.own, linked);
  assert.equal(page.viewing, null);
  assert.equal(page.onReplaced, true);
});

test('ownPoint keeps the user work as a restore point only when it holds something of theirs', () => {
  assert.deepEqual(ownPoint(viewingLink, 'kept', 'Back'), { state: mine, what: 'kept', label: 'Back' });
  assert.equal(ownPoint({ ...viewingLink, ownIsUsers: false }, 'kept', 'Back'), null);
});

test('restoreOffer says what the restore notice offers', () => {
  const point = { state: mine, what: 'Your text is kept.', label: 'Show it' };
  const cases = [
    { name: 'a link being viewed offers the user work', page: viewingLink, point: null, want: { label: 'Back to my text', hidden: false } },
    { name: 'no offer when the user has no work of their own', page: { ...viewingLink, ownIsUsers: false }, point: null, want: { label: 'Back to my text', hidden: true } },
    { name: 'no offer once dismissed', page: { ...viewingLink, viewDismissed: true }, point: null, want: { label: 'Back to my text', hidden: true } },
    { name: 'the restore point of the context', page: pageOf(), point, want: { text: 'Your text is kept.', label: 'Show it', hidden: false } },
    { name: 'nothing without a point', page: pageOf(), point: null, want: { text: '', label: '', hidden: true } },
  ];
  for (const tc of cases) {
    const got = restoreOffer(tc.page, tc.point);
    for (const [field, want] of Object.entries(tc.want)) assert.equal(got[field], want, `${tc.name}: ${field}`);
  }
  assert.match(restoreOffer(viewingLink, null).text, /^You are viewing the share link\./);
});

test('backAction leaves an entry the page pushed with Back, else shows the user work or swaps', () => {
  const replaced = { ...pageOf(), onReplaced: true };
  assert.equal(backAction(viewingLink, true), 'history-back');
  assert.equal(backAction(viewingLink, false), 'leave-view');
  assert.equal(backAction(replaced, true), 'history-back');
  assert.equal(backAction(replaced, false), 'swap');
  assert.equal(backAction(pageOf(), true), 'swap');
});

test('historyStep says what the history entry the browser went to shows', () => {
  const address = 'https://p.example/#s=x';
  const cases = [
    { name: 'the link being viewed stays', page: viewingLink, entry: null, address, link: 'share', want: { onReplaced: false, step: 'stay' } },
    { name: 'another share link is shown', page: viewingLink, entry: null, address: 'https://p.example/#s=y', link: 'share', want: { onReplaced: false, step: 'share' } },
    { name: 'an example is shown', page: pageOf(), entry: { pushed: true }, address, link: 'example', want: { onReplaced: false, step: 'example' } },
    { name: 'back from a link shows the user work', page: viewingLink, entry: null, address: 'https://p.example/', link: '', want: { onReplaced: false, step: 'leave-view' } },
    { name: 'crossing into an entry that replaced the text swaps', page: pageOf(), entry: { replaced: true }, address, link: '', want: { onReplaced: true, step: 'swap' } },
    { name: 'crossing out of it swaps back', page: { ...pageOf(), onReplaced: true }, entry: null, address, link: '', want: { onReplaced: false, step: 'swap' } },
    { name: 'between two entries of the same text nothing changes', page: pageOf(), entry: null, address, link: '', want: { onReplaced: false, step: 'none' } },
  ];
  for (const tc of cases) assert.deepEqual(historyStep(tc.page, tc.entry, tc.address, tc.link), tc.want, tc.name);
});

test('shownAsOwn ends the view of a link', () => {
  const page = { ...viewingLink, ...shownAsOwn(mine) };
  assert.equal(page.viewing, null);
  assert.equal(page.own, page.shown);
});

test('stateOf fills the settings and the clock a text leaves out, and refuses a wrong one', () => {
  const state = stateOf({ nodes: 'n', pods: 'p', options: { comparisonOperators: true } });
  assert.equal(state.options.comparisonOperators, true);
  assert.equal(state.options.defaultTolerationSeconds, true);
  assert.deepEqual(state.clock, { at: 0, speed: 1, events: [] });
  assert.throws(() => stateOf({ nodes: 1, pods: 'p' }), { name: 'StateError' });
});
