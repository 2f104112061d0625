// The results panel: a summary line, then a card per pod × node when there are
// few, or the matrix first when there are many, under its sort and filter
// controls (matrixview.js), with the chosen cell's card below it. A large
// workspace's report holds one page of the matrix (see cells.js); other pages
// are fetched from the engine as the user moves. A workspace over the engine's
// budget gets no verdicts, only the limit's message; and while the text has a
// YAML syntax error, the last verdicts stay, marked stale.

import { $, h } from '../shared/dom.js';
import { count } from '../shared/format.js';
import { t, tn } from '../shared/i18n.js';
import { renderCard } from './card.js';
import { PAGE_COLUMNS, PAGE_ROWS, renderMatrix } from './matrix.js';
import { cellAt, inWindow, pairCount, withCells, withPage } from './cells.js';
import { MatrixView } from './matrixview.js';
import { clockNote } from '../clock/clock-note.js';
import { CARD_LIMIT } from '../contract.js';
import { devicesSummary } from '../devices/pod-devices.js';
import { ruleStatuses } from '../devices/rule-status.js';

export class Results {
  /**
   * explain(pod, node) resolves with a CellDetail; cells(window) with a page
   * of a large report's matrix; link(links) highlights editor lines.
   */
  constructor(root, { explain, cells, link }) {
    this.root = root;
    this.summary = $('.js-results-summary', root);
    this.body = $('.js-results-body', root);
    this.staleNote = h('p', { class: 'results-stale js-results-stale', role: 'status', hidden: true });
    this.summary.after(this.staleNote);
    // The inventory's DeviceTaintRules and their statuses, above the verdicts they sum up.
    this.deviceRules = h('div', { class: 'js-device-rules-slot' });
    this.staleNote.after(this.deviceRules);
    this.explain = explain;
    this.cells = cells;
    this.link = link;
    this.report = null;
    this.generation = 0;
    this.selected = -1;
    this.page = { row: 0, column: 0 };
    this.clockEvents = [];
    this.view = new MatrixView(() => {
      this.page = { row: 0, column: 0 };
      this.showPage(null);
    });
  }

  /**
   * setClockEvents takes the countdown's events: a card, or the matrix,
   * about a node the clock taints or untaints says that it shows the Nodes
   * editor's taints, not the clock's.
   */
  setClockEvents(events) {
    this.clockEvents = events;
    for (const note of this.root.querySelectorAll('.js-card-clock-note')) {
      note.textContent = this.clockNote(t('clocknote.card'), [note.closest('.card').dataset.node]);
      note.hidden = !note.textContent;
    }
    this.showMatrixNote();
  }

  /** clockNote is the line a view about the nodes named shows while the clock changes their taints, or empty. */
  clockNote(what, nodeNames) {
    return clockNote(this.clockEvents, what, nodeNames);
  }

  /** showMatrixNote says, above the matrix, which of its nodes the clock changes. */
  showMatrixNote() {
    if (!this.matrixNote || !this.report) return;
    this.matrixNote.textContent = this.clockNote(t('clocknote.matrix'), this.report.nodes.map((node) => node.name));
    this.matrixNote.hidden = !this.matrixNote.textContent;
  }

  card(report, cell) {
    // A workspace shown as cards came with its cells' details (see evaluateArgs()).
    const index = report.details ? report.cells.indexOf(cell) : -1;
    const cellDetail = index >= 0 ? report.details[index] : null;
    return renderCard(report, cell, { explain: this.explain, cellDetail, link: this.link, clockNote: this.clockNote(t('clocknote.card'), [report.nodes[cell.node].name]) });
  }

  /**
   * evaluateArgs are what evaluate should answer for this panel: the page of the
   * matrix in view (window()) and, for a workspace small enough to be shown
   * as cards, every cell's details, so that the cards draw their tables at
   * once instead of saying "Explaining…" while an explain call per card
   * goes to the worker.
   */
  evaluateArgs() {
    return { window: this.window(), details: CARD_LIMIT };
  }

  /**
   * window is the page of the matrix in view, as evaluate and cells take it:
   * in the view's order when that is the text's, else the first page (the
   * cells a sorted or filtered page needs are fetched after).
   */
  window() {
    const inOrder = !this.report || this.report.overLimit || pairCount(this.report) === 0 || this.view.order(this.report).identity;
    const page = inOrder ? this.page : { row: 0, column: 0 };
    return { pod: page.row, node: page.column, pods: PAGE_ROWS, nodes: PAGE_COLUMNS };
  }

  /**
   * markStale keeps the verdicts on screen but says they are from before a
   * YAML error (a diagnostic); null removes the mark.
   */
  markStale(diagnostic) {
    this.root.classList.toggle('results--stale', diagnostic !== null);
    this.staleNote.hidden = diagnostic === null;
    if (!diagnostic) return;
    const editor = t(diagnostic.source.editor === 'nodes' ? 'editors.nodes' : 'editors.pods');
    this.staleNote.textContent = t('results.stale', { line: diagnostic.source.line, editor });
  }

  /**
   * render replaces the panel with the verdicts of report. The report on
   * screen, unmarked, stays as drawn: an example's embed drew it before the
   * page was wired (embed/first-view.js), and the page's first evaluate is
   * answered with the same report.
   */
  render(report) {
    if (report === this.report && !this.root.classList.contains('results--stale')) return;
    this.markStale(null);
    this.report = report;
    this.generation++;
    this.deviceRules.replaceChildren(...[ruleStatuses(report)].filter(Boolean));
    // The rows that linked editor lines are about to go, and with them their mouseleave.
    this.link(null);
    const pods = tn('count.pods', report.pods.length);
    const nodes = tn('count.nodes', report.nodes.length);
    const pairs = pairCount(report);
    if (report.overLimit) {
      // The limit's own message, with what to do, is among the diagnostics listed below the summary.
      this.summary.textContent = t('results.overlimit', { pods, nodes, pairs: count(pairs) });
      this.body.replaceChildren();
      return;
    }
    if (pairs === 0) {
      this.summary.textContent = report.nodes.length === 0 && report.pods.length === 0
        ? t('results.empty')
        : t('results.onesided', { pods, nodes });
      this.body.replaceChildren();
      return;
    }
    const { fits, running, rejected, rejectedFits } = report.counts;
    this.summary.textContent = tn('results.summary', pairs, {
      pods,
      nodes,
      fits: fits - rejectedFits,
      running: running ? t('results.summary.running', { running }) : '',
      rejected: rejected ? tn('results.summary.rejected', rejected) : '',
    }) + devicesSummary(report);
    if (this.selected >= pairs) this.selected = -1;
    if (pairs <= CARD_LIMIT) {
      this.body.replaceChildren(h('div', { class: 'cards' },
        report.cells.map((cell) => this.card(report, cell))));
      return;
    }
    const order = this.view.order(report);
    if (this.page.row >= order.rows.length) this.page.row = 0;
    if (this.page.column >= order.columns.length) this.page.column = 0;
    this.showPage(null);
  }

  /**
   * showPage draws the matrix's page in view, first fetching its cells when
   * the report lacks them; focus names the pager button to keep the keyboard
   * on ([noun, button]), or is null.
   */
  showPage(focus) {
    const order = this.view.order(this.report);
    const { rows, columns } = this.pageOf(order);
    const width = this.report.nodes.length;
    const missing = rows.filter((pod) => columns.some((node) => !cellAt(this.report, pod * width + node)));
    if (missing.length === 0) {
      this.drawMatrix(order, focus);
      return;
    }
    const { generation } = this;
    const wanted = `${rows}|${columns}`;
    const loaded = (report) => {
      if (generation !== this.generation) return;
      this.report = report;
      // The view may have moved on (another sort, filter or page) while the
      // cells came: then show the page it shows now, fetching what that lacks.
      const current = this.view.order(report);
      const now = this.pageOf(current);
      if (`${now.rows}|${now.columns}` !== wanted) this.showPage(focus);
      else this.drawMatrix(current, focus);
    };
    const failed = (error) => {
      if (generation === this.generation) this.matrixSlot().replaceChildren(h('p', { class: 'error-text' }, t('results.page.failed', { error: error.message })));
    };
    if (order.identity && !inWindow(this.report, this.window())) {
      this.cells(this.window()).then((page) => loaded(withPage(this.report, page)), failed);
      return;
    }
    // A sorted or filtered page: the cells of each of its rows that the report lacks.
    const first = Math.min(...columns);
    const span = Math.max(...columns) - first + 1;
    Promise.all(missing.map((pod) => this.cells({ pod, node: first, pods: 1, nodes: span })))
      .then((pages) => loaded(withCells(this.report, pages.flatMap((page) => page.cells))), failed);
  }

  /** pageOf is the pods and nodes of the matrix's page in view, in the order's indexes. */
  pageOf(order) {
    return {
      rows: order.rows.slice(this.page.row, this.page.row + PAGE_ROWS),
      columns: order.columns.slice(this.page.column, this.page.column + PAGE_COLUMNS),
    };
  }

  /** matrixSlot is where the matrix goes, below the view's controls, which keep their focus across pages. */
  matrixSlot() {
    if (!this.body.contains(this.view.element)) {
      this.matrixHolder = h('div', { class: 'js-matrix-slot' });
      this.matrixNote = h('p', { class: 'card-clock-note js-matrix-clock-note', hidden: true });
      this.cardSlot = h('div', { class: 'cards' });
      this.body.replaceChildren(this.view.element, this.matrixNote, this.matrixHolder, this.cardSlot);
    }
    this.showMatrixNote();
    return this.matrixHolder;
  }

  drawMatrix(order, focus) {
    const matrix = renderMatrix(this.report, {
      onOpen: (index) => this.open(index, true),
      onPage: (page, noun, button) => {
        this.page = page;
        this.showPage([noun, button]);
      },
      selected: this.selected,
      page: this.page,
      order,
    });
    this.matrixSlot().replaceChildren(matrix);
    if (focus) {
      // Keep the keyboard on the pressed button, or on the other one when
      // the last page disabled it.
      const [noun, button] = focus;
      const buttons = this.body.querySelectorAll(`[data-pager="${noun}"] button`);
      (buttons[button].disabled ? buttons[1 - button] : buttons[button]).focus();
    }
    if (this.selected >= 0) this.open(this.selected, false);
  }

  /** open shows the card of one matrix cell, moving focus to it when asked. */
  open(index, focus) {
    this.selected = index;
    const report = this.report;
    const show = (cell) => {
      const card = this.card(report, cell);
      card.tabIndex = -1;
      this.cardSlot.replaceChildren(card);
      if (focus) card.focus();
    };
    const cell = cellAt(report, index);
    if (cell) {
      show(cell);
      return;
    }
    // A large report holds one page: the card of a cell chosen on another page is fetched.
    const { generation } = this;
    const width = report.nodes.length;
    this.cells({ pod: Math.floor(index / width), node: index % width, pods: 1, nodes: 1 }).then((page) => {
      if (generation === this.generation && this.selected === index && page.cells[0]) show(page.cells[0]);
    }, () => {});
  }
}
