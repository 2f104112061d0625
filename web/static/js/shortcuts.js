// The presenter view's keyboard: one table says which keys do what, so the
// keys the view answers and the legend it shows cannot drift apart.

import { h } from './dom.js';

/**
 * shortcuts lists the presenter's shortcuts for a clock offering speeds
 * (slowest first): keys are KeyboardEvent.key values, label the keys as
 * printed on a keyboard, and run(view, key) acts on a Presenter.
 */
function shortcuts(speeds) {
  const numbers = speeds.map((_, i) => String(i + 1));
  return [
    { keys: [' '], label: [['Space']], does: 'Play or pause the clock', run: (view) => view.togglePlay() },
    {
      keys: numbers,
      label: [[numbers[0], numbers[numbers.length - 1]]],
      does: `Speed ${speeds.map((speed) => `${speed}×`).join(', ')}`,
      run: (view, key) => view.changeSpeed({ number: Number(key) }),
    },
    { keys: ['+', '='], label: [['+']], does: 'Faster', run: (view) => view.changeSpeed({ step: 1 }) },
    { keys: ['-', '_'], label: [['-']], does: 'Slower', run: (view) => view.changeSpeed({ step: -1 }) },
    { keys: ['s', 'S', 'ArrowRight'], label: [['S'], ['→']], does: 'Skip to the next eviction', run: (view) => view.countdown.skip() },
    { keys: ['r', 'R'], label: [['R']], does: 'Reset the clock to 0, without added events', run: (view) => view.countdown.reset() },
    { keys: ['j', 'J', 'PageDown'], label: [['J'], ['Page Down']], does: 'Next pair', run: (view) => view.move(1) },
    { keys: ['k', 'K', 'PageUp'], label: [['K'], ['Page Up']], does: 'Previous pair', run: (view) => view.move(-1) },
    { keys: ['Home', 'End'], label: [['Home'], ['End']], does: 'First or last pair', run: (view, key) => view.move(key === 'Home' ? -Infinity : Infinity) },
    { keys: ['?'], label: [['?']], does: 'Show or hide this list', run: (view) => view.toggleHelp() },
    { keys: ['Escape', 'p', 'P'], label: [['Esc'], ['P']], does: 'Leave the presenter view', run: (view) => view.leave() },
  ];
}

/** shortcutFor returns the shortcut a key runs, or undefined. */
export function shortcutFor(key, speeds) {
  return shortcuts(speeds).find((shortcut) => shortcut.keys.includes(key));
}

/** keyLabel prints one choice of keys: "Space", or a range such as "1 to 4". */
function keyLabel(choice) {
  return choice.length === 1 ? h('kbd', {}, choice[0]) : [h('kbd', {}, choice[0]), ' to ', h('kbd', {}, choice[1])];
}

/** shortcutList is the legend: each shortcut's keys and what they do. */
export function shortcutList(speeds) {
  return h('dl', { class: 'shortcut-list' }, shortcuts(speeds).map((shortcut) => h('div', { class: 'shortcut' },
    h('dt', {}, shortcut.label.map((choice, i) => [i > 0 ? ' or ' : '', keyLabel(choice)])),
    h('dd', {}, shortcut.does))));
}
