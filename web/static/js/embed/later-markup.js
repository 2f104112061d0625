// The markup the lean embed page holds back. An example's embed
// (cmd/mkdist's embed.html) keeps the parts of the page it does not show
// at first, the header, the editors, the countdown, the what-if, the
// settings and the dialogs, in templates: the browser parses them but
// neither styles nor lays them out, so six frames on one renderer thread
// each reach their verdicts sooner. Once the first view is drawn and the
// thread is idle or the reader touches the frame, they take their places,
// in the page's language, before the rest of the page is wired.

import { translateDocument } from '../shared/i18n.js';
import { wireLanguagePickers } from '../shared/language-picker.js';
import { fitView } from './embed.js';

/** putLaterMarkupInPlace replaces each held-back template with its markup, translated, fit to the embed's view and with its language picker wired. */
export function putLaterMarkupInPlace() {
  for (const template of document.querySelectorAll('template.js-embed-later')) {
    const markup = template.content;
    translateDocument(markup);
    wireLanguagePickers(markup);
    fitView(markup);
    template.replaceWith(markup);
  }
}
