// The workshop's goals on the verdict cards and the matrix: a card or a
// matrix cell whose pod and node a goal names says whether that goal is met. A wanted outcome that is met is shown
// as met, whatever its verdict's own colour: "web may not be scheduled on
// node-1" is a success of the exercise, not a red failure.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

export class GoalMarks {
  /**
   * results is the verdicts panel. Cards come and go there (every
   * evaluation, a matrix cell opened): each new card a goal names is marked
   * with the last results given to set.
   */
  constructor(results) {
    this.results = results;
    this.goals = [];
    this.met = [];
    // Marking a card adds to it, which calls back here once more and finds it marked.
    new MutationObserver(() => this.markNew()).observe(results, { childList: true, subtree: true });
  }

  /** set marks the cards with the exercise's goals and met, their results in order; set([], []) clears. */
  set(goals, met) {
    this.goals = goals;
    this.met = met;
    for (const card of this.results.querySelectorAll('.card[data-goal]')) {
      delete card.dataset.goal;
      card.querySelector('.js-card-goals').remove();
    }
    for (const cell of this.results.querySelectorAll('.matrix-cell[data-goal]')) {
      delete cell.dataset.goal;
      cell.removeAttribute('title');
    }
    this.markNew();
  }

  /** markNew marks every card not marked yet that a goal names. A card two goals name gets both; it is met when all are. */
  markNew() {
    this.markCells();
    const cards = [...this.results.querySelectorAll('.card:not([data-goal])')];
    if (cards.length === 0) return;
    this.goals.forEach((goal, i) => {
      const { pod, node } = goal.check;
      const card = pod && node ? cards.find((candidate) => titleOf(candidate) === `${pod} on ${node}`) : null;
      if (card) mark(card, goal, this.met[i]);
    });
    for (const card of cards) {
      if (card.dataset.pending) {
        card.dataset.goal = card.dataset.pending;
        delete card.dataset.pending;
      }
    }
  }

  /**
   * markCells marks every matrix cell not marked yet that a goal names: met
   * when all the goals about it are.
   */
  markCells() {
    if (this.goals.length === 0) return;
    const cells = [...this.results.querySelectorAll('.matrix-cell:not([data-goal])')];
    const met = new Map();
    this.goals.forEach((goal, i) => {
      const { pod, node } = goal.check;
      if (!pod || !node) return;
      for (const cell of cells) {
        if (cell.dataset.pod === pod && cell.dataset.node === node) met.set(cell, met.get(cell) !== false && this.met[i]);
      }
    });
    for (const [cell, all] of met) {
      cell.dataset.goal = all ? 'met' : 'unmet';
      cell.title = t(all ? 'goals.cell.met' : 'goals.cell.notmet');
    }
  }
}

/** titleOf is a card's title, "pod on node". */
function titleOf(card) {
  const title = card.querySelector('.card-title');
  return title ? title.textContent : '';
}

/** mark adds one goal's line to a card; the card's state is settled once every goal is marked. */
function mark(card, goal, met) {
  let list = card.querySelector('.js-card-goals');
  if (!list) {
    list = h('ul', { class: 'card-goals js-card-goals', 'aria-label': t('goals.card') });
    card.querySelector('.card-title').after(list);
  }
  list.append(h('li', { class: 'card-goal', dataset: { met: String(met) } },
    h('span', { class: 'goal-mark', 'aria-hidden': 'true' }, met ? '✓ ' : '✗ '),
    t(met ? 'goals.met' : 'goals.notmet'), goal.text));
  card.dataset.pending = card.dataset.pending === 'unmet' || !met ? 'unmet' : 'met';
}
