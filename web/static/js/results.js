// The results panel: a summary line, then a card per pod × node when there are
// few, or the matrix first when there are many, with the chosen cell's card
// below it.

import { $, h } from './dom.js';
import { plural } from './format.js';
import { renderCard } from './card.js';
import { renderMatrix } from './matrix.js';

/** CARD_LIMIT is the most pod × node pairs shown as cards without a matrix. */
const CARD_LIMIT = 6;

export class Results {
  /** explain(pod, node) resolves with a CellDetail; link(links) highlights editor lines. */
  constructor(root, { explain, link }) {
    this.root = root;
    this.summary = $('.js-results-summary', root);
    this.body = $('.js-results-body', root);
    this.explain = explain;
    this.link = link;
    this.report = null;
    this.selected = -1;
    this.page = { row: 0, column: 0 };
  }

  /** render replaces the panel with the verdicts of report. */
  render(report) {
    this.report = report;
    // The rows that linked editor lines are about to go, and with them their mouseleave.
    this.link(null);
    const cells = report.cells.length;
    const fits = report.cells.filter((cell) => cell.fits).length;
    const running = report.cells.filter((cell) => cell.running).length;
    if (cells === 0) {
      this.summary.textContent = report.nodes.length === 0 && report.pods.length === 0
        ? 'Add a node and a pod to see verdicts.'
        : `${plural(report.nodes.length, 'node')} and ${plural(report.pods.length, 'pod')}: add at least one of each to see verdicts.`;
      this.body.replaceChildren();
      return;
    }
    this.summary.textContent = `${plural(report.pods.length, 'pod')} × ${plural(report.nodes.length, 'node')}: ` +
      `${fits} of ${plural(cells, 'pair')} can schedule` + (running ? `, ${running} running` : '') + '.';
    if (this.selected >= cells) this.selected = -1;
    if (cells <= CARD_LIMIT) {
      this.body.replaceChildren(h('div', { class: 'cards' },
        report.cells.map((cell) => renderCard(report, cell, { explain: this.explain, link: this.link }))));
      return;
    }
    if (this.page.row >= report.pods.length) this.page.row = 0;
    if (this.page.column >= report.nodes.length) this.page.column = 0;
    const matrix = renderMatrix(report, {
      onOpen: (index) => this.open(index, true),
      onPage: (page, noun, button) => {
        this.page = page;
        this.render(this.report);
        // Keep the keyboard on the pressed button, or on the other one when
        // the last page disabled it.
        const buttons = this.body.querySelectorAll(`[data-pager="${noun}"] button`);
        (buttons[button].disabled ? buttons[1 - button] : buttons[button]).focus();
      },
      selected: this.selected,
      page: this.page,
    });
    this.cardSlot = h('div', { class: 'cards' });
    this.body.replaceChildren(matrix, this.cardSlot);
    if (this.selected >= 0) this.open(this.selected, false);
  }

  /** open shows the card of one matrix cell, moving focus to it when asked. */
  open(index, focus) {
    this.selected = index;
    const card = renderCard(this.report, this.report.cells[index], { explain: this.explain, link: this.link });
    card.tabIndex = -1;
    this.cardSlot.replaceChildren(card);
    if (focus) card.focus();
  }
}
