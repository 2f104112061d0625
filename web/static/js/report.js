// The engine's Report as the page reads it. Go encodes a nil slice as null, so
// a node without taints or a pod without tolerations arrives with null; the
// page reads every list as an array.

/** readReport fills the lists the engine left null with empty arrays. */
export function readReport(report) {
  for (const node of report.nodes) node.taints = node.taints || [];
  for (const pod of report.pods) pod.tolerations = pod.tolerations || [];
  return report;
}
