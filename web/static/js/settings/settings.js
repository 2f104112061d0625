// Cluster settings: the form's controls are named after the engine's Options
// fields, so the markup is the list of settings. Below it, what the enabled
// plugins and controllers added to this workspace, and why.

import { $, h } from '../shared/dom.js';
import { taintText, tolerationText } from '../shared/format.js';
import { t } from '../shared/i18n.js';
import { explanation, langOf } from '../shared/explain.js';

export class Settings {
  /** onChange(options) runs after every valid change. */
  constructor(root, onChange) {
    this.form = $('.js-settings-form', root);
    this.added = $('.js-settings-added', root);
    this.options = null;
    this.form.addEventListener('submit', (event) => event.preventDefault());
    this.form.addEventListener('input', (event) => {
      const { target } = event;
      if (target.type === 'number') {
        const valid = Number.isSafeInteger(target.valueAsNumber) && target.valueAsNumber >= 0;
        target.setCustomValidity(valid ? '' : t('settings.seconds.invalid'));
        target.setAttribute('aria-invalid', String(!valid));
        if (!valid) return;
        this.options[target.name] = target.valueAsNumber;
      } else {
        this.options[target.name] = target.checked;
      }
      this.syncDependents();
      onChange({ ...this.options });
    });
  }

  /** set shows options in the form. */
  set(options) {
    this.options = { ...options };
    for (const [name, value] of Object.entries(options)) {
      const control = this.form.elements.namedItem(name);
      if (!control) continue;
      if (control.type === 'checkbox') control.checked = value;
      else control.value = String(value);
    }
    this.syncDependents();
  }

  /** syncDependents disables the seconds fields while their plugin is off. */
  syncDependents() {
    for (const control of this.form.querySelectorAll('[data-requires]')) {
      control.disabled = !this.options[control.dataset.requires];
    }
  }

  /** renderAdded lists the tolerations and taints the settings added. */
  renderAdded(report) {
    const items = [];
    for (const pod of report.pods) {
      for (const toleration of pod.tolerations) {
        if (!toleration.addedBy) continue;
        items.push(h('li', {},
          h('strong', {}, toleration.addedBy), t('settings.added.pod'), h('code', {}, pod.name), ': ',
          h('code', {}, tolerationText(toleration)), toleration.why ? ['. ', h('span', langOf(explanation(toleration, 'why')), explanation(toleration, 'why').text)] : ''));
      }
    }
    for (const node of report.nodes) {
      for (const taint of node.taints) {
        if (!taint.origin) continue;
        items.push(h('li', {},
          h('strong', {}, t('settings.lifecycle')), t('settings.added.node'), h('code', {}, node.name), ': ',
          h('code', {}, taintText(taint)), t('settings.added.for', { origin: taint.origin })));
      }
    }
    this.added.replaceChildren(items.length === 0
      ? h('p', { class: 'note' }, t('settings.added.nothing'))
      : h('ul', { class: 'added-list' }, items));
  }
}
