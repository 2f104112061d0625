// The gallery: one "Examples" button opens a dialog with the search box
// focused and every scenario listed with its one-line summary and tags. Typing
// filters by name, summary, explanation or tag (matchingExamples), each entry
// marking the words and quoting the explanation when only it has one
// (gallery-match.js), the tag
// chips filter by topic, arrow keys move through the results, Enter or a click
// loads one, and Escape closes the dialog. The list is a listbox the search
// box controls (the ARIA combobox pattern), so the focus stays in the box.

import { $, h } from '../shared/dom.js';
import { matchingExamples, searchWords } from './examples.js';
import { marked, matchNote } from './gallery-match.js';
import { t, tn } from '../shared/i18n.js';

export class Gallery {
  /**
   * root holds the .js-gallery-open button and the .js-gallery dialog;
   * onPick(scenario) loads the scenario the user chose.
   */
  constructor(root, { onPick }) {
    this.onPick = onPick;
    this.opener = $('.js-gallery-open', root);
    this.dialog = $('.js-gallery', root);
    this.input = $('.js-gallery-search', this.dialog);
    this.chips = $('.js-gallery-tags', this.dialog);
    this.status = $('.js-gallery-status', this.dialog);
    this.list = $('.js-gallery-list', this.dialog);
    this.scenarios = [];
    this.shown = [];
    this.tags = new Set();
    this.active = -1;
    this.current = '';
    this.opener.addEventListener('click', () => this.open());
    $('.js-gallery-close', this.dialog).addEventListener('click', () => this.dialog.close());
    this.input.addEventListener('input', () => this.filter());
    this.input.addEventListener('keydown', (event) => this.key(event));
    // Enter loads on its release: the dialog closes and the focus returns to
    // the Examples button, which must not get the key's press and reopen it.
    // Only an Enter pressed in the box counts, not the one that opened it.
    this.entered = false;
    this.input.addEventListener('keyup', (event) => {
      if (event.key !== 'Enter' || !this.entered) return;
      this.entered = false;
      if (this.active >= 0) this.pick(this.active);
    });
    // A click on the backdrop (outside the dialog's box) closes it.
    this.dialog.addEventListener('click', (event) => {
      if (event.target === this.dialog) this.dialog.close();
    });
    // The focus goes back to the Examples button, unless it has already
    // moved on: the close event comes a task after the dialog closes, and a
    // click or a key in that moment must keep the place it chose.
    this.dialog.addEventListener('close', () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || this.dialog.contains(focused)) this.opener.focus();
    });
  }

  /** setScenarios gives the gallery its scenarios, in gallery order, and draws one chip per tag, A to Z. */
  setScenarios(scenarios) {
    this.scenarios = scenarios;
    const tags = [...new Set(scenarios.flatMap((scenario) => scenario.tags))].sort();
    this.chips.replaceChildren(...tags.map((tag) => h('button', {
      type: 'button', class: 'gallery-tag js-gallery-tag', 'aria-pressed': 'false', dataset: { tag },
      onclick: (event) => this.toggleTag(event.currentTarget),
    }, tag)));
    this.filter();
  }

  /** unavailable says the build has no examples; the button stays disabled. */
  unavailable(message) {
    this.opener.disabled = true;
    this.opener.title = message;
  }

  /** markCurrent marks the scenario on the page (slug, or '' for none) in the list. */
  markCurrent(slug) {
    this.current = slug;
    for (const option of this.list.children) option.setAttribute('aria-current', String(option.dataset.slug === slug));
  }

  open() {
    this.entered = false;
    this.dialog.showModal();
    this.input.focus();
    this.input.select();
  }

  toggleTag(chip) {
    const { tag } = chip.dataset;
    if (this.tags.has(tag)) this.tags.delete(tag);
    else this.tags.add(tag);
    chip.setAttribute('aria-pressed', String(this.tags.has(tag)));
    this.filter();
    this.input.focus();
  }

  /** filter lists the scenarios that match the box and the chips, the first one active. */
  filter() {
    const query = this.input.value.trim();
    this.shown = matchingExamples(this.scenarios, query, [...this.tags]);
    const words = searchWords(query);
    this.list.replaceChildren(...this.shown.map((scenario, i) => h('li', {
      id: `gallery-option-${scenario.slug}`, role: 'option', class: 'gallery-option js-gallery-option',
      'aria-selected': 'false', 'aria-current': String(scenario.slug === this.current), dataset: { slug: scenario.slug },
      onclick: () => this.pick(i),
    },
    h('span', { class: 'gallery-option-title' }, marked(scenario.title, words)),
    h('span', { class: 'gallery-option-summary' }, marked(scenario.summary, words)),
    matchNote(scenario, words),
    h('span', { class: 'gallery-option-tags' }, scenario.tags.map((tag) => h('span', { class: 'gallery-option-tag' }, marked(tag, words)))))));
    this.activate(this.shown.length > 0 ? 0 : -1);
    const filtered = query || this.tags.size > 0;
    if (!filtered) this.status.textContent = '';
    else if (this.shown.length === 0) this.status.textContent = query ? t('gallery.nomatch', { query }) : t('gallery.notags');
    else this.status.textContent = tn('gallery.matches', this.shown.length);
  }

  /** activate makes the i-th result the one Enter loads, scrolled into view. */
  activate(i) {
    this.active = i;
    [...this.list.children].forEach((option, j) => option.setAttribute('aria-selected', String(j === i)));
    const option = this.list.children[i];
    if (option) {
      this.input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  }

  key(event) {
    // Home and End stay the text box's: they move its caret.
    const last = this.shown.length - 1;
    const moves = { ArrowDown: Math.min(this.active + 1, last), ArrowUp: Math.max(this.active - 1, 0) };
    if (event.key in moves && last >= 0) {
      event.preventDefault();
      this.activate(moves[event.key]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.entered = true;
    }
  }

  pick(i) {
    const scenario = this.shown[i];
    this.dialog.close();
    this.onPick(scenario);
  }
}
