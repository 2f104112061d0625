// The timeline's table: the events the chart draws, in words and in time
// order, the chart's accessible equivalent. User text enters it only as text
// nodes.

import { h } from '../shared/dom.js';
import { clockText, taintText } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { explanation } from '../shared/explain.js';

/** MAX_TABLE_ROWS caps the table, so a --all over thousands of nodes stays a page. */
const MAX_TABLE_ROWS = 2000;

/**
 * eventTable lists the events the chart draws, in time order: the chart's
 * accessible equivalent. nodeName and podName name a node and a pod by index;
 * deviceLanes are the device taints the chart draws (timeline-devices.js).
 */
export function eventTable(timeline, nodeName, podName, deviceLanes = []) {
  const rows = tableRows(timeline, deviceLanes).sort((a, b) => a.at - b.at || a.order - b.order);
  const body = rows.slice(0, MAX_TABLE_ROWS).map((row) => h('tr', { dataset: { kind: row.kind, at: String(row.at) } },
    h('td', {}, clockText(row.at)),
    h('td', {}, row.node === undefined ? '' : nodeName(row.node)),
    h('td', {}, row.pod === undefined ? '' : podName(row.pod)),
    h('td', {}, row.text)));
  return h('table', { class: 'timeline-events js-timeline-events' },
    h('caption', {}, t('timeline.table.caption')
      + (rows.length > MAX_TABLE_ROWS ? t('timeline.table.first', { shown: MAX_TABLE_ROWS, total: rows.length }) : '')),
    h('thead', {}, h('tr', {}, [t('timeline.table.time'), t('timeline.table.node'), t('timeline.table.pod'), t('timeline.table.what')]
      .map((name) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, body));
}

/** ENTRY_TEXT words a timeline entry's kind for the table. */
const ENTRY_TEXT = {
  scheduled: (entry) => t('timeline.entry.scheduled', { time: clockText(entry.deadline) }),
  kept: (entry) => t('timeline.entry.kept', { time: clockText(entry.deadline) }),
  cancelled: () => t('timeline.entry.cancelled'),
  evicted: () => t('timeline.entry.evicted'),
};

/** tableRows are the timeline's events as table rows: taints, device taints, bindings and the controller's entries. */
function tableRows(timeline, deviceLanes) {
  const rows = [];
  let order = 0;
  for (const span of timeline.taints) {
    rows.push({ at: span.from, order: order++, kind: 'taint-added', node: span.node, text: t(span.from === 0 ? 'timeline.row.taint.start' : 'timeline.row.taint.added', { taint: taintText(span.taint) }) });
    if (span.ended) rows.push({ at: span.to, order: order++, kind: `taint-${span.ended}`, node: span.node, text: t(`timeline.row.taint.${span.ended}`, { taint: taintText(span.taint) }) });
  }
  for (const lane of deviceLanes) {
    rows.push({ at: 0, order: order++, kind: 'device-taint', node: lane.node, text: t('timeline.row.device.taint', { taint: taintText(lane.tracked.taint), device: lane.device }) });
  }
  for (const span of timeline.pods) {
    rows.push({ at: span.from, order: order++, kind: 'bound', node: span.node, pod: span.pod, text: t(span.from === 0 ? 'timeline.row.pod.start' : 'timeline.row.pod.bound') });
  }
  for (const entry of timeline.entries) {
    rows.push({ at: entry.at, order: order++, kind: entry.kind, node: entry.node, pod: entry.pod, text: `${ENTRY_TEXT[entry.kind](entry)}: ${explanation(entry, 'reason').text}` });
  }
  return rows;
}
