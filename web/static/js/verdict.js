// The verdict of one pod on one node, in words, from a Report cell. The
// engine decides; this only phrases its decision. Each phrase has a tone that
// colours it: ok, avoid (PreferNoSchedule), blocked, evict (later), or
// rejected: the API server would refuse the pod or the node as written, so no
// verdict about it is a positive one, whatever the engine computes as read.

import { duration, plural, taintText } from './format.js';
import { rejections } from './cells.js';

/** rejection is the headline of a pair whose pod or node the API server would reject, or null. */
export function rejection(report, cell) {
  const reasons = rejections(report, cell);
  if (reasons.length === 0) return null;
  const [first] = reasons;
  const more = reasons.length > 1 ? ` (and ${plural(reasons.length - 1, 'more error')})` : '';
  return { tone: 'rejected', symbol: '⊘', text: `The API server would reject this ${first.kind}: ${first.reason}${more}` };
}

/** whyNot lists what keeps the pod off the node, first the scheduler's filters. */
function whyNot(report, cell) {
  const node = report.nodes[cell.node];
  const reasons = [];
  if (!cell.placement.nodeName) reasons.push('its spec.nodeName names another node');
  if (!cell.placement.nodeSelector) reasons.push('its nodeSelector does not match the node’s labels');
  if (!cell.placement.affinity) reasons.push('its required node affinity does not match the node');
  if (cell.taints === 'blocked' && node.taints[cell.blockedBy]) {
    reasons.push(`taint ${taintText(node.taints[cell.blockedBy])} is not tolerated`);
  }
  if (cell.unschedulable) reasons.push('the node is cordoned (spec.unschedulable)');
  if (reasons.length === 0 && !cell.fits) reasons.push(cell.message || 'a scheduler filter fails');
  return reasons;
}

/** scheduling phrases what the scheduler does with the pod on this node. */
export function scheduling(report, cell) {
  const node = report.nodes[cell.node];
  if (!cell.fits) {
    const [first] = whyNot(report, cell);
    return { tone: 'blocked', symbol: '✕', text: `Cannot schedule: ${first}` };
  }
  if (cell.taints === 'prefer-avoid') {
    return {
      tone: 'avoid',
      symbol: '↓',
      text: `Schedules, but the scheduler prefers other nodes: ${plural(cell.preferNoSchedule, 'PreferNoSchedule taint')} not tolerated (taint score ${cell.score} of 100)`,
    };
  }
  if (node.taints.length === 0) return { tone: 'ok', symbol: '✓', text: 'Schedules: the node has no taints' };
  return { tone: 'ok', symbol: '✓', text: 'Schedules: every NoSchedule and NoExecute taint is tolerated' };
}

/** eviction phrases what the taint-eviction controller does to a running pod. */
export function eviction(report, cell) {
  const { kind, seconds, taint } = cell.eviction;
  const node = report.nodes[cell.node];
  switch (kind) {
    case 'now':
      return {
        tone: 'blocked',
        symbol: '✕',
        text: node.taints[taint] ? `Evicted now: ${taintText(node.taints[taint])} is not tolerated` : 'Evicted now',
      };
    case 'after':
      return { tone: 'evict', symbol: '◔', text: `Evicted in ${duration(seconds)} (tolerationSeconds: ${seconds})` };
    case 'never':
      return { tone: 'ok', symbol: '●', text: 'Stays forever: every NoExecute taint is tolerated with no time limit' };
    default:
      return { tone: 'ok', symbol: '●', text: 'Stays: the node has no NoExecute taint' };
  }
}

/**
 * verdict is the headline of a cell: that the API server would reject the pod
 * or node (the engine's verdict as read follows); for a pod running on the
 * node, what the eviction controller does; otherwise what the scheduler does.
 */
export function verdict(report, cell) {
  let headline = scheduling(report, cell);
  if (cell.running && cell.eviction) {
    const running = eviction(report, cell);
    headline = { ...running, text: `Running here. ${running.text}` };
  }
  const rejected = rejection(report, cell);
  return rejected ? { ...rejected, text: `${rejected.text}. As read: ${headline.text}` } : headline;
}
