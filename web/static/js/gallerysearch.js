// The gallery's search box: as the user types, the example picker keeps only
// the scenarios that match (matchingExamples), still grouped, and a status
// line says how many match, or that none does. Escape clears the search.

import { galleryOptions, matchingExamples } from './examples.js';
import { plural } from './format.js';

export class GallerySearch {
  /**
   * input is the search box, select the picker (its first option the
   * placeholder), status an element with role="status".
   */
  constructor(input, select, status) {
    this.input = input;
    this.select = select;
    this.status = status;
    this.placeholder = select.options[0];
    this.scenarios = [];
    input.addEventListener('input', () => this.filter());
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || input.value === '') return;
      event.preventDefault();
      input.value = '';
      this.filter();
    });
  }

  /** setScenarios gives the search the gallery's scenarios, in gallery order. */
  setScenarios(scenarios) {
    this.scenarios = scenarios;
    this.filter();
  }

  /** filter shows the scenarios that match the box's text, keeping the chosen one chosen. */
  filter() {
    const query = this.input.value.trim();
    const shown = matchingExamples(this.scenarios, query);
    const chosen = this.select.value;
    this.select.replaceChildren(this.placeholder, ...galleryOptions(shown));
    this.select.value = shown.some((scenario) => scenario.slug === chosen) ? chosen : '';
    if (!query) this.status.textContent = '';
    else if (shown.length === 0) this.status.textContent = `No example matches “${query}”.`;
    else this.status.textContent = `${plural(shown.length, 'example')} ${shown.length === 1 ? 'matches' : 'match'}.`;
  }
}
