// The page's keyboard: one table per context (the page, an editor, the find
// bar, the presenter view) says which keys do what, and the same tables draw
// the legends (the presenter's and the "?" dialog), so the keys the page
// answers and the lists it shows cannot drift apart.
//
// A shortcut's keys are names as keyName() gives them: a KeyboardEvent.key
// ("?", "Escape", "j") alone, or, with Ctrl (Cmd on a Mac) or Alt, the
// modifiers and the letter key ("Ctrl+F", "Shift+Alt+F"), which Alt would
// otherwise turn into another character on some keyboards. label prints each
// choice of keys as on a keyboard, and run(target, key) acts on the
// context's object.

import { h } from './dom.js';
import { t } from './i18n.js';

/** presenterShortcuts lists the presenter view's shortcuts for a clock offering speeds (slowest first). */
export function presenterShortcuts(speeds) {
  const numbers = speeds.map((_, i) => String(i + 1));
  return [
    { keys: [' '], label: [['Space']], does: 'shortcut.play', run: (view) => view.togglePlay() },
    {
      keys: numbers,
      label: [[numbers[0], numbers[numbers.length - 1]]],
      does: 'shortcut.speed',
      args: { speeds: speeds.map((speed) => `${speed}×`).join(', ') },
      run: (view, key) => view.changeSpeed({ number: Number(key) }),
    },
    { keys: ['+', '='], label: [['+']], does: 'shortcut.faster', run: (view) => view.changeSpeed({ step: 1 }) },
    { keys: ['-', '_'], label: [['-']], does: 'shortcut.slower', run: (view) => view.changeSpeed({ step: -1 }) },
    { keys: ['s', 'S', 'ArrowRight'], label: [['S'], ['→']], does: 'shortcut.skip', run: (view) => view.countdown.skip() },
    { keys: ['r', 'R'], label: [['R']], does: 'shortcut.reset', run: (view) => view.countdown.reset() },
    { keys: ['j', 'J', 'PageDown'], label: [['J'], ['Page Down']], does: 'shortcut.nextpair', run: (view) => view.move(1) },
    { keys: ['k', 'K', 'PageUp'], label: [['K'], ['Page Up']], does: 'shortcut.prevpair', run: (view) => view.move(-1) },
    { keys: ['Home', 'End'], label: [['Home'], ['End']], does: 'shortcut.ends', run: (view, key) => view.move(key === 'Home' ? -Infinity : Infinity) },
    { keys: ['?'], label: [['?']], does: 'shortcut.help', run: (view) => view.toggleHelp() },
    { keys: ['Escape', 'p', 'P'], label: [['Esc'], ['P']], does: 'shortcut.leave', run: (view) => view.leave() },
  ];
}

/** PAGE_SHORTCUTS answer anywhere on the page but in a text field; run gets the page's Keyboard. */
export const PAGE_SHORTCUTS = [
  { keys: ['?'], label: [['?']], does: 'shortcut.pagehelp', run: (page) => page.toggleHelp() },
  { keys: ['p', 'P'], label: [['P']], does: 'shortcut.present', run: (page) => page.present() },
];

/** EDITOR_SHORTCUTS answer in the Nodes and Pods editors; run gets the editor's EditorTools. */
export const EDITOR_SHORTCUTS = [
  { keys: ['Ctrl+F'], label: [['Ctrl+F']], does: 'shortcut.find', run: (tools) => tools.openFind() },
  { keys: ['Shift+Alt+F'], label: [['Shift+Alt+F']], does: 'shortcut.format', run: (tools) => tools.format() },
];

/** FIND_SHORTCUTS answer in an editor's find bar; run gets the editor's EditorTools. */
export const FIND_SHORTCUTS = [
  { keys: ['Enter'], label: [['Enter']], does: 'shortcut.nextmatch', run: (tools) => tools.find(1) },
  { keys: ['Shift+Enter'], label: [['Shift+Enter']], does: 'shortcut.prevmatch', run: (tools) => tools.find(-1) },
  { keys: ['Escape'], label: [['Esc']], does: 'shortcut.closefind', run: (tools) => tools.closeFind() },
];

/** isTyping reports whether a key pressed on target belongs to a field, not to a shortcut. */
export function isTyping(target) {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable]') !== null;
}

/** keyName names a key press as the tables do. */
export function keyName(event) {
  const command = event.ctrlKey || event.metaKey;
  if ((command || event.altKey) && /^Key[A-Z]$/.test(event.code)) {
    return [command && 'Ctrl', event.shiftKey && 'Shift', event.altKey && 'Alt', event.code.slice(3)].filter(Boolean).join('+');
  }
  if (command || event.altKey) return '';
  return event.shiftKey && event.key === 'Enter' ? 'Shift+Enter' : event.key;
}

/** shortcutFor returns the shortcut of a table that a key name runs, or undefined. */
export function shortcutFor(table, key) {
  return key ? table.find((shortcut) => shortcut.keys.includes(key)) : undefined;
}

/** keyLabel prints one choice of keys: "Space", or a range such as "1 to 4". */
function keyLabel(choice) {
  return choice.length === 1 ? h('kbd', {}, choice[0]) : [h('kbd', {}, choice[0]), t('shortcut.range'), h('kbd', {}, choice[1])];
}

/** shortcutList is a table's legend: each shortcut's keys and what they do. */
export function shortcutList(table) {
  return h('dl', { class: 'shortcut-list' }, table.map((shortcut) => h('div', { class: 'shortcut' },
    h('dt', {}, shortcut.label.map((choice, i) => [i > 0 ? t('shortcut.or') : '', keyLabel(choice)])),
    h('dd', {}, t(shortcut.does, shortcut.args)))));
}
