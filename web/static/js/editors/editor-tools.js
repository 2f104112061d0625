// An editor's tools: Format, which has the engine re-indent the whole text
// (yamlfmt, through the bridge's format export), and Find, which searches the
// whole text, also in large-document mode, where the textarea holds only a
// window of the lines and the browser's own find misses the rest. Their keys
// are EDITOR_SHORTCUTS and FIND_SHORTCUTS (shortcuts.js).

import { $, h, uniqueId } from '../shared/dom.js';
import { count } from '../shared/format.js';
import { EDITOR_SHORTCUTS, FIND_SHORTCUTS, keyName, shortcutFor } from '../shared/shortcuts.js';
import { t } from '../shared/i18n.js';

/** findMatches lists where query occurs in lines, ignoring case: {line (from 0), column}. */
export function findMatches(lines, query) {
  const needle = query.toLowerCase();
  const matches = [];
  if (needle === '') return matches;
  lines.forEach((text, line) => {
    const hay = text.toLowerCase();
    for (let column = hay.indexOf(needle); column !== -1; column = hay.indexOf(needle, column + needle.length)) {
      matches.push({ line, column });
    }
  });
  return matches;
}

/** before orders two positions. */
function before(a, b) {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

export class EditorTools {
  /** editor is an Editor; label names its text ("Nodes"); engine is the bridge's Engine. */
  constructor(editor, { label, engine }) {
    this.editor = editor;
    this.engine = engine;
    this.label = label;
    // current is the selected match's position, where Next and Previous go on from.
    this.current = null;
    this.undoText = null;

    const inputID = uniqueId('find');
    this.findInput = h('input', {
      id: inputID, class: 'find-input js-find-input', type: 'search', spellcheck: 'false', autocomplete: 'off',
      'aria-keyshortcuts': 'Enter Shift+Enter Escape', oninput: () => this.find(0),
    });
    this.findCount = h('output', { class: 'find-count js-find-count', for: inputID, 'aria-live': 'polite' });
    this.findBar = h('div', { class: 'find-bar js-find-bar', role: 'search', hidden: true },
      h('label', { for: inputID }, t('find.label', { editor: label })),
      this.findInput,
      this.findCount,
      h('button', { type: 'button', class: 'button button--small', onclick: () => this.find(-1) }, t('common.previous')),
      h('button', { type: 'button', class: 'button button--small', onclick: () => this.find(1) }, t('common.next')),
      h('button', { type: 'button', class: 'button button--small', onclick: () => this.closeFind() }, t('common.close')));
    this.findInput.addEventListener('keydown', (event) => this.onKey(event, FIND_SHORTCUTS));
    this.status = h('p', { class: 'editor-tool-status js-format-status', role: 'status', hidden: true });

    const head = $('.editor-head', editor.root);
    head.append(h('div', { class: 'editor-tools' },
      h('button', { type: 'button', class: 'button button--small js-find-open', 'aria-keyshortcuts': 'Control+F', title: t('find.title'), onclick: () => this.openFind() }, t('find.button')),
      h('button', { type: 'button', class: 'button button--small js-format', 'aria-keyshortcuts': 'Shift+Alt+F', title: t('format.title'), onclick: () => this.format() }, t('format.button'))));
    head.after(this.findBar, this.status);
    editor.input.addEventListener('keydown', (event) => this.onKey(event, EDITOR_SHORTCUTS));
  }

  onKey(event, table) {
    if (event.isComposing) return;
    const shortcut = shortcutFor(table, keyName(event));
    if (!shortcut) return;
    event.preventDefault();
    event.stopPropagation();
    shortcut.run(this);
  }

  /** say shows a sentence under the editor's head, with buttons after it. */
  say(text, ...buttons) {
    this.status.replaceChildren(text, ...buttons.filter(Boolean).flatMap((button) => [' ', button]));
    this.status.hidden = false;
  }

  /**
   * format replaces the text with the engine's formatting of it. Text that
   * does not parse is left as it is, and the message names the line; a
   * formatted text can be undone (Ctrl+Z, or the Undo button, which a large
   * document needs).
   */
  async format() {
    const text = this.editor.value;
    let result;
    try {
      result = await this.engine.call('format', { text });
    } catch (error) {
      const why = error.message.replace(/^format: /, '');
      const line = error.line;
      this.say(t('format.failed', { why }), line > 0
        ? h('button', { type: 'button', class: 'button button--small', onclick: () => this.editor.revealLine(line) }, t('format.goto', { line }))
        : null);
      return;
    }
    if (this.editor.value !== text) {
      this.say(t('format.changed'));
      return;
    }
    if (!result.changed) {
      this.say(t('format.already'));
      return;
    }
    this.undoText = text;
    this.editor.replaceAll(result.text);
    this.say(t('format.done'), h('button', { type: 'button', class: 'button button--small js-format-undo', onclick: () => this.undoFormat() }, t('clock.undo')));
  }

  /** undoFormat brings back the text as it was before the last Format. */
  undoFormat() {
    if (this.undoText === null) return;
    this.editor.replaceAll(this.undoText);
    this.undoText = null;
    this.say(t('format.undone'));
  }

  /** openFind shows the find bar, starting with the selected text when it is a short part of one line. */
  openFind() {
    const { selectionStart, selectionEnd, value } = this.editor.input;
    const selected = value.slice(selectionStart, selectionEnd);
    if (selected && !selected.includes('\n') && selected.length <= 200) this.findInput.value = selected;
    this.findBar.hidden = false;
    this.findInput.focus();
    this.findInput.select();
    if (this.findInput.value) this.find(0);
  }

  /** closeFind hides the find bar and returns to the editor, the match still selected. */
  closeFind() {
    this.findBar.hidden = true;
    this.editor.setFound(0);
    this.editor.input.focus({ preventScroll: true });
  }

  /**
   * find searches the whole text afresh (it may have changed) and selects a
   * match: step 0 the first at or after the current one (a new query), 1 the
   * next after it, -1 the one before, wrapping around at the ends.
   */
  find(step) {
    const query = this.findInput.value;
    const matches = findMatches(this.editor.textLines(), query);
    if (matches.length === 0) {
      this.findCount.textContent = query ? t('find.none') : '';
      this.current = null;
      this.editor.setFound(0);
      return;
    }
    const from = this.current || { line: 0, column: 0 };
    let index;
    if (step < 0) {
      index = matches.findLastIndex((match) => before(match, from));
      if (index < 0) index = matches.length - 1;
    } else {
      index = matches.findIndex((match) => (step === 0 ? !before(match, from) : before(from, match)));
      if (index < 0) index = 0;
    }
    this.current = matches[index];
    this.findCount.textContent = `${count(index + 1)} of ${count(matches.length)}`;
    this.editor.selectText(this.current, query.length);
    this.editor.setFound(this.current.line + 1);
  }
}
