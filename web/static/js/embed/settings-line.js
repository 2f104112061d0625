// The cluster settings in one line, for the docs embed: a <details> whose
// summary names the settings that differ from a default cluster and what
// they added to the workspace; the settings panel opens below it on demand.

import { h } from '../shared/dom.js';
import { t, tn } from '../shared/i18n.js';
import { defaultOptions } from '../state/state.js';

/** changedSettings names each option that differs from a default cluster, as the summary lists it. */
function changedSettings(options) {
  const defaults = defaultOptions();
  const onOff = (name, label) => (options[name] === defaults[name] ? null : t(options[name] ? 'settingsline.on' : 'settingsline.off', { setting: label }));
  const seconds = (name, label) => (options.defaultTolerationSeconds && options[name] !== defaults[name] ? `${label} ${t('unit.s', { count: options[name] })}` : null);
  return [
    onOff('comparisonOperators', t('settingsline.comparison')),
    onOff('defaultTolerationSeconds', 'DefaultTolerationSeconds'),
    seconds('notReadySeconds', 'not-ready'),
    seconds('unreachableSeconds', 'unreachable'),
    onOff('daemonSetTolerations', t('settingsline.daemonset')),
    onOff('podTolerationRestriction', 'PodTolerationRestriction'),
    onOff('extendedResourceToleration', 'ExtendedResourceToleration'),
    onOff('conditionTaints', t('settingsline.conditions')),
  ].filter(Boolean);
}

/** addedCount is what the settings added to report: tolerations to pods, taints to nodes. */
function addedCount(report) {
  const tolerations = report.pods.reduce((sum, pod) => sum + pod.tolerations.filter((t) => t.addedBy).length, 0);
  const taints = report.nodes.reduce((sum, node) => sum + node.taints.filter((t) => t.origin).length, 0);
  return [tolerations ? tn('settingsline.tolerations', tolerations) : '', taints ? tn('settingsline.taints', taints) : ''].filter(Boolean).join(t('settingsline.and'));
}

export class SettingsLine {
  /** panel is the settings section; it moves into the line's <details>, closed. */
  constructor(panel) {
    this.summary = h('summary', { class: 'settings-line-summary js-settings-line-summary' }, t('settings.title'));
    this.details = h('details', { class: 'settings-line js-settings-line' }, this.summary);
    panel.replaceWith(this.details);
    this.details.append(panel);
  }

  /** update says which settings differ from the defaults and, once a report is in, what they added. */
  update(options, report = null) {
    const changed = changedSettings(options);
    const added = report ? addedCount(report) : '';
    this.summary.textContent = t('settingsline.summary', {
      settings: changed.length === 0 ? t('settingsline.defaults') : changed.join(', '),
      added: added ? t('settingsline.added', { added }) : '',
    });
  }
}
