// Which tab's work wins: every save of the user's work gets the next
// revision number, written to storage beside it (storage.js). From the
// revision a tab learns that another tab saved since it loaded, and a page
// that loads learns whether the last save finished. These rules read the
// stored records only, so they are tested without a browser
// (web/jstest/revisions.test.mjs).

import { count } from '../shared/format.js';
import { t } from '../shared/i18n.js';

/** characters says how long a text is, for the user. */
export function characters(length) {
  return t('revisions.characters', { count: count(length) });
}

/** clockTime is a moment (ms since the epoch) as the user's clock shows it. */
export function clockTime(at) {
  return new Date(at).toLocaleTimeString('en-GB');
}

/**
 * newerRevision is revision, the newest any tab has started to save, when
 * another tab stored it after this one loaded or last saved (base), else
 * null: a save still running elsewhere is not newer work yet.
 */
export function newerRevision(revision, base) {
  return revision && revision.done && revision.rev > base ? revision : null;
}

/** nextRevision is the revision of this tab's next save: past its base and past every other tab's. */
export function nextRevision(base, revision) {
  return Math.max(base, revision ? revision.rev : 0) + 1;
}

/**
 * loaded is what a page learns when it loads the saved work: {base, lost}.
 * unsaved is the note a refused save left ({length}) or null; revision the
 * newest revision record or null; savedRev the revision of the work stored.
 *  1. base, this tab's revision from now on, is the newest of the two.
 *  2. lost tells the user that the last text could not be stored (blocked
 *     or full), or, overriding that, that the newest save was still running
 *     when the page closed and did not finish; else it is ''.
 */
export function loaded(unsaved, revision, savedRev) {
  let lost = unsaved && Number.isSafeInteger(unsaved.length)
    ? t('revisions.unsaved', { size: characters(unsaved.length) })
    : '';
  if (revision && !revision.done && !revision.refused && revision.rev > savedRev && Number.isSafeInteger(revision.length)) {
    lost = t('revisions.lost', { size: characters(revision.length), time: clockTime(revision.at) });
  }
  return { base: Math.max(savedRev, revision ? revision.rev : 0), lost };
}
