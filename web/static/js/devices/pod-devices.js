// A pod's device verdict (the report's devices, engine.PodDevices) beside
// its node verdict: which pod it belongs to, the device it names, and the
// headline it gives a card when the devices decide the pod's fate, with the
// same kinds and tones as a node's verdict. A report without devices has
// none of this: every function here answers null for it.

import { duration, taintText } from '../shared/format.js';
import { t } from '../shared/i18n.js';

/** deviceName names a device as an allocation result does: driver/pool/device. */
export function deviceName(ref) {
  return `${ref.driver}/${ref.pool}/${ref.device}`;
}

/** taintSource says where a device's taint comes from: its ResourceSlice, or a DeviceTaintRule. */
export function taintSource(tracked) {
  return tracked.rule ? t('device.from.rule', { rule: tracked.rule }) : t('device.from.slice', { slice: tracked.slice });
}

/** byPod indexes each report's device verdicts by namespace/name, once: the matrix asks for thousands of cells. */
const byPod = new WeakMap();

/** podKey names a pod by its namespace (empty is "default", as the apiserver defaults it) and name. */
function podKey({ namespace, name }) {
  return `${namespace || 'default'}/${name}`;
}

/** devicesOf is the device verdict of the report's pod at index pod, or null when it uses no claim. */
export function devicesOf(report, pod) {
  if (!report.devices) return null;
  if (!byPod.has(report.devices)) {
    const index = new Map();
    for (const devices of report.devices) if (!index.has(podKey(devices))) index.set(podKey(devices), devices);
    byPod.set(report.devices, index);
  }
  return byPod.get(report.devices).get(podKey(report.pods[pod])) || null;
}

/**
 * deviceEviction is the running line of a pod its devices evict, as
 * verdict.js's eviction() phrases a node's: evicted now, or after N s, with
 * the device and its taint named; null when the devices evict nothing.
 */
export function deviceEviction(devices) {
  const { eviction } = devices;
  if (!eviction || !eviction.device) return null;
  const args = { device: deviceName(eviction.device), taint: taintText(eviction.taint.taint), duration: duration(eviction.seconds || 0) };
  if (eviction.kind === 'now') return { tone: 'blocked', symbol: '✕', kind: 'now', text: t('device.verdict.evicted.now', args) };
  if (eviction.kind === 'after') return { tone: 'evict', symbol: '◔', kind: 'after', text: t('device.verdict.evicted.after', args) };
  return null;
}

/**
 * deviceDecides reports whether a running pod's device eviction comes first,
 * as engine.AddDeviceVerdicts combines them: a device that evicts now
 * always does; one that evicts later unless the node's taints evict now or
 * sooner.
 */
export function deviceDecides(cellEviction, evicted) {
  if (!evicted || (evicted.kind !== 'now' && evicted.kind !== 'after')) return false;
  if (evicted.kind === 'now') return true;
  if (!cellEviction) return true;
  if (cellEviction.kind === 'now') return false;
  return cellEviction.kind !== 'after' || evicted.seconds < cellEviction.seconds;
}

/**
 * deviceBlock is the headline of a pending pod that fits the node but whose
 * claims can get no device (or name a claim not in the input), else null.
 */
export function deviceBlock(devices) {
  if (devices.verdict !== 'unschedulable') return null;
  const args = devices.reason.args || {};
  const reason = devices.reason.id === 'device.pod.claim-missing'
    ? t('device.why.missing', { claim: args.claim || '' })
    : t('device.why.nodevice', { claim: args.claim || '', request: args.request || '' });
  return { tone: 'blocked', symbol: '✕', text: t('verdict.cannot', { reason }) };
}

/**
 * devicesSummary is the sentence the results' summary adds for the pods
 * whose devices evict them or keep them Pending, each with its device or
 * claim named; empty when there are none.
 */
export function devicesSummary(report) {
  const said = [];
  for (const devices of report.devices || []) {
    const { eviction } = devices;
    if (eviction && eviction.device && (eviction.kind === 'now' || eviction.kind === 'after')) {
      said.push(t(`device.summary.evicted.${eviction.kind}`, { pod: devices.name, device: deviceName(eviction.device), duration: duration(eviction.seconds || 0) }));
    } else if (devices.verdict === 'unschedulable') {
      said.push(t('device.summary.pending', { pod: devices.name, claim: (devices.reason.args || {}).claim || '' }));
    }
  }
  return said.length ? t('device.summary', { pods: said.join(t('device.summary.separator')) }) : '';
}
