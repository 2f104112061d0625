// A kubectl taint line as clock events: the engine parses the line
// (parseTaintCommand); this turns the command into the events that add and
// remove its taints on the nodes it names, at the clock's current time.

import { matchesSelector, taintsAt } from './clock.js';

/** targets returns the nodes of the report a kubectl taint command names, or throws. */
function targets(command, report) {
  if (!report) throw new Error('the nodes have not been evaluated yet');
  const { nodes } = report;
  if (command.all) return nodes;
  if (command.selector) return nodes.filter((node) => matchesSelector(node.labels || {}, command.selector));
  return (command.nodes || []).map((name) => {
    const node = nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`nodes "${name}" not found`);
    return node;
  });
}

/**
 * removals are the events of removing taint from node at time at, given the
 * clock's events so far. A key-only removal (key-) removes every effect of
 * the key, as kubectl does, so it becomes one event per taint the node has
 * then: the engine's events name one taint each.
 */
function removals(node, taint, events, at) {
  const remove = (effect) => ({ at, kind: 'removeTaint', node: node.name, taint: { key: taint.key, value: '', effect } });
  if (taint.effect) return [remove(taint.effect)];
  return taintsAt(node.taints || [], events, node.name, at)
    .filter((current) => current.key === taint.key)
    .map((current) => remove(current.effect));
}

/**
 * commandEvents are the clock events of a parsed kubectl taint command at
 * time at, on the report's nodes after the clock's events so far. It throws,
 * as kubectl fails, when a node or a key-only taint to remove is not found,
 * or when no node matches.
 */
export function commandEvents(command, report, events, at) {
  const added = targets(command, report).flatMap((node) => [
    ...(command.remove || []).flatMap((taint) => removals(node, taint, events, at)),
    ...(command.add || []).map((taint) => ({ at, kind: 'addTaint', node: node.name, taint: { key: taint.key, value: taint.value || '', effect: taint.effect } })),
  ]);
  for (const taint of command.remove || []) {
    if (!taint.effect && !added.some((event) => event.kind === 'removeTaint' && event.taint.key === taint.key)) {
      throw new Error(`taint "${taint.key}" not found`);
    }
  }
  if (added.length === 0) throw new Error('no node matches the command');
  return added;
}
