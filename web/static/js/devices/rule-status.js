// The status of each DeviceTaintRule of the inventory (the report's
// deviceRules, engine.DeviceRuleStatus), as the device taint eviction
// controller writes it: for effect None the dry run, what NoExecute would
// evict; for NoExecute the pods pending eviction. Each rule shows what its
// status means in the page's language and the condition itself, upstream's
// message verbatim, as the what-if shows the status of a rule not applied
// yet (whatif/rule.js). A report without rules has none of this.

import { h } from '../shared/dom.js';
import { langOf, said } from '../shared/explain.js';
import { t } from '../shared/i18n.js';

/** statusYAML is a rule's status condition as `kubectl get -o yaml` prints it. */
function statusYAML(condition) {
  return ['status:', '  conditions:', `  - type: ${condition.type}`, `    status: ${JSON.stringify(condition.status)}`,
    `    reason: ${condition.reason}`, `    message: ${JSON.stringify(condition.message)}`].join('\n');
}

/** statusBlock is the condition in a block marked verbatim: upstream's own text, never translated. */
export function statusBlock(condition, hook) {
  return h('pre', { class: ['whatif-status', hook].filter(Boolean).join(' '), dataset: { verbatim: '' } }, h('code', {}, statusYAML(condition)));
}

/** ruleStatuses is the section of the report's DeviceTaintRules with their statuses, or null without rules. */
export function ruleStatuses(report) {
  const rules = report.deviceRules || [];
  if (rules.length === 0) return null;
  return h('section', { class: 'device-rules js-device-rules' },
    h('h3', {}, t('device.rules.title')),
    rules.map((rule) => {
      const meaning = said(rule.reason);
      return h('div', { class: 'device-rule js-device-rule', dataset: { rule: rule.rule } },
        h('h4', {}, t('device.rules.heading', { rule: rule.rule, effect: rule.effect })),
        h('p', { class: 'device-rule-said js-device-rule-said', ...langOf(meaning) }, meaning.text),
        statusBlock(rule.status, 'js-device-rule-status'));
    }));
}
