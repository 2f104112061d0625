// Reading a report's cells. A small workspace's report holds every pair,
// pod-major; a large one's holds the cells of one window of the matrix and
// every running cell, with counts over every pair (engine.EvaluateWindow).
// Everything that reads cells goes through here, so both read alike. A cell's
// index is pod × nodes + node in either case.

/** pairCount is how many pod × node pairs the workspace has. */
export function pairCount(report) {
  return report.counts.pairs;
}

const lookups = new WeakMap();

/** cellAt is the cell of one index, or undefined when the report does not hold it. */
export function cellAt(report, index) {
  if (!report.window) return report.cells[index];
  let lookup = lookups.get(report);
  if (!lookup) {
    lookup = new Map(report.cells.map((cell) => [cell.pod * report.nodes.length + cell.node, cell]));
    lookups.set(report, lookup);
  }
  return lookup.get(index);
}

/** cellOf is the cell of a pod on a node, or undefined when the report does not hold it. */
export function cellOf(report, pod, node) {
  return cellAt(report, pod * report.nodes.length + node);
}

/** inWindow reports whether the report holds every cell of a page of the matrix. */
export function inWindow(report, { pod, node, pods, nodes }) {
  const w = report.window;
  if (!w) return true;
  return pod >= w.pod && node >= w.node
    && Math.min(pod + pods, report.pods.length) <= w.pod + w.pods
    && Math.min(node + nodes, report.nodes.length) <= w.node + w.nodes;
}

/** withPage is the report with another window's cells (an answer of the engine's cells) and its running cells. */
export function withPage(report, page) {
  return { ...report, window: page.window, cells: [...page.cells, ...report.cells.filter((cell) => cell.running)] };
}

/** withCells is the report with more of its cells (answers of the engine's cells), for a sorted or filtered page. */
export function withCells(report, cells) {
  return { ...report, cells: [...report.cells, ...cells] };
}

/** rejections lists why the API server would reject the cell's pod and node ("pod: …", "node: …"). */
export function rejections(report, cell) {
  const pod = report.pods[cell.pod];
  const node = report.nodes[cell.node];
  return [
    ...(pod.rejected || []).map((reason) => ({ kind: 'pod', name: pod.name, reason })),
    ...(node.rejected || []).map((reason) => ({ kind: 'node', name: node.name, reason })),
  ];
}
