// A verdict card: one pod on one node. It says each fact once, most important
// first: the headline verdict, one line of why, then the per-taint table that
// Workspace.Explain returns, whose near misses and suggested tolerations stay
// folded until asked for. Pointing at a row (hover or keyboard focus)
// highlights the taint's and the tolerations' lines in the editors.

import { h, uniqueId } from '../shared/dom.js';
import { copyText } from '../shared/clipboard.js';
import { sourceLines } from '../editors/source-lines.js';
import { taintText, tolerationText, tolerationYAML } from '../shared/format.js';
import { cellVerdicts } from './verdict.js';
import { t } from '../shared/i18n.js';
import { explanation, langOf } from '../shared/explain.js';
import { deviceSection } from '../devices/device-table.js';

/**
 * breakable renders a key or taint so that a narrow cell wraps it only after
 * "=", ":", "/" or ".", never inside a word: each piece is kept whole.
 */
export function breakable(text) {
  return text.split(/(?<=[=:/.])/).map((piece, i) => [i > 0 ? h('wbr') : null, h('span', { class: 'nobreak' }, piece)]);
}

/**
 * unprefixed is the explanation without the engine's English "not tolerated: "
 * lead-in where a badge says it already, capitalised.
 */
function unprefixed(said) {
  const rest = said.text.replace(/^not tolerated: /, '');
  return { ...said, text: rest.charAt(0).toUpperCase() + rest.slice(1) };
}

/** saying is a tag holding the explanation said, marked with its language when it is not the page's. */
function saying(tag, attributes, said) {
  return h(tag, { ...attributes, ...langOf(said) }, said.text);
}

function origin(taint) {
  return taint.origin ? h('span', { class: 'note' }, t('card.taint.origin', { origin: taint.origin })) : null;
}

function tolerationLabel(pod, index) {
  const toleration = pod.tolerations[index];
  const line = toleration.source && toleration.source.line;
  return h('span', { class: 'toleration-ref', title: tolerationText(toleration) },
    t('card.toleration', { n: index + 1 }), line ? t('card.line', { line }) : '',
    toleration.addedBy ? h('span', { class: 'note' }, t('card.toleration.addedby', { by: toleration.addedBy })) : null);
}

function suggestion(toleration) {
  const yaml = tolerationYAML(toleration);
  const snippet = h('pre', { class: 'snippet' }, h('code', {}, yaml));
  const status = h('span', { class: 'copy-status', role: 'status' });
  return h('details', { class: 'suggestion fold' },
    h('summary', {}, t('card.suggestion')),
    snippet,
    h('button', { type: 'button', class: 'button button--small', onclick: () => copyText(yaml, status, snippet) }, t('common.copy')),
    ' ', status);
}

function nearMisses(pod, misses) {
  if (misses.length === 0) return null;
  return h('details', { class: 'near-misses fold js-near-misses' },
    h('summary', {}, misses.length === 1 ? t('card.nearmiss') : t('card.nearmisses', { count: misses.length })),
    h('ul', {}, misses.map((miss) => h('li', {},
      tolerationLabel(pod, miss.toleration), t('card.nearmiss.field'), h('code', {}, miss.field), ': ',
      saying('span', {}, explanation(miss, 'reason'))))));
}

/**
 * verdictCell says whether the taint is tolerated and by which toleration;
 * the reason follows folded for a tolerated taint (the badge says most of
 * it), in full for an untolerated one, unless the card's why line says it.
 */
function verdictCell(pod, verdictOfTaint, saidAbove) {
  const by = verdictOfTaint.by || [];
  if (verdictOfTaint.tolerated) {
    return h('td', {},
      h('p', { class: 'taint-verdict js-taint-verdict' }, h('span', { class: 'badge badge--ok' }, t('card.tolerated')), t('card.tolerated.by'),
        by.map((index, i) => [i > 0 ? t('card.tolerated.then') : '', tolerationLabel(pod, index)])),
      h('details', { class: 'fold' }, h('summary', {}, t('card.why')), saying('p', { class: 'reason' }, explanation(verdictOfTaint, 'reason'))));
  }
  return h('td', {},
    h('p', { class: 'taint-verdict js-taint-verdict' }, h('span', { class: 'badge badge--blocked' }, t('card.nottolerated'))),
    saidAbove ? null : saying('p', { class: 'reason' }, unprefixed(explanation(verdictOfTaint, 'reason'))),
    nearMisses(pod, verdictOfTaint.nearMisses || []),
    verdictOfTaint.suggestion ? suggestion(verdictOfTaint.suggestion) : null);
}

function taintRow(pod, node, verdictOfTaint, saidAbove, link) {
  const taint = node.taints[verdictOfTaint.taint];
  const by = verdictOfTaint.by || [];
  const misses = verdictOfTaint.nearMisses || [];
  // A tolerated taint points at the tolerations that tolerate it, an
  // untolerated one at its near misses.
  const pointed = by.length > 0 ? by : misses.map((miss) => miss.toleration);
  const tolerationLines = pointed.flatMap((index) => sourceLines(pod.tolerations[index].source));
  const links = { nodes: sourceLines(taint.source), pods: tolerationLines };
  return h('tr', {
    class: `taint-row taint-row--${verdictOfTaint.tolerated ? 'tolerated' : 'untolerated'} js-taint-row`,
    tabindex: 0,
    onmouseenter: () => link(links),
    onmouseleave: () => link(null),
    onfocus: () => link(links),
    onblur: () => link(null),
  },
  h('th', { scope: 'row' }, h('code', { class: 'taint-key' }, breakable(taintText({ ...taint, effect: '' }))), origin(taint)),
  h('td', {}, taint.effect),
  verdictCell(pod, verdictOfTaint, saidAbove));
}

function taintTable(report, detail, blocking, link) {
  const pod = report.pods[detail.pod];
  const node = report.nodes[detail.node];
  if (node.taints.length === 0) return h('p', { class: 'note' }, t('card.notaints', { node: node.name }));
  return h('div', { class: 'table-scroll' }, h('table', { class: 'taint-table' },
    h('caption', {}, t('card.table.caption', { node: node.name, pod: pod.name })),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('card.table.taint')),
      h('th', { scope: 'col' }, t('card.table.effect')),
      h('th', { scope: 'col' }, t('card.table.tolerated')))),
    h('tbody', {}, detail.taintVerdicts.map((v) => taintRow(pod, node, v, v.taint === blocking, link)))));
}

/**
 * runningWhy is the why line of a pod running on the node: only what its two
 * verdict lines (the eviction, and the scheduler's for a new pod) leave
 * unsaid, so each fact is said once. That is the toleration whose grace
 * sets the eviction's time, and, for a pod the scheduler would not place
 * there now, why it is bound all the same. A kubelet that does not admit
 * the pod, or a tolerationSeconds that overflows, keeps the engine's own
 * sentence, which no verdict line says.
 */
function runningWhy(report, cell, detail) {
  if (cell.kubelet && !cell.kubelet.admit) return explanation(detail, 'reason');
  const { kind, toleration, taint, reason } = cell.eviction;
  if (/time\.Duration/.test(reason)) return explanation(cell.eviction, 'reason');
  const pod = report.pods[cell.pod];
  const node = report.nodes[cell.node];
  const parts = [];
  if (toleration >= 0 && node.taints[taint]) {
    const by = tolerationText(pod.tolerations[toleration]);
    const line = pod.tolerations[toleration].source && pod.tolerations[toleration].source.line;
    const args = { n: toleration + 1, line: line ? t('card.line', { line }) : '', by, taint: taintText(node.taints[taint]) };
    parts.push(kind === 'now' ? t('card.running.nograce', args) : t('card.running.grace', args));
  }
  if (!cell.fits && kind !== 'now') {
    parts.push(t('card.running.anyway'));
  }
  return { text: parts.join(' '), lang: '' };
}

/**
 * why is the card's one line of why, and the taint whose own reason it is
 * (-1 for none), so that its row does not say it again. A verdict that
 * already gives its reason (schedules, avoided, rejected, stays) gets no line.
 */
function why(report, cell, detail, rejected) {
  const none = { text: '', lang: '' };
  if (rejected) return { said: none, taint: -1 };
  if (cell.running && cell.eviction) return { said: runningWhy(report, cell, detail), taint: -1 };
  if (cell.running) return { said: explanation(detail, 'reason'), taint: -1 };
  if (!cell.fits && cell.taints === 'blocked' && cell.blockedBy >= 0 && !detail.placementReason) {
    const blocking = detail.taintVerdicts.find((v) => v.taint === cell.blockedBy);
    if (blocking) return { said: unprefixed(explanation(blocking, 'reason')), taint: cell.blockedBy };
  }
  if (!cell.fits) return { said: explanation(detail, detail.placementReason ? 'placementReason' : 'reason'), taint: -1 };
  return { said: none, taint: -1 };
}

/**
 * newPodText is the scheduler's verdict under a running pod's eviction:
 * when the eviction already names the taint that keeps a new pod off too,
 * it says so instead of naming it again.
 */
function newPodText(cell, schedule) {
  const sameTaint = cell.eviction.kind === 'now' && cell.eviction.toleration < 0 && !cell.fits
    && cell.taints === 'blocked' && cell.blockedBy === cell.eviction.taint
    && cell.placement.nodeName && cell.placement.nodeSelector && cell.placement.affinity;
  return sameTaint ? t('card.newpod.same') : schedule.text;
}

/**
 * renderCard returns the card of one cell. Its per-taint table is drawn from
 * cellDetail when the report came with it, else it arrives from
 * explain(pod, node) a moment later; link(links) highlights editor lines;
 * clockNote is a sentence saying the clock has changed this node's taints,
 * or empty. A pod that uses ResourceClaims gets its device section below.
 */
export function renderCard(report, cell, { explain, cellDetail = null, link, clockNote = '' }) {
  const pod = report.pods[cell.pod];
  const node = report.nodes[cell.node];
  const titleID = uniqueId('card');
  // A pod's devices decide its fate where they keep it Pending or evict it
  // first; a pod without claims has none. A pair the API server would
  // refuse leads with that; the engine's verdicts as read follow, in a
  // neutral tone, never as a green "Schedules".
  const { devices, schedule, running, rejected } = cellVerdicts(report, cell);
  const headline = rejected || running || schedule;
  const asRead = (verdictOf) => (rejected ? 'as-read' : verdictOf.tone);
  const detail = h('div', { class: 'card-detail', 'aria-busy': 'true' }, h('p', { class: 'note' }, t('card.explaining')));
  const card = h('article', { class: `card card--${headline.tone}`, 'aria-labelledby': titleID, dataset: { node: node.name } },
    h('h3', { id: titleID, class: 'card-title' },
      h('span', { class: 'card-pod' }, pod.name), h('span', { class: 'card-on' }, t('card.on')),
      h('span', { class: 'card-node' }, node.name)),
    rejected ? h('p', { class: 'verdict js-verdict js-rejected', dataset: { tone: rejected.tone } },
      h('span', { class: 'verdict-symbol', 'aria-hidden': 'true' }, `${rejected.symbol} `), rejected.text) : null,
    rejected ? h('p', { class: 'verdict-label verdict--as-read' }, t('card.asread')) : null,
    running ? h('p', { class: `verdict ${rejected ? 'verdict--secondary' : 'js-verdict'}`, dataset: { tone: asRead(running) } },
      h('span', { class: 'verdict-label' }, t('card.running.label')), running.text) : null,
    h('p', { class: `verdict ${running || rejected ? 'verdict--secondary' : 'js-verdict'}`, dataset: { tone: asRead(schedule) } },
      running ? h('span', { class: 'verdict-label' }, t('card.newpod.label')) : null, running ? newPodText(cell, schedule) : schedule.text),
    h('p', { class: 'card-clock-note js-card-clock-note', hidden: !clockNote }, clockNote),
    detail,
    devices ? deviceSection(devices, link) : null);
  const explained = (cellDetail) => {
    const because = why(report, cell, cellDetail, rejected);
    // replaceChildren writes a null as the text "null": the parts a card lacks are left out.
    detail.replaceChildren(...[
      because.said.text ? saying('p', { class: 'card-why js-card-why' }, because.said) : null,
      taintTable(report, cellDetail, because.taint, link),
      !cell.fits && cell.message ? h('details', { class: 'fold scheduler-message' },
        h('summary', {}, t('card.scheduler.message')), h('code', {}, cell.message)) : null,
    ].filter(Boolean));
    detail.removeAttribute('aria-busy');
  };
  if (cellDetail) {
    explained(cellDetail);
    return card;
  }
  explain(cell.pod, cell.node).then(
    explained,
    (error) => {
      detail.replaceChildren(h('p', { class: 'error-text' }, t('card.explain.failed', { error: error.message })));
      detail.removeAttribute('aria-busy');
    });
  return card;
}
