// What the docs embed folds away so that its verdicts fit a docs column:
// the YAML behind one line in the read-only view, and each card's per-taint
// table behind its caption. A reader opens either on demand, and the frame
// grows to fit (embed.js reports the height).

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

/** foldYAML puts the editors section in a closed <details> with a one-line summary. */
export function foldYAML(editors) {
  const details = h('details', { class: 'embed-fold embed-yaml js-embed-yaml' },
    h('summary', {}, t('embed.fold.yaml')));
  editors.replaceWith(details);
  details.append(editors);
}

/** foldTable puts a card's taint table in a closed <details> summed up by the table's caption. */
function foldTable(table) {
  const caption = table.querySelector('caption');
  const details = h('details', { class: 'embed-fold embed-taints js-embed-taints' },
    h('summary', {}, caption ? caption.textContent : t('embed.fold.taints')));
  table.replaceWith(details);
  details.append(table);
}

/**
 * foldTaintTables folds every taint table that appears in results, as the
 * cards get their explanations. A MutationObserver's callback runs before
 * the page is painted, so no table is ever shown unfolded.
 */
export function foldTaintTables(results) {
  new MutationObserver(() => {
    for (const table of results.querySelectorAll('.card .table-scroll')) {
      if (!table.parentElement.matches('.js-embed-taints')) foldTable(table);
    }
  }).observe(results, { childList: true, subtree: true });
}
