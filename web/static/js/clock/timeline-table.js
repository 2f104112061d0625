// The timeline's table: the events the chart draws, in words and in time
// order, the chart's accessible equivalent. User text enters it only as text
// nodes.

import { h } from '../shared/dom.js';
import { clockText, taintText } from '../shared/format.js';

/** MAX_TABLE_ROWS caps the table, so a --all over thousands of nodes stays a page. */
const MAX_TABLE_ROWS = 2000;

/**
 * eventTable lists the events the chart draws, in time order: the chart's
 * accessible equivalent. nodeName and podName name a node and a pod by index.
 */
export function eventTable(timeline, nodeName, podName) {
  const rows = tableRows(timeline).sort((a, b) => a.at - b.at || a.order - b.order);
  const body = rows.slice(0, MAX_TABLE_ROWS).map((row) => h('tr', { dataset: { kind: row.kind, at: String(row.at) } },
    h('td', {}, clockText(row.at)),
    h('td', {}, row.node === undefined ? '' : nodeName(row.node)),
    h('td', {}, row.pod === undefined ? '' : podName(row.pod)),
    h('td', {}, row.text)));
  return h('table', { class: 'timeline-events js-timeline-events' },
    h('caption', {}, 'Timeline events in time order'
      + (rows.length > MAX_TABLE_ROWS ? ` (the first ${MAX_TABLE_ROWS} of ${rows.length})` : '')),
    h('thead', {}, h('tr', {}, ['Time', 'Node', 'Pod', 'What happens'].map((name) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, body));
}

/** ENTRY_TEXT words a timeline entry's kind for the table. */
const ENTRY_TEXT = {
  scheduled: (entry) => `eviction scheduled for t = ${clockText(entry.deadline)}`,
  kept: (entry) => `deadline kept at t = ${clockText(entry.deadline)}`,
  cancelled: () => 'eviction cancelled',
  evicted: () => 'evicted',
};

/** tableRows are the timeline's events as table rows: taints, bindings and the controller's entries. */
function tableRows(timeline) {
  const rows = [];
  let order = 0;
  for (const span of timeline.taints) {
    rows.push({ at: span.from, order: order++, kind: 'taint-added', node: span.node, text: `${taintText(span.taint)} ${span.from === 0 ? 'is on the node from the start' : 'added'}` });
    if (span.ended) rows.push({ at: span.to, order: order++, kind: `taint-${span.ended}`, node: span.node, text: `${taintText(span.taint)} ${span.ended}` });
  }
  for (const span of timeline.pods) {
    rows.push({ at: span.from, order: order++, kind: 'bound', node: span.node, pod: span.pod, text: span.from === 0 ? 'runs on the node from the start' : 'bound to the node' });
  }
  for (const entry of timeline.entries) {
    rows.push({ at: entry.at, order: order++, kind: entry.kind, node: entry.node, pod: entry.pod, text: `${ENTRY_TEXT[entry.kind](entry)}: ${entry.reason}` });
  }
  return rows;
}
