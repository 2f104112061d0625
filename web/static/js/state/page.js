// The rules of the page's state (store.js holds it): which text the page
// shows, which is the user's own work that it saves, and what a change, a
// link, the notice's button or the browser's Back does to them. Each rule is
// a pure function of the page's state that returns the fields to change, or
// what to do, so that the rules are tested without a browser
// (web/jstest/page.test.mjs) and work.js only carries them out.
//
// The page shows either the user's own work, which it saves, or a link's
// state (a share link, an example), which it does not save until the user
// edits it. Whatever replaces the user's own text leaves it as a restore
// point, offered by a notice and by the browser's Back.

import { defaultClock, defaultOptions, readState, STATE_VERSION } from './state.js';
import { t } from '../shared/i18n.js';

/**
 * initialPage is the page's state before start() has read the saved work:
 * shown, the placeholder text, is also the user's own work, which holds
 * nothing of theirs yet. onReplaced is whether the history entry the page
 * opens on is one whose text replaced the user's.
 */
export function initialPage(shown, onReplaced) {
  return {
    /** shown is the state on the page: the editors' texts, the settings and the clock. */
    shown,
    /** own is the user's own work, the state saved: shown itself unless a link's state is being viewed. */
    own: shown,
    /** ownIsUsers is false while own is only the page's default text, with nothing of the user's saved. */
    ownIsUsers: false,
    /** viewing is {what, address} while the page shows a link's state, not saved: what names the link. */
    viewing: null,
    /** viewDismissed is true once the user dismissed the notice about the link being viewed. */
    viewDismissed: false,
    /** conflict is the newer revision another tab saved, while the user has not chosen what to keep. */
    conflict: null,
    /**
     * started turns true once start() has put the saved work, or the link's,
     * on the page. Until then a change (the presenter view opening from
     * ?present, a setting applied) must neither be saved over the user's
     * work nor drop the link not read yet.
     */
    started: false,
    /** onReplaced is true while the history entry is one whose text replaced the user's (marked replaced). */
    onReplaced,
    /** version is the engine's {kubernetes, go} once it is ready, else null. */
    version: null,
  };
}

/** shownAsOwn shows next as the user's own work, saved from now on. */
export function shownAsOwn(next) {
  return { shown: next, own: next, viewing: null };
}

/** shownAsView shows a link's state, what naming it, at address; the user's own work stays as it was. */
export function shownAsView(next, what, address) {
  return { shown: next, viewing: { what, address } };
}

/**
 * edited changes fields of the state shown (texts, options, clock); while
 * no link is viewed the state shown is the user's own work, which changes
 * with it.
 */
export function edited(page, fields) {
  const shown = { ...page.shown, ...fields };
  return { shown, own: page.viewing ? page.own : shown };
}

/**
 * afterChange says what a change of the state shown leads to; what is
 * 'clock' for the countdown's clock, else 'edit'. It returns {save,
 * makeOwn}:
 *  1. Before start() nothing follows: the saved work has not been read.
 *  2. The clock of a link being viewed is not an edit, and is not saved.
 *  3. An edit of a link's state makes it the user's own work (makeOwn).
 *  4. Otherwise the user's work is saved, and the link it came from forgotten.
 */
export function afterChange(page, what) {
  if (!page.started) return { save: false, makeOwn: false };
  if (page.viewing && what === 'clock') return { save: false, makeOwn: false };
  return { save: true, makeOwn: Boolean(page.viewing) };
}

/** madeOwn makes the link's state being viewed the user's work, on a history entry marked replaced. */
export function madeOwn(page) {
  return { own: page.shown, viewing: null, onReplaced: true };
}

/**
 * ownPoint is the restore point that keeps the user's own work, with the
 * notice's sentence and button, or null while own holds nothing of theirs.
 */
export function ownPoint(page, what, label) {
  return page.ownIsUsers ? { state: page.own, what, label } : null;
}

/**
 * restoreOffer is what the restore notice shows: {text, label, hidden}.
 * While a link is viewed it offers the user's saved work (unless they have
 * none or dismissed it); otherwise the context's restore point, point, or
 * nothing.
 */
export function restoreOffer(page, point) {
  if (page.viewing) {
    return {
      text: t('restore.viewing', { what: page.viewing.what }),
      label: t('restore.back'),
      hidden: !page.ownIsUsers || page.viewDismissed,
    };
  }
  return { text: point ? point.what : '', label: point ? point.label : '', hidden: !point };
}

/**
 * backAction is what the notice's button does, pushed being whether the
 * history entry is one the page pushed: such an entry is left with the
 * browser's Back ('history-back'), so that the history stays one with the
 * page; otherwise a link being viewed is left for the user's work
 * ('leave-view'), and the restore point changes places with the text shown
 * ('swap').
 */
export function backAction(page, pushed) {
  if (page.viewing) return pushed ? 'history-back' : 'leave-view';
  return pushed && page.onReplaced ? 'history-back' : 'swap';
}

/**
 * historyStep is what going to a history entry shows, given where it leads:
 * entry is the entry's state, address the page's new address, and link
 * 'share', 'example' or '' for what the address names. It returns
 * {onReplaced, step}: step is 'stay' (the link being viewed is already
 * shown), 'share' or 'example' (show the link), 'leave-view' (show the
 * user's work again), 'swap' (between an entry whose text replaced the
 * user's and one before it, the restore point changes places with the text
 * shown) or 'none'.
 */
export function historyStep(page, entry, address, link) {
  const onReplaced = Boolean(entry && entry.replaced);
  const crossed = onReplaced !== page.onReplaced;
  let step = 'none';
  if (page.viewing && page.viewing.address === address) step = 'stay';
  else if (link) step = link;
  else if (page.viewing) step = 'leave-view';
  else if (crossed) step = 'swap';
  return { onReplaced, step };
}

/**
 * stateOf is a text from the build (a gallery scenario, an exercise) as the
 * page's state: the editors, the settings over the defaults, and clock
 * events. It throws a StateError when the text does not fit the state.
 */
export function stateOf({ nodes, pods, options, events = [] }) {
  return readState({
    v: STATE_VERSION,
    nodes,
    pods,
    options: { ...defaultOptions(), ...options },
    clock: { ...defaultClock(), events },
  });
}
