// A long line is shown in a large document's window as a one-row
// placeholder that names it: Chromium lays out a textarea's line in one
// piece, and one line of 5 MB (compact JSON, an API response) takes 1.6 s
// of CPU after every keystroke. The text itself stays in the document,
// unchanged: the placeholder's row is kept out of the browser's editing, and
// the editor makes the few edits at its start or end itself.

import { t } from '../shared/i18n.js';

const thousands = (n) => n.toLocaleString('en-US');

/**
 * LONG_LINE_LENGTH is the longest line the window shows as it is. A window
 * (240 lines) of such lines is 480 KB, which Chromium lays out in 50-60 ms
 * of CPU on the loaded 2-core test machine; with 10,000 it took 217 ms.
 */
export const LONG_LINE_LENGTH = 2000;

/** isLongLine reports whether text is too long for the window. */
export function isLongLine(text) {
  return text.length > LONG_LINE_LENGTH;
}

/** longLinePlaceholder is the row that stands for a long line of length characters; the gutter numbers it. */
export function longLinePlaceholder(length) {
  return t('editors.longline', { count: thousands(length) });
}

/** longLineRefusal explains an edit that would change line (from 0) where the window cannot show it. */
export function longLineRefusal(line) {
  return t('editors.longline.refused', { line: thousands(line + 1) });
}
