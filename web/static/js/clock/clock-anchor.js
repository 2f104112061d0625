// What the countdown's t = 0 is. Node NoExecute taints start their
// countdown when the taint-eviction controller observes them, which upstream
// never dates (a pasted timeAdded only anchors the reading). Device taints
// count from their own timeAdded (the device taint eviction controller), so
// on a page with device NoExecute taints t = 0 is the time the device
// verdicts are for, the report's deviceClock, and the wall-clock reading
// follows it: the countdown's times then agree with the cards' deadlines.

import { taintText } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { deviceLanes } from './timeline-devices.js';

/**
 * clockAnchor is {note, time}: the note that says what t = 0 means, and the
 * wall-clock time of t = 0 in milliseconds, null when times are relative.
 */
export function clockAnchor(report) {
  if (!deviceLanes(report).some(({ tracked }) => tracked.taint.effect === 'NoExecute')) return nodeAnchor(report);
  // The engine's DeviceClock is the Unix epoch when no device taint has a timeAdded.
  const time = Date.parse(report.deviceClock);
  const placed = Number.isFinite(time) && time > 0;
  const devices = placed
    ? t('clock.anchor.device', { time: new Date(time).toISOString() })
    : t('clock.anchor.device.relative');
  const nodes = report.nodes.some((node) => node.taints.some((taint) => taint.effect === 'NoExecute'));
  return { note: nodes ? t('clock.anchor.device.both', { nodes: t('clock.anchor.device.node'), devices }) : devices, time: placed ? time : null };
}

/** nodeAnchor anchors t = 0 to the earliest pasted timeAdded of a node NoExecute taint, if any. */
function nodeAnchor(report) {
  let anchor = null;
  for (const node of report.nodes) {
    for (const taint of node.taints) {
      if (taint.effect !== 'NoExecute' || !taint.timeAdded) continue;
      const time = Date.parse(taint.timeAdded);
      if (Number.isFinite(time) && (!anchor || time < anchor.time)) anchor = { time, taint, node };
    }
  }
  if (!anchor) return { note: t('clock.anchor.relative'), time: null };
  const time = new Date(anchor.time).toISOString();
  return { note: t('clock.anchor.absolute', { taint: taintText(anchor.taint), node: anchor.node.name, time }), time: anchor.time };
}
