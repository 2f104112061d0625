// A verdict card: one pod on one node, its headline verdict, then the
// per-taint table that Workspace.Explain returns. Pointing at a row (hover or
// keyboard focus) highlights the taint's and the tolerations' lines in the
// editors.

import { h, uniqueId } from './dom.js';
import { copyText } from './clipboard.js';
import { lineRange } from './editor.js';
import { taintText, tolerationText, tolerationYAML } from './format.js';
import { eviction, rejection, scheduling } from './verdict.js';

/** sourceLines returns the lines a value spans in its editor: its own and its fields'. */
export function sourceLines(source) {
  if (!source || !source.line) return [];
  return lineRange([source.line, ...Object.values(source.fields || {})]);
}

function origin(taint) {
  return taint.origin ? h('span', { class: 'note' }, ` added for ${taint.origin}`) : null;
}

function tolerationLabel(pod, index) {
  const toleration = pod.tolerations[index];
  const line = toleration.source && toleration.source.line;
  return h('span', { class: 'toleration-ref', title: tolerationText(toleration) },
    `toleration ${index + 1}`, line ? ` (line ${line})` : '',
    toleration.addedBy ? h('span', { class: 'note' }, `, added by ${toleration.addedBy}`) : null);
}

function suggestion(toleration) {
  const yaml = tolerationYAML(toleration);
  const snippet = h('pre', { class: 'snippet' }, h('code', {}, yaml));
  const status = h('span', { class: 'copy-status', role: 'status' });
  return h('details', { class: 'suggestion' },
    h('summary', {}, 'A toleration that would tolerate this'),
    snippet,
    h('button', { type: 'button', class: 'button button--small', onclick: () => copyText(yaml, status, snippet) }, 'Copy'),
    ' ', status);
}

function taintRow(pod, node, verdictOfTaint, link) {
  const taint = node.taints[verdictOfTaint.taint];
  const by = verdictOfTaint.by || [];
  const misses = verdictOfTaint.nearMisses || [];
  // A tolerated taint points at the tolerations that tolerate it, an
  // untolerated one at its near misses.
  const pointed = by.length > 0 ? by : misses.map((miss) => miss.toleration);
  const tolerationLines = pointed.flatMap((index) => sourceLines(pod.tolerations[index].source));
  const links = { nodes: sourceLines(taint.source), pods: tolerationLines };
  const verdictCell = verdictOfTaint.tolerated
    ? h('td', {}, h('span', { class: 'badge badge--ok' }, 'Tolerated'), ' by ',
      by.map((index, i) => [i > 0 ? '; then ' : '', tolerationLabel(pod, index)]))
    : h('td', {}, h('span', { class: 'badge badge--blocked' }, 'Not tolerated'));
  return h('tr', {
    class: `taint-row taint-row--${verdictOfTaint.tolerated ? 'tolerated' : 'untolerated'} js-taint-row`,
    tabindex: 0,
    onmouseenter: () => link(links),
    onmouseleave: () => link(null),
    onfocus: () => link(links),
    onblur: () => link(null),
  },
  h('th', { scope: 'row' }, h('code', {}, taintText({ ...taint, effect: '' })), origin(taint)),
  h('td', {}, taint.effect),
  verdictCell,
  h('td', {},
    h('p', { class: 'reason' }, verdictOfTaint.reason),
    misses.length > 0 ? h('ul', { class: 'near-misses' }, misses.map((miss) => h('li', {},
      'Near miss: ', tolerationLabel(pod, miss.toleration), ', field ', h('code', {}, miss.field), ': ', miss.reason))) : null,
    verdictOfTaint.suggestion ? suggestion(verdictOfTaint.suggestion) : null));
}

function taintTable(report, detail, link) {
  const pod = report.pods[detail.pod];
  const node = report.nodes[detail.node];
  if (node.taints.length === 0) return h('p', { class: 'note' }, `${node.name} has no taints.`);
  return h('div', { class: 'table-scroll' }, h('table', { class: 'taint-table' },
    h('caption', {}, `Each taint of ${node.name} against the tolerations of ${pod.name}`),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'Taint'),
      h('th', { scope: 'col' }, 'Effect'),
      h('th', { scope: 'col' }, 'Tolerated?'),
      h('th', { scope: 'col' }, 'Why'))),
    h('tbody', {}, detail.taintVerdicts.map((v) => taintRow(pod, node, v, link)))));
}

/**
 * renderCard returns the card of one cell. Its per-taint table arrives from
 * explain(pod, node) a moment later; link(links) highlights editor lines.
 */
export function renderCard(report, cell, { explain, link }) {
  const pod = report.pods[cell.pod];
  const node = report.nodes[cell.node];
  const titleID = uniqueId('card');
  const schedule = scheduling(report, cell);
  const running = cell.running && cell.eviction ? eviction(report, cell) : null;
  // A pair the API server would refuse leads with that; the engine's
  // verdicts as read follow, in a neutral tone, never as a green "Schedules".
  const rejected = rejection(report, cell);
  const headline = rejected || running || schedule;
  const asRead = (verdictOf) => (rejected ? 'as-read' : verdictOf.tone);
  const detail = h('div', { class: 'card-detail', 'aria-busy': 'true' }, h('p', { class: 'note' }, 'Explaining…'));
  const card = h('article', { class: `card card--${headline.tone}`, 'aria-labelledby': titleID },
    h('h3', { id: titleID, class: 'card-title' },
      h('span', { class: 'card-pod' }, pod.name), h('span', { class: 'card-on' }, ' on '),
      h('span', { class: 'card-node' }, node.name)),
    rejected ? h('p', { class: 'verdict js-verdict js-rejected', dataset: { tone: rejected.tone } },
      h('span', { class: 'verdict-symbol', 'aria-hidden': 'true' }, `${rejected.symbol} `), rejected.text) : null,
    rejected ? h('p', { class: 'verdict-label verdict--as-read' }, 'As read, ignoring the errors, the engine finds:') : null,
    running ? h('p', { class: `verdict ${rejected ? 'verdict--secondary' : 'js-verdict'}`, dataset: { tone: asRead(running) } },
      h('span', { class: 'verdict-label' }, 'Running here: '), running.text) : null,
    h('p', { class: `verdict ${running || rejected ? 'verdict--secondary' : 'js-verdict'}`, dataset: { tone: asRead(schedule) } },
      running ? h('span', { class: 'verdict-label' }, 'A new pod like this: ') : null, schedule.text),
    !cell.fits && cell.message ? h('p', { class: 'scheduler-message' }, 'Scheduler says: ', h('code', {}, cell.message)) : null,
    detail);
  explain(cell.pod, cell.node).then(
    (cellDetail) => {
      detail.replaceChildren(h('p', { class: 'reason' }, cellDetail.reason));
      if (cellDetail.placementReason) detail.append(h('p', { class: 'reason' }, cellDetail.placementReason));
      detail.append(taintTable(report, cellDetail, link));
      detail.removeAttribute('aria-busy');
    },
    (error) => {
      detail.replaceChildren(h('p', { class: 'error-text' }, `Could not explain this cell: ${error.message}`));
      detail.removeAttribute('aria-busy');
    });
  return card;
}
