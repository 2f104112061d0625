// The device taints the eviction countdown and the timeline show beside a
// node's own: the taints of the devices allocated to the claims of the pods
// running on it, as the report's device verdicts list them. They stay as the
// inventory has them throughout the clock: its events change node taints
// and pod tolerations only (engine/devicetimeline.go).

import { deviceName } from './pod-devices.js';

/**
 * deviceTaintsOn is each taint of a device allocated to a pod running on
 * the node named, once: {device, tracked} with the device's name and the
 * tracked taint (the taint and its ResourceSlice or DeviceTaintRule).
 */
export function deviceTaintsOn(report, nodeName) {
  const seen = new Map();
  for (const devices of report.devices || []) {
    if (devices.nodeName !== nodeName) continue;
    for (const claim of devices.claims) {
      if (!claim.allocated) continue;
      for (const request of claim.requests || []) {
        for (const device of request.devices) {
          for (const tracked of device.taints || []) {
            const name = deviceName(device);
            seen.set(`${name}|${tracked.rule || ''}|${tracked.slice || ''}|${tracked.taintIndex}`, { device: name, tracked });
          }
        }
      }
    }
  }
  return [...seen.values()];
}
