// The workshop's goals on the verdict cards: a card whose pod and node a goal
// names says whether that goal is met. A wanted outcome that is met is shown
// as met, whatever its verdict's own colour: "web still may not be scheduled
// on node-1" is a success of the exercise, not a red failure.

import { h } from './dom.js';

/** cardOf finds the card of pod on node among the results, or null. */
function cardOf(results, pod, node) {
  return [...results.querySelectorAll('.card')].find((card) => {
    const title = card.querySelector('.card-title');
    return title && title.textContent === `${pod} on ${node}`;
  }) || null;
}

/**
 * markGoals marks each card that a goal about a pod on a node names, with
 * the goal's text, ✓ or ✗: goals are the exercise's goals, met their results
 * in order. A card two goals name gets both; the card is met when all are.
 */
export function markGoals(results, goals, met) {
  for (const card of results.querySelectorAll('.card[data-goal]')) {
    delete card.dataset.goal;
    card.querySelector('.js-card-goals').remove();
  }
  goals.forEach((goal, i) => {
    const { pod, node } = goal.check;
    const card = pod && node ? cardOf(results, pod, node) : null;
    if (!card) return;
    let list = card.querySelector('.js-card-goals');
    if (!list) {
      list = h('ul', { class: 'card-goals js-card-goals', 'aria-label': 'Workshop goals' });
      card.querySelector('.card-title').after(list);
    }
    list.append(h('li', { class: 'card-goal', dataset: { met: String(met[i]) } },
      h('span', { class: 'goal-mark', 'aria-hidden': 'true' }, met[i] ? '✓ ' : '✗ '),
      met[i] ? 'Goal met: ' : 'Goal not met yet: ', goal.text));
    card.dataset.goal = card.dataset.goal === 'unmet' || !met[i] ? 'unmet' : 'met';
  });
}
