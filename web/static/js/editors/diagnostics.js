// An editor's list of diagnostics: one item per diagnostic, its line a button
// that shows the line in the editor, then its severity and its message.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { explanation, langOf, untranslated } from '../shared/explain.js';

/**
 * ownMessage is a diagnostic's message without a leading "line N: " that
 * repeats the diagnostic's own line: the engine writes the line into the
 * message for readers that have nothing else (the general list), and the
 * editor's list says it already on the line's button.
 */
export function ownMessage(diagnostic) {
  const { line } = diagnostic.source;
  const lead = `line ${line}: `;
  return line && diagnostic.message.startsWith(lead) ? diagnostic.message.slice(lead.length) : diagnostic.message;
}

/** diagnosticItem is a diagnostic's item; revealLine shows its line in the editor. */
export function diagnosticItem(diagnostic, revealLine) {
  const { line } = diagnostic.source;
  return h('li', { class: `diagnostic diagnostic--${diagnostic.severity}` },
    h('button', {
      type: 'button',
      class: 'diagnostic-line js-diagnostic',
      onclick: () => revealLine(line),
      disabled: !line,
    }, line ? t('diagnostic.line', { line }) : t('diagnostic.general')),
    ' ',
    h('span', { class: 'diagnostic-severity' }, t(diagnostic.severity === 'error' ? 'diagnostic.error' : 'diagnostic.warning')),
    diagnosticMessage(diagnostic));
}

/**
 * diagnosticMessage is the engine's own sentence in the page's language, or
 * the API server's or the decoder's message as they print it: English,
 * marked so (data-verbatim says it is meant to be).
 */
function diagnosticMessage(diagnostic) {
  if (!diagnostic.messageMessage) return h('span', { ...untranslated(), dataset: { verbatim: '' } }, ownMessage(diagnostic));
  const said = explanation(diagnostic, 'message');
  return h('span', langOf(said), said.text);
}

/**
 * problemCounts counts an editor's errors and warnings. The note a problem
 * cap leaves ("1,234 more problems not shown") counts as the problems it
 * hides, by severity, not as one problem.
 */
export function problemCounts(diagnostics) {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.hidden) {
      errors += d.hidden.errors || 0;
      warnings += d.hidden.warnings || 0;
    } else if (d.severity === 'error') {
      errors++;
    } else {
      warnings++;
    }
  }
  return { errors, warnings };
}
