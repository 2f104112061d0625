// The clock's kubectl taint lines change the clock's nodes only: the
// verdicts, the matrix and the presenter view show the taints in the Nodes
// editor. A view about a node the clock has changed says so in one line.

import { tn } from '../shared/i18n.js';

/** clockNote is that line for the view named what (such as "this card"), about the nodes named, or empty when the clock changes none of them. */
export function clockNote(events, what, nodeNames) {
  const changes = events.filter((event) => event.taint && nodeNames.includes(event.node));
  if (changes.length === 0) return '';
  const nodes = [...new Set(changes.map((event) => event.node))];
  const named = nodes.length <= 3 ? nodes.join(', ') : tn('clocknote.more', nodes.length - 3, { nodes: nodes.slice(0, 3).join(', ') });
  return tn('clocknote.text', changes.length, { named, what });
}
