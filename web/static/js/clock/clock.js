// The state of the eviction countdown at one moment, read from the engine's
// Timeline: pure functions, so the panel and the presenter view only draw
// what these return.

import { clockText } from '../shared/format.js';
import { t as tr } from '../shared/i18n.js';

/** progress is how far a countdown from start to deadline has run at time t, from 0 to 1. */
export function progress(start, deadline, t) {
  const span = deadline - start;
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (t - start) / span));
}

/**
 * pairStatus is what the countdown shows for a pod on a node at time t: kind
 * (none, scheduled, evicted or cancelled), the entry that decides it, the
 * bar's fill from 0 to 1 and a sentence. A "kept" entry leaves the countdown
 * that the last "scheduled" entry started running, so the bar fills from there.
 */
export function pairStatus(entries, pod, node, t) {
  let entry = null;
  let started = null;
  for (const candidate of entries) {
    if (candidate.pod !== pod || candidate.node !== node || candidate.at > t) continue;
    entry = candidate;
    if (candidate.kind === 'scheduled') started = candidate;
  }
  switch (entry ? entry.kind : 'none') {
    case 'scheduled':
    case 'kept':
      return {
        kind: 'scheduled',
        entry,
        fraction: progress((started || entry).at, entry.deadline, t),
        text: tr('clock.status.scheduled', { time: clockText(entry.deadline - t) }),
      };
    case 'evicted':
      return { kind: 'evicted', entry, fraction: 1, text: tr('clock.status.evicted', { time: clockText(entry.at) }) };
    case 'cancelled':
      return { kind: 'cancelled', entry, fraction: 0, text: tr('clock.status.cancelled', { time: clockText(entry.at) }) };
    default:
      return { kind: 'none', entry: null, fraction: 0, text: tr('clock.status.none') };
  }
}

/** nextEviction is the time of the first eviction after t, or null. */
export function nextEviction(entries, t) {
  let next = null;
  for (const entry of entries) {
    if (entry.kind === 'evicted' && entry.at > t && (next === null || entry.at < next)) next = entry.at;
  }
  return next;
}

/**
 * taintsAt applies the clock's events up to time t to a node's taints, as the
 * controller sees them: an added taint replaces one with the same key and
 * effect; a removal without an effect removes every effect of the key.
 */
export function taintsAt(taints, events, nodeName, t) {
  let current = [...taints];
  for (const event of events) {
    if (!event.taint || event.node !== nodeName || event.at > t) continue;
    const { key, effect } = event.taint;
    const same = (taint) => taint.key === key && (!effect || taint.effect === effect);
    current = current.filter((taint) => !same(taint));
    if (event.kind === 'addTaint') current.push(event.taint);
  }
  return current;
}

/**
 * matchesSelector reports whether labels satisfy an equality-based label
 * selector: comma-separated k=v, k==v, k!=v, k and !k. It throws on the
 * set-based forms (in, notin), which the countdown does not read.
 */
export function matchesSelector(labels, selector) {
  return selector.split(',').map((term) => term.trim()).filter(Boolean).every((term) => {
    if (/\s(in|notin)\s*\(/.test(term)) throw new Error(`set-based selector "${term}" is not supported here; use k=v, k!=v, k or !k`);
    const not = term.match(/^(.+?)!=(.*)$/);
    if (not) return labels[not[1].trim()] !== not[2].trim();
    const eq = term.match(/^(.+?)==?(.*)$/);
    if (eq) return labels[eq[1].trim()] === eq[2].trim();
    if (term.startsWith('!')) return !(term.slice(1).trim() in labels);
    return term in labels;
  });
}
