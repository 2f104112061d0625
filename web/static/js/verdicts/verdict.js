// The verdict of one pod on one node, in words, from a Report cell. The
// engine decides; this only phrases its decision. Each phrase has a tone that
// colours it: ok, avoid (PreferNoSchedule), blocked, evict (later), or
// rejected: the API server would refuse the pod or the node as written, so no
// verdict about it is a positive one, whatever the engine computes as read.

import { duration, taintText } from '../shared/format.js';
import { t, tn } from '../shared/i18n.js';
import { rejections } from './cells.js';
import { deviceBlock, deviceDecides, deviceEviction, devicesOf } from '../devices/pod-devices.js';

// The tone and symbol of each kind of verdict; mark() picks one without
// phrasing the sentence, for the matrix's thousands of cells.
const REJECTED = { tone: 'rejected', symbol: '⊘' };
const BLOCKED = { tone: 'blocked', symbol: '✕' };
const AVOID = { tone: 'avoid', symbol: '↓' };
const SCHEDULES = { tone: 'ok', symbol: '✓' };
const STAYS = { tone: 'ok', symbol: '●' };
const EVICTED_LATER = { tone: 'evict', symbol: '◔' };

/** isRejected reports whether the API server would reject the cell's pod or node. */
function isRejected(report, cell) {
  return (report.pods[cell.pod].rejected || []).length > 0 || (report.nodes[cell.node].rejected || []).length > 0;
}

/** schedulingMark is the tone and symbol of what the scheduler does with the pod on this node. */
function schedulingMark(cell) {
  if (!cell.fits) return BLOCKED;
  return cell.taints === 'prefer-avoid' ? AVOID : SCHEDULES;
}

/** evictionMark is the tone and symbol of what the taint-eviction controller does to a running pod. */
function evictionMark(cell) {
  switch (cell.eviction.kind) {
    case 'now':
      return BLOCKED;
    case 'after':
      return EVICTED_LATER;
    default:
      return STAYS;
  }
}

/** mark is the tone and symbol of the cell's verdict, as verdict() has them, without its sentence: one object per kind, the same for every cell of that kind. */
export function mark(report, cell) {
  if (isRejected(report, cell)) return REJECTED;
  const devices = devicesOf(report, cell.pod);
  if (devices && cell.running && devices.eviction && deviceDecides(cell.eviction, devices.eviction)) {
    return devices.eviction.kind === 'now' ? BLOCKED : EVICTED_LATER;
  }
  if (devices && !cell.running && cell.fits && devices.verdict === 'unschedulable') return BLOCKED;
  return cell.running && cell.eviction ? evictionMark(cell) : schedulingMark(cell);
}

/** rejection is the headline of a pair whose pod or node the API server would reject, or null. */
export function rejection(report, cell) {
  const reasons = rejections(report, cell);
  if (reasons.length === 0) return null;
  const [first] = reasons;
  const more = reasons.length > 1 ? tn('verdict.rejected.more', reasons.length - 1) : '';
  return { ...REJECTED, text: t('verdict.rejected', { kind: first.kind, reason: first.reason, more }) };
}

/** whyNot lists what keeps the pod off the node, first the scheduler's filters. */
function whyNot(report, cell) {
  const node = report.nodes[cell.node];
  const reasons = [];
  if (!cell.placement.nodeName) reasons.push(t('verdict.why.nodename'));
  if (!cell.placement.nodeSelector) reasons.push(t('verdict.why.selector'));
  if (!cell.placement.affinity) reasons.push(t('verdict.why.affinity'));
  if (cell.taints === 'blocked' && node.taints[cell.blockedBy]) {
    reasons.push(t('verdict.why.taint', { taint: taintText(node.taints[cell.blockedBy]) }));
  }
  if (cell.unschedulable) reasons.push(t('verdict.why.cordoned'));
  if (reasons.length === 0 && !cell.fits) reasons.push(cell.message || t('verdict.why.filter'));
  return reasons;
}

/** scheduling phrases what the scheduler does with the pod on this node. */
export function scheduling(report, cell) {
  const node = report.nodes[cell.node];
  const headline = schedulingMark(cell);
  if (headline === BLOCKED) {
    const [first] = whyNot(report, cell);
    return { ...headline, text: t('verdict.cannot', { reason: first }) };
  }
  if (headline === AVOID) {
    return {
      ...headline,
      text: tn('verdict.prefer', cell.preferNoSchedule, { score: cell.score }),
    };
  }
  if (node.taints.length === 0) return { ...headline, text: t('verdict.schedules.notaints') };
  return { ...headline, text: t('verdict.schedules.tolerated') };
}

/** eviction phrases what the taint-eviction controller does to a running pod. */
export function eviction(report, cell) {
  const { kind, seconds, taint } = cell.eviction;
  const node = report.nodes[cell.node];
  const headline = evictionMark(cell);
  switch (kind) {
    case 'now':
      return { ...headline, text: node.taints[taint] ? t('verdict.evicted.now.taint', { taint: taintText(node.taints[taint]) }) : t('verdict.evicted.now') };
    case 'after':
      return { ...headline, text: t('verdict.evicted.after', { duration: duration(seconds), seconds }) };
    case 'never':
      return { ...headline, text: t('verdict.stays.forever') };
    default:
      return { ...headline, text: t('verdict.stays') };
  }
}

/**
 * cellVerdicts are a cell's verdict lines, the pod's devices (engine.PodDevices,
 * or null) weighed in as the engine combines them: schedule, what the
 * scheduler does, or that a pod fitting the node gets no device; running,
 * for a pod running on the node, what the eviction controller that acts
 * first does (the node's, or the device's, with the device named), else
 * null; rejected, the API server's refusal, or null.
 */
export function cellVerdicts(report, cell) {
  const devices = devicesOf(report, cell.pod);
  const schedule = (devices && !cell.running && cell.fits && deviceBlock(devices)) || scheduling(report, cell);
  const byDevice = devices && cell.running ? deviceEviction(devices) : null;
  const running = byDevice && deviceDecides(cell.eviction, devices.eviction)
    ? byDevice
    : cell.running && cell.eviction ? eviction(report, cell) : null;
  return { devices, schedule, running, rejected: rejection(report, cell) };
}

/**
 * verdict is the headline of a cell: that the API server would reject the pod
 * or node (the engine's verdict as read follows); for a pod running on the
 * node, what the eviction controller that acts first does; otherwise what
 * the scheduler does.
 */
export function verdict(report, cell) {
  const { schedule, running, rejected } = cellVerdicts(report, cell);
  const headline = running ? { ...running, text: t('verdict.running', { verdict: running.text }) } : schedule;
  return rejected ? { ...rejected, text: t('verdict.asread', { rejected: rejected.text, verdict: headline.text }) } : headline;
}
