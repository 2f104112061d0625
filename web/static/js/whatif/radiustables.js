// The blast radius of a what-if as tables: totals by node pool and by
// workload (the engine's RadiusTotals), the pods one page at a time
// (whatIfRows, sorted by the engine), and the whole radius to download as
// CSV (one row per pod) or JSON (the document `taint-playground whatif -o
// json` prints). The engine keeps the last what-if, so nothing here holds
// more than a page of pods.

import { h } from '../shared/dom.js';
import { downloadJSON, downloadText } from '../shared/download.js';
import { count } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { localSource, PagedTable } from '../shared/pagedtable.js';

/** DOWNLOAD_NAME is the downloads' file name, without the extension. */
const DOWNLOAD_NAME = 'taint-playground-whatif';

const number = (key, label) => ({ key, label, numeric: true, text: (row) => count(row[key]) });
/** runningColumns are the counts of running pods' outcomes, labelled in the page's language. */
const runningColumns = () => [number('evictedNow', t('whatif.section.now')), number('evictedLater', t('whatif.section.later')), number('stay', t('radius.stay'))];

/** poolNote says which node label names the pools. */
function poolNote(label) {
  if (!label) {
    return h('p', { class: 'note js-whatif-pool-label' },
      t('radius.nopool'));
  }
  return h('p', { class: 'note js-whatif-pool-label' }, t('radius.pool'), h('code', {}, label), t('radius.pool.end'));
}

/**
 * radiusTables draws totals (a RadiusTotals) and, when pods is set, the
 * table of every pod, with the download buttons; engine is the bridge
 * holding the what-if. It resolves once every table shows its first page.
 */
export async function radiusTables(engine, totals, { pods }) {
  const tables = [
    new PagedTable({
      caption: t('radius.bypool'), hook: 'js-whatif-pools',
      columns: [{ key: 'pool', label: t('radius.col.pool'), text: (row) => row.pool || t('radius.nopoollabel') }, number('nodes', t('radius.col.nodes')), ...runningColumns()],
      source: localSource(totals.pools),
    }),
    new PagedTable({
      caption: t('radius.byworkload'), hook: 'js-whatif-workloads',
      columns: [{ key: 'namespace', label: t('radius.col.namespace') }, { key: 'workload', label: t('radius.col.workload') }, ...runningColumns(),
        number('noLongerSchedulable', t('radius.col.stranded')), number('newlySchedulable', t('radius.col.freed'))],
      source: localSource(totals.workloads.map((w) => ({ ...w, workload: `${w.kind}/${w.name}` }))),
    }),
    pods && new PagedTable({
      caption: t('radius.pods'), hook: 'js-whatif-pods',
      columns: [{ key: 'namespace', label: t('radius.col.namespace') }, { key: 'pod', label: t('timeline.table.pod') }, { key: 'node', label: t('timeline.table.node') },
        { key: 'pool', label: t('radius.col.pool') }, { key: 'workload', label: t('radius.col.workload') }, { key: 'outcome', label: t('radius.col.outcome') },
        { key: 'when', label: t('radius.col.when'), numeric: true, text: (row) => (row.when == null ? '' : t('unit.s', { count: count(row.when) })) }],
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
      status.textContent = t('radius.download.failed', { error: error.message });
    }
  };
  // The tables sit in the what-if's live region, which announces the
  // summary: a screen reader would read hundreds of cells after each answer.
  return h('div', { class: 'whatif-tables js-whatif-tables', 'aria-live': 'off' },
    poolNote(totals.poolLabel),
    tables.map((table) => table.root),
    h('div', { class: 'whatif-downloads' },
      h('button', { type: 'button', class: 'button button--small', title: t('radius.csv.title'), onclick: () => download('csv') },
        t('radius.csv')),
      h('button', { type: 'button', class: 'button button--small', title: t('radius.json.title'), onclick: () => download('json') },
        t('radius.json')),
      status));
}
