// The blast radius of a what-if as tables: totals by node pool and by
// workload (the engine's RadiusTotals), the pods one page at a time
// (whatIfRows, sorted by the engine), and the whole radius to download as
// CSV (one row per pod) or JSON (the document `taint-playground whatif -o
// json` prints). The engine keeps the last what-if, so nothing here holds
// more than a page of pods.

import { h } from '../shared/dom.js';
import { downloadJSON, downloadText } from '../shared/download.js';
import { count } from '../shared/format.js';
import { localSource, PagedTable } from '../shared/pagedtable.js';

/** DOWNLOAD_NAME is the downloads' file name, without the extension. */
const DOWNLOAD_NAME = 'taint-playground-whatif';

const number = (key, label) => ({ key, label, numeric: true, text: (row) => count(row[key]) });
const running = [number('evictedNow', 'Evicted now'), number('evictedLater', 'Evicted later'), number('stay', 'Stay')];

/** poolNote says which node label names the pools. */
function poolNote(label) {
  if (!label) {
    return h('p', { class: 'note js-whatif-pool-label' },
      'No node carries a pool label (karpenter.sh/nodepool, cloud.google.com/gke-nodepool, eks.amazonaws.com/nodegroup, kubernetes.azure.com/agentpool or pool), so every node counts in one pool.');
  }
  return h('p', { class: 'note js-whatif-pool-label' }, 'Node pools are the values of the node label ', h('code', {}, label), '.');
}

/**
 * radiusTables draws totals (a RadiusTotals) and, when pods is set, the
 * table of every pod, with the download buttons; engine is the bridge
 * holding the what-if. It resolves once every table shows its first page.
 */
export async function radiusTables(engine, totals, { pods }) {
  const tables = [
    new PagedTable({
      caption: 'Totals by node pool', hook: 'js-whatif-pools',
      columns: [{ key: 'pool', label: 'Pool', text: (row) => row.pool || '(no pool label)' }, number('nodes', 'Nodes changed'), ...running],
      source: localSource(totals.pools),
    }),
    new PagedTable({
      caption: 'Totals by workload', hook: 'js-whatif-workloads',
      columns: [{ key: 'namespace', label: 'Namespace' }, { key: 'workload', label: 'Workload' }, ...running,
        number('noLongerSchedulable', 'No longer schedulable'), number('newlySchedulable', 'Newly schedulable')],
      source: localSource(totals.workloads.map((w) => ({ ...w, workload: `${w.kind}/${w.name}` }))),
    }),
    pods && new PagedTable({
      caption: 'Pods', hook: 'js-whatif-pods',
      columns: [{ key: 'namespace', label: 'Namespace' }, { key: 'pod', label: 'Pod' }, { key: 'node', label: 'Node' }, { key: 'pool', label: 'Pool' },
        { key: 'workload', label: 'Workload' }, { key: 'outcome', label: 'Outcome' },
        { key: 'when', label: 'When', numeric: true, text: (row) => (row.when == null ? '' : `${count(row.when)} s`) }],
      source: (page) => engine.call('whatIfRows', page),
    }),
  ].filter(Boolean);
  await Promise.all(tables.map((table) => table.load()));
  const status = h('span', { class: 'note js-whatif-download-status', role: 'status' });
  const download = async (format) => {
    status.textContent = '';
    try {
      const file = await engine.call('whatIfDownload', { format });
      if (format === 'csv') downloadText(file, `${DOWNLOAD_NAME}.csv`, 'text/csv');
      else downloadJSON(file, `${DOWNLOAD_NAME}.json`);
    } catch (error) {
      status.textContent = `The download failed: ${error.message}`;
    }
  };
  // The tables sit in the what-if's live region, which announces the
  // summary: a screen reader would read hundreds of cells after each answer.
  return h('div', { class: 'whatif-tables js-whatif-tables', 'aria-live': 'off' },
    poolNote(totals.poolLabel),
    tables.map((table) => table.root),
    h('div', { class: 'whatif-downloads' },
      h('button', { type: 'button', class: 'button button--small', title: 'One row per pod: namespace, pod, node, pool, workload, outcome, when', onclick: () => download('csv') },
        'Download blast radius (CSV)'),
      h('button', { type: 'button', class: 'button button--small', title: 'The document of taint-playground whatif -o json', onclick: () => download('json') },
        'Download blast radius (JSON)'),
      status));
}
