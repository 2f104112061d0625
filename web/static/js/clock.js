// The state of the eviction countdown at one moment, read from the engine's
// Timeline: pure functions, so the panel only draws what these return.

/** stateAt returns the last timeline entry of a pod on a node at time t, or null. */
export function stateAt(entries, pod, node, t) {
  let last = null;
  for (const entry of entries) {
    if (entry.pod === pod && entry.node === node && entry.at <= t) last = entry;
  }
  return last;
}

/** progress is how far a scheduled eviction has run at time t, from 0 to 1. */
export function progress(entry, t) {
  const span = entry.deadline - entry.at;
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (t - entry.at) / span));
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
