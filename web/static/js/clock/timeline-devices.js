// The timeline's device taint lanes: under a node, a lane per taint of a
// device allocated to a pod running there, drawn over the whole chart, since
// the clock's events never change a device's taints. The evictions they
// cause are the engine's timeline entries, drawn on the pods' rows.

import { svg, title } from './timeline-svg.js';
import { taintText } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { deviceTaintsOn } from '../devices/device-taints.js';
import { taintSource } from '../devices/pod-devices.js';

/** deviceLanes is, for the report's nodes, each device taint on them: {node, device, tracked}, node by index. */
export function deviceLanes(report) {
  if (!report.devices) return [];
  return report.nodes.flatMap((node, index) => deviceTaintsOn(report, node.name).map((lane) => ({ node: index, ...lane })));
}

/** addDeviceLanes adds the device lanes to the chart's groups, group(node) giving a node's. */
export function addDeviceLanes(lanes, group) {
  for (const lane of lanes) {
    group(lane.node).lanes.push({ key: `${lane.device}|${lane.tracked.rule || lane.tracked.slice}|${lane.tracked.taintIndex}`, taint: lane.tracked.taint, device: lane });
  }
}

/** deviceRow draws a device taint's lane on a node of the chart, from t = 0 to its end. */
export function deviceRow(chart, node, lane, y) {
  const { device, tracked } = lane.device;
  const taint = taintText(tracked.taint);
  const x = chart.x(0);
  return svg('g', { class: 'timeline-taint-row timeline-device-row', dataset: { effect: tracked.taint.effect } },
    // The label leads with the device's own name, which a cut label keeps; the tooltip names it whole.
    chart.label(t('timeline.device.label', { device: device.split('/').pop(), taint: `${tracked.taint.key}:${tracked.taint.effect}` }), y + 13, 'timeline-taint-label'),
    svg('rect', {
      class: 'timeline-taint timeline-device-taint js-timeline-device-taint',
      x, y: y + 4, width: Math.max(1, chart.x(chart.end) - x), height: 10, rx: 2,
      dataset: { node, device, taint, effect: tracked.taint.effect },
    }, title(t('timeline.device.span', { taint, device, node, source: taintSource(tracked) }))));
}
