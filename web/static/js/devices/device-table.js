// A card's device section: for a pod that uses ResourceClaims, its device
// verdict (engine.PodDevices) as one table per claim, a row per taint of
// each device it has or could get: where the taint comes from, which
// toleration of which request tolerates it, and what it does. The engine's
// sentences are messages only, said in the page's language (explain.js's
// said); pointing at a row highlights its taint's and toleration's lines,
// as a node taint's row does.

import { h } from '../shared/dom.js';
import { duration, taintText, tolerationText } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { langOf, said } from '../shared/explain.js';
import { deviceName, taintSource } from './pod-devices.js';
import { sourceLines } from '../editors/source-lines.js';

/** saying is a tag holding a message, marked with its language when it is not the page's. */
function saying(tag, attributes, message) {
  const words = said(message);
  return h(tag, { ...attributes, ...langOf(words) }, words.text);
}

/** RESULTS are each row's outcome: its tone, and the catalog id of its words. */
const RESULTS = {
  'evicted-now': { tone: 'blocked', id: 'device.result.evicted.now' },
  'evicted-after': { tone: 'evict', id: 'device.result.evicted.after' },
  deadline: { tone: 'evict', id: 'device.result.deadline' },
  forever: { tone: 'ok', id: 'device.result.forever' },
  stays: { tone: 'ok', id: 'device.result.stays' },
  none: { tone: 'ok', id: 'device.result.none' },
  allocatable: { tone: 'ok', id: 'device.result.allocatable' },
  skipped: { tone: 'blocked', id: 'device.result.skipped' },
};

/** sameTaint reports whether two tracked taints are the same taint of the same slice or rule. */
function sameTaint(a, b) {
  return a.rule === b.rule && a.slice === b.slice && a.taintIndex === b.taintIndex;
}

/**
 * rowResult is what a taint (or, for a device without taints, the device)
 * does to the pod: a candidate is allocatable or skipped; an allocated
 * device's NoExecute taint evicts (now or after N s when it is the one that
 * decides, else at its deadline) or is tolerated forever; any other leaves
 * the pod running.
 */
function rowResult(devices, device, taint) {
  if (device.result < 0) return device.allocatable ? 'allocatable' : 'skipped';
  if (!taint || taint.taint.effect !== 'NoExecute') return taint && taint.taint.effect === 'None' ? 'none' : 'stays';
  if (taint.forever) return 'forever';
  const { eviction } = devices;
  const decides = eviction && eviction.device && deviceName(eviction.device) === deviceName(device) && sameTaint(eviction.taint, taint);
  if (decides && eviction.kind === 'now') return 'evicted-now';
  if (decides && eviction.kind === 'after') return 'evicted-after';
  return 'deadline';
}

function tolerationCell(request, tolerations, taint) {
  if (!taint) return h('td', {}, '—');
  if (taint.toleratedBy < 0) {
    return h('td', {}, h('span', { class: 'badge badge--blocked' }, t('card.nottolerated')));
  }
  const toleration = tolerations[taint.toleratedBy];
  return h('td', {}, h('span', { class: 'badge badge--ok' }, t('card.tolerated')),
    h('span', { class: 'toleration-ref', title: tolerationText(toleration) },
      t('device.toleration', { n: taint.toleratedBy + 1, request: request.request })));
}

function resultCell(devices, device, taint) {
  const result = rowResult(devices, device, taint);
  const { eviction } = devices;
  const args = { seconds: eviction && eviction.seconds, duration: duration((eviction && eviction.seconds) || 0), deadline: taint && taint.deadline };
  const reason = taint ? taint.reason : device.reason;
  return h('td', {},
    h('p', { class: 'taint-verdict' }, h('span', { class: `badge badge--${RESULTS[result].tone}` }, t(RESULTS[result].id, args))),
    reason ? h('details', { class: 'fold' }, h('summary', {}, t('card.why')), saying('p', { class: 'reason' }, reason)) : null);
}

/** linksOf is the editor lines of each source given (or null), by the editor that holds it. */
function linksOf(...sources) {
  const links = { nodes: [], pods: [] };
  for (const source of sources) {
    if (source && links[source.editor]) links[source.editor].push(...sourceLines(source));
  }
  return links;
}

function deviceRows(devices, request, device, link) {
  const tolerations = device.result < 0 ? request.tolerations || [] : device.tolerations || [];
  const taints = device.taints && device.taints.length ? device.taints : [null];
  const name = deviceName(device);
  return taints.map((taint) => {
    const links = linksOf(taint && taint.taint.source, taint && taint.toleratedBy >= 0 ? tolerations[taint.toleratedBy].source : null);
    return h('tr', {
      class: 'taint-row device-row js-device-row',
      tabindex: 0,
      dataset: { device: name, result: rowResult(devices, device, taint) },
      onmouseenter: () => link(links),
      onmouseleave: () => link(null),
      onfocus: () => link(links),
      onblur: () => link(null),
    },
    h('th', { scope: 'row' }, h('code', { class: 'taint-key' }, name),
      h('span', { class: 'note' }, device.result < 0 ? t('device.candidate', { request: request.request }) : t('device.allocated', { request: request.request }))),
    h('td', {}, taint ? [h('code', {}, taintText(taint.taint)), h('span', { class: 'note' }, taintSource(taint))] : t('device.notaints')),
    tolerationCell(request, tolerations, taint),
    resultCell(devices, device, taint));
  });
}

function claimTable(devices, claim, podName, link) {
  const rows = (claim.requests || []).flatMap((request) => request.devices.flatMap((device) => deviceRows(devices, request, device, link)));
  const more = (claim.requests || []).filter((request) => request.candidates > request.devices.length)
    .map((request) => h('p', { class: 'note' }, t('device.more', { request: request.request, shown: request.devices.length, candidates: request.candidates, allocatable: request.allocatable || 0 })));
  return h('div', { class: 'device-claim js-device-claim', dataset: { claim: claim.claim } },
    saying('p', { class: 'note' }, claim.reason),
    rows.length === 0 ? null : h('div', { class: 'table-scroll' }, h('table', { class: 'taint-table device-table js-device-table' },
      h('caption', {}, t('device.table.caption', { claim: claim.claim, pod: podName })),
      h('thead', {}, h('tr', {},
        [t('device.table.device'), t('device.table.taint'), t('card.table.tolerated'), t('device.table.result')]
          .map((name) => h('th', { scope: 'col' }, name)))),
      h('tbody', {}, rows))),
    more);
}

/**
 * deviceSection is a card's device section for the pod's device verdict:
 * the engine's sentence of what the devices do, then a table per claim.
 * link(links) highlights editor lines.
 */
export function deviceSection(devices, link) {
  return h('section', { class: 'device-verdict js-device-verdict', dataset: { verdict: devices.verdict } },
    h('h4', { class: 'device-title' }, t('device.title')),
    saying('p', { class: 'card-why js-device-why' }, devices.reason),
    devices.claims.map((claim) => claimTable(devices, claim, devices.name, link)));
}
