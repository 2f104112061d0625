// The matrix: pods down, nodes across, one symbol per verdict, for workspaces
// too big for a card per pair, in the order and through the filters of
// matrixview.js. It is one ARIA grid with a single tab stop:
// arrow keys move between cells, Enter or Space opens the cell's card; a cell
// gets its spoken label when it takes focus. Big workspaces are shown a page
// at a time, so 500 nodes × 50 pods lays out as 2,000 cells, not 25,000; a
// report too large to hold every cell holds the page's (see cells.js).

import { h } from '../shared/dom.js';
import { mark, verdict } from './verdict.js';
import { cellAt } from './cells.js';
import { t, tn } from '../shared/i18n.js';

/** PAGE_ROWS pods and PAGE_COLUMNS nodes are drawn at a time. */
export const PAGE_ROWS = 50;
export const PAGE_COLUMNS = 40;

const LEGEND = [
  ['ok', '✓', 'matrix.legend.schedules'],
  ['avoid', '↓', 'matrix.legend.avoided'],
  ['blocked', '✕', 'matrix.legend.blocked'],
  ['ok', '●', 'matrix.legend.stays'],
  ['evict', '◔', 'matrix.legend.later'],
  ['rejected', '⊘', 'matrix.legend.rejected'],
];

/** pager is "Nodes 41–80 of 500" between a previous and a next button. */
function pager(noun, start, size, total, onMove) {
  const end = Math.min(start + size, total);
  return h('div', { class: 'pager', dataset: { pager: noun } },
    h('button', { type: 'button', class: 'button button--small', disabled: start === 0, onclick: () => onMove(start - size, 0) }, t(`matrix.pager.${noun}.previous`)),
    h('span', { class: 'pager-range', 'aria-live': 'polite' }, t(`matrix.pager.${noun}.range`, { from: start + 1, to: end, total })),
    h('button', { type: 'button', class: 'button button--small', disabled: end === total, onclick: () => onMove(start + size, 1) }, t(`matrix.pager.${noun}.next`)));
}

const templates = new Map();

/**
 * cellTemplate is a matrix cell of one verdict's mark (verdict.js's mark, one
 * object per kind), out of the tab order: a page of 2,000 cells is cloned
 * from these a third faster than built and styled element by element.
 */
function cellTemplate(verdictMark) {
  let td = templates.get(verdictMark);
  if (!td) {
    td = document.createElement('td');
    td.className = `matrix-cell tone--${verdictMark.tone}`;
    td.textContent = verdictMark.symbol;
    td.tabIndex = -1;
    templates.set(verdictMark, td);
  }
  return td;
}

/**
 * renderMatrix returns the grid for one page of the view's order: the rows
 * and columns (pod and node indexes, as MatrixView.order gives them) from
 * page.row and page.column on. onOpen(cellIndex) opens a card; onPage(page,
 * noun, button) shows another page after a pager's button 0 (previous) or 1
 * (next) was pressed; selected is the cell index that holds the tab stop.
 */
export function renderMatrix(report, { onOpen, onPage, selected, page, order }) {
  const width = report.nodes.length;
  const podIndexes = order.rows.slice(page.row, page.row + PAGE_ROWS);
  const nodeIndexes = order.columns.slice(page.column, page.column + PAGE_COLUMNS);
  if (podIndexes.length === 0 || nodeIndexes.length === 0) {
    return h('p', { class: 'note js-matrix-empty' }, t(podIndexes.length === 0 ? 'matrix.empty.pods' : 'matrix.empty.nodes'));
  }
  const rows = podIndexes.map((pod) => report.pods[pod]);
  const columns = nodeIndexes.map((node) => report.nodes[node]);
  const indexAt = (row, column) => podIndexes[row] * width + nodeIndexes[column];
  const shownPods = new Set(podIndexes);
  const shownNodes = new Set(nodeIndexes);
  const drawn = (index) => index >= 0 && shownPods.has(Math.floor(index / width)) && shownNodes.has(index % width);
  const stop = drawn(selected) ? selected : indexAt(0, 0);

  const body = document.createElement('tbody');
  rows.forEach((pod, row) => {
    const tr = document.createElement('tr');
    const fits = report.counts.podFits[podIndexes[row]];
    tr.append(h('th', { scope: 'row', class: 'matrix-pod', title: t('matrix.pod.fits', { pod: pod.name, nodes: tn('count.nodes', fits), total: report.nodes.length }) }, pod.name));
    for (let column = 0; column < columns.length; column++) {
      const index = indexAt(row, column);
      const td = cellTemplate(mark(report, cellAt(report, index))).cloneNode(true);
      td.setAttribute('data-cell', String(index));
      // The names let the workshop mark the cells its goals name (goal-marks.js).
      td.setAttribute('data-pod', pod.name);
      td.setAttribute('data-node', columns[column].name);
      if (index === stop) td.tabIndex = 0;
      tr.append(td);
    }
    body.append(tr);
  });

  const table = h('table', { class: 'matrix', role: 'grid', 'aria-label': t('matrix.label') },
    h('thead', {}, h('tr', {},
      h('td', { class: 'matrix-corner' }, t('matrix.corner')),
      columns.map((node) => h('th', { scope: 'col', class: 'matrix-node' }, h('span', {}, node.name))))),
    body);

  const tdAt = (row, column) => body.rows[row] && body.rows[row].cells[column + 1];
  const move = (from, to) => {
    if (!to) return;
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  };
  table.addEventListener('focusin', (event) => {
    const td = event.target.closest('.matrix-cell');
    if (!td) return;
    const cell = cellAt(report, Number(td.dataset.cell));
    const goal = { met: '; workshop goal met', unmet: '; workshop goal not met yet' }[td.dataset.goal] || '';
    td.setAttribute('aria-label', `${report.pods[cell.pod].name} on ${report.nodes[cell.node].name}: ${verdict(report, cell).text}${goal}`);
  });
  table.addEventListener('click', (event) => {
    const td = event.target.closest('.matrix-cell');
    if (td) onOpen(Number(td.dataset.cell));
  });
  table.addEventListener('keydown', (event) => {
    const td = event.target.closest('.matrix-cell');
    if (!td) return;
    const row = td.parentElement.sectionRowIndex;
    const column = td.cellIndex - 1;
    const targets = {
      ArrowRight: () => tdAt(row, column + 1),
      ArrowLeft: () => tdAt(row, column - 1),
      ArrowDown: () => tdAt(row + 1, column),
      ArrowUp: () => tdAt(row - 1, column),
      Home: () => tdAt(row, 0),
      End: () => tdAt(row, columns.length - 1),
    };
    if (event.key in targets) {
      event.preventDefault();
      move(td, targets[event.key]());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(Number(td.dataset.cell));
    }
  });

  return h('div', { class: 'matrix-wrap' },
    order.rows.length > PAGE_ROWS
      ? pager('pods', page.row, PAGE_ROWS, order.rows.length, (row, button) => onPage({ ...page, row }, 'pods', button)) : null,
    order.columns.length > PAGE_COLUMNS
      ? pager('nodes', page.column, PAGE_COLUMNS, order.columns.length, (column, button) => onPage({ ...page, column }, 'nodes', button)) : null,
    h('div', { class: 'table-scroll matrix-scroll' }, table),
    h('ul', { class: 'legend', 'aria-label': t('matrix.legend') }, LEGEND.map(([tone, symbol, id]) => h('li', {},
      h('span', { class: `matrix-symbol tone--${tone}`, 'aria-hidden': 'true' }, symbol), ' ', t(id)))));
}
