// A sortable table shown one page (PAGE_ROWS) at a time, so that a list of
// 150,000 pods never puts more than a page of rows in the DOM. Its rows come
// from a source, async ({offset, limit, sort, descending}) => {total, rows}:
// the engine's whatIfRows for the pods of a blast radius, or localSource for
// a list the page already holds. A column header is a button: the first click
// sorts by it ascending, the next descending.

import { h } from './dom.js';
import { count } from './format.js';
import { t } from './i18n.js';

/** PAGE_ROWS is how many rows a page shows. */
export const PAGE_ROWS = 100;

/**
 * compareValues orders two cells: numbers as numbers, text as text, and an
 * empty cell (null or undefined) after every other, as the engine's
 * whatIfRows does.
 */
function compareValues(a, b) {
  if (a == null || b == null) return (a == null) - (b == null);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** localSource pages and sorts rows held in memory; ties keep their order. */
export function localSource(rows) {
  return async ({ offset, limit, sort, descending }) => {
    const sorted = sort ? rows.map((row, i) => [row, i]).sort(([a, i], [b, j]) => (descending ? compareValues(b[sort], a[sort]) : compareValues(a[sort], b[sort])) || i - j).map(([row]) => row) : rows;
    return { total: rows.length, rows: sorted.slice(offset, offset + limit) };
  };
}

export class PagedTable {
  /**
   * caption names the table; columns are {key, label, numeric, text(row)}
   * (text defaults to the row's value at key); hook is the root's js-* class.
   */
  constructor({ caption, columns, source, hook }) {
    this.columns = columns;
    this.source = source;
    this.offset = 0;
    this.sort = '';
    this.descending = false;
    this.total = 0;
    // requests counts fetches, so that a page that arrives late is dropped.
    this.requests = 0;
    this.heads = columns.map((column) => h('th', { scope: 'col', class: column.numeric ? 'numeric' : null },
      h('button', { type: 'button', class: 'table-sort js-table-sort', dataset: { key: column.key }, onclick: () => this.sortBy(column.key) }, column.label)));
    this.body = h('tbody');
    this.status = h('span', { class: 'table-status js-table-status', role: 'status' });
    this.prev = h('button', { type: 'button', class: 'button button--small js-table-prev', onclick: () => this.go(this.offset - PAGE_ROWS) }, t('common.previous'));
    this.next = h('button', { type: 'button', class: 'button button--small js-table-next', onclick: () => this.go(this.offset + PAGE_ROWS) }, t('common.next'));
    this.root = h('div', { class: `paged-table ${hook}` },
      h('div', { class: 'table-scroll' }, h('table', { class: 'data-table' }, h('caption', {}, caption), h('thead', {}, h('tr', {}, this.heads)), this.body)),
      h('div', { class: 'table-pager' }, this.prev, this.next, this.status));
  }

  /** load shows the first page; it resolves once the page is drawn. */
  load() {
    return this.go(0);
  }

  sortBy(key) {
    this.descending = this.sort === key ? !this.descending : false;
    this.sort = key;
    this.heads.forEach((th, i) => {
      if (this.columns[i].key === key) th.setAttribute('aria-sort', this.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
    return this.go(0);
  }

  async go(offset) {
    const request = ++this.requests;
    const page = await this.source({ offset: Math.max(0, offset), limit: PAGE_ROWS, sort: this.sort, descending: this.descending });
    if (request !== this.requests) return;
    this.offset = Math.max(0, offset);
    this.total = page.total;
    this.body.replaceChildren(...page.rows.map((row) => h('tr', {}, this.columns.map((column) => h('td', { class: column.numeric ? 'numeric' : null },
      column.text ? column.text(row) : String(row[column.key] ?? ''))))));
    const last = this.offset + page.rows.length;
    this.status.textContent = this.total === 0 ? t('table.norows') : t('table.rows', { from: count(this.offset + 1), to: count(last), total: count(this.total) });
    this.prev.disabled = this.offset === 0;
    this.next.disabled = last >= this.total;
    // One page needs no pager's buttons, only its count.
    this.prev.hidden = this.next.hidden = this.total <= PAGE_ROWS;
  }
}
