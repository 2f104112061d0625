// The page's keyboard: the shortcuts of PAGE_SHORTCUTS, and the "?" dialog
// that lists every context's shortcuts from the same tables (shortcuts.js).
// Keys typed in a text field are the field's; the presenter view, while
// open, answers its own keys (presenter.js).

import { h, uniqueId } from './dom.js';
import {
  EDITOR_SHORTCUTS, FIND_SHORTCUTS, PAGE_SHORTCUTS, isTyping, keyName, presenterShortcuts, shortcutFor, shortcutList,
} from './shortcuts.js';
import { t } from './i18n.js';

export class Keyboard {
  /** presenter is the page's Presenter; speeds() the clock's speeds; opener the button that opens the list too. */
  constructor({ presenter, speeds, opener }) {
    this.presenter = presenter;
    this.speeds = speeds;
    this.returnTo = null;
    const titleID = uniqueId('shortcuts-title');
    this.help = h('dialog', { class: 'shortcuts-help js-shortcuts-help', 'aria-labelledby': titleID });
    this.help.addEventListener('close', () => {
      if (this.returnTo && this.returnTo.isConnected) this.returnTo.focus();
      this.returnTo = null;
    });
    this.titleID = titleID;
    document.body.append(this.help);
    opener.addEventListener('click', () => this.toggleHelp());
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** toggleHelp opens the list, drawn afresh, or closes it; closing gives the focus back. */
  toggleHelp() {
    if (this.help.open) {
      this.help.close();
      return;
    }
    const section = (title, table) => h('section', { class: 'shortcuts-section' }, h('h3', {}, title), shortcutList(table));
    this.help.replaceChildren(
      h('h2', { id: this.titleID }, t('presenter.shortcuts')),
      section(t('keyboard.page'), PAGE_SHORTCUTS),
      section(t('keyboard.editors'), EDITOR_SHORTCUTS),
      section(t('keyboard.find'), FIND_SHORTCUTS),
      section(t('keyboard.presenter'), presenterShortcuts(this.speeds())),
      h('form', { method: 'dialog' }, h('button', { class: 'button' }, t('common.close'))));
    this.returnTo = document.activeElement;
    this.help.showModal();
  }

  present() {
    this.presenter.enter();
  }

  onKey(event) {
    if (event.defaultPrevented || event.isComposing || this.presenter.active || isTyping(event.target)) return;
    // The open list keeps Escape (it closes the dialog) and Tab; only "?" reaches the page.
    if (this.help.open && event.key !== '?') return;
    const shortcut = shortcutFor(PAGE_SHORTCUTS, keyName(event));
    if (!shortcut) return;
    event.preventDefault();
    shortcut.run(this, event.key);
  }
}
