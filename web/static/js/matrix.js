// The matrix: pods down, nodes across, one symbol per verdict, for workspaces
// too big for a card per pair. It is one ARIA grid with a single tab stop:
// arrow keys move between cells, Enter or Space opens the cell's card. Cells
// carry only a symbol and a tone class so that 500 × 50 renders within a
// frame budget; a cell gets its spoken label when it takes focus.

import { h } from './dom.js';
import { verdict } from './verdict.js';

/** Rows and columns beyond these are summarised, not drawn. */
const MAX_ROWS = 200;
const MAX_COLUMNS = 500;

const LEGEND = [
  ['ok', '✓', 'schedules'],
  ['avoid', '↓', 'schedules, avoided (PreferNoSchedule)'],
  ['blocked', '✕', 'cannot schedule, or evicted now'],
  ['ok', '●', 'running, stays'],
  ['evict', '⏱', 'running, evicted later'],
];

/**
 * renderMatrix returns the grid. onOpen(cellIndex) opens a card; selected is
 * the cell index that holds the tab stop (-1 for the first cell).
 */
export function renderMatrix(report, { onOpen, selected }) {
  const columns = report.nodes.slice(0, MAX_COLUMNS);
  const rows = report.pods.slice(0, MAX_ROWS);
  const width = report.nodes.length;
  const drawn = (index) => index >= 0 && index % width < columns.length && Math.floor(index / width) < rows.length;
  const stop = drawn(selected) ? selected : 0;

  const body = document.createElement('tbody');
  rows.forEach((pod, p) => {
    const tr = document.createElement('tr');
    tr.append(h('th', { scope: 'row', class: 'matrix-pod' }, pod.name));
    for (let n = 0; n < columns.length; n++) {
      const index = p * width + n;
      const { tone, symbol } = verdict(report, report.cells[index]);
      const td = document.createElement('td');
      td.className = `matrix-cell tone--${tone}`;
      td.textContent = symbol;
      td.dataset.cell = String(index);
      td.tabIndex = index === stop ? 0 : -1;
      tr.append(td);
    }
    body.append(tr);
  });

  const table = h('table', { class: 'matrix', role: 'grid', 'aria-label': 'Verdict of each pod on each node' },
    h('thead', {}, h('tr', {},
      h('td', { class: 'matrix-corner' }, 'pod \\ node'),
      columns.map((node) => h('th', { scope: 'col', class: 'matrix-node' }, h('span', {}, node.name))))),
    body);

  const cellAt = (row, column) => body.rows[row] && body.rows[row].cells[column + 1];
  const move = (from, to) => {
    if (!to) return;
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  };
  table.addEventListener('focusin', (event) => {
    const td = event.target.closest('.matrix-cell');
    if (!td) return;
    const cell = report.cells[Number(td.dataset.cell)];
    const label = verdict(report, cell).text;
    td.setAttribute('aria-label', `${report.pods[cell.pod].name} on ${report.nodes[cell.node].name}: ${label}`);
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
      ArrowRight: () => cellAt(row, column + 1),
      ArrowLeft: () => cellAt(row, column - 1),
      ArrowDown: () => cellAt(row + 1, column),
      ArrowUp: () => cellAt(row - 1, column),
      Home: () => cellAt(row, 0),
      End: () => cellAt(row, columns.length - 1),
    };
    if (event.key in targets) {
      event.preventDefault();
      move(td, targets[event.key]());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(Number(td.dataset.cell));
    }
  });

  const clipped = report.pods.length > rows.length || report.nodes.length > columns.length;
  return h('div', { class: 'matrix-wrap' },
    h('div', { class: 'table-scroll' }, table),
    clipped ? h('p', { class: 'note' },
      `Showing ${rows.length} of ${report.pods.length} pods and ${columns.length} of ${report.nodes.length} nodes.`) : null,
    h('ul', { class: 'legend', 'aria-label': 'Legend' }, LEGEND.map(([tone, symbol, text]) => h('li', {},
      h('span', { class: `matrix-symbol tone--${tone}`, 'aria-hidden': 'true' }, symbol), ' ', text))));
}
