// The what-if of a DeviceTaintRule: a `kubectl apply -f rule.yaml` line with
// the rule's YAML in the box beside it, or the YAML pasted into the line,
// tried on the editors' devices before anyone applies it. The engine's
// whatIfRule answers its blast radius (engine.DeviceRuleWhatIf): the devices
// the rule's selector picks, the pods using them and what happens to each,
// the requests left without a device and, for effect None, the dry run:
// what NoExecute would evict, as the rule's status says. Names and the
// status's message come from the answer, so they enter as text only.

import { $, debounce, h, setText } from '../shared/dom.js';
import { explanation, langOf, untranslated } from '../shared/explain.js';
import { duration } from '../shared/format.js';
import { fillText, t } from '../shared/i18n.js';
import { podName, section } from './sections.js';
import { statusBlock } from '../devices/rule-status.js';

/** APPLY is a `kubectl apply -f <file>` (or create) line. */
const APPLY = /^kubectl\s+(?:apply|create)\s+(?:-f|--filename)(?:\s+|=)(\S+)$/;

/** PASTED_FILE is the file the line names for YAML pasted into it. */
const PASTED_FILE = 'rule.yaml';

/** appliedFile is the file a `kubectl apply -f` line names; null for any other line. */
export function appliedFile(line) {
  const match = APPLY.exec(line.trim());
  return match ? match[1] : null;
}

/**
 * pastedRule reads text pasted into the line: more than one line is YAML,
 * after the `kubectl apply -f` line that may head it ({line, yaml}); null
 * for a single line, which the line takes as it is.
 */
export function pastedRule(text) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.filter((line) => line.trim()).length < 2) return null;
  const head = lines.findIndex((line) => line.trim());
  if (appliedFile(lines[head])) return { line: lines[head].trim(), yaml: lines.slice(head + 1).join('\n') };
  return { line: `kubectl apply -f ${PASTED_FILE}`, yaml: text };
}

/** outcome is what the rule does to a pod (an engine RadiusPod), in words. */
function outcome(pod) {
  switch (pod.verdict) {
    case 'evicted-now': return t('whatif.rule.now');
    case 'evicted-later': return t('whatif.rule.later', { seconds: pod.seconds, duration: duration(pod.seconds) });
    case 'unschedulable': return t('whatif.rule.blocked');
    case 'schedulable': return t('whatif.rule.schedulable');
    default: return t('whatif.rule.stays');
  }
}

export class RuleWhatIf {
  /** onEdit runs the what-if again when the rule's YAML changes after it was asked. */
  constructor(root, { engine, onEdit }) {
    this.engine = engine;
    this.box = $('.js-whatif-rule', root);
    this.label = $('.js-whatif-rule-label', root);
    this.text = $('.js-whatif-rule-text', root);
    this.hint = $('.js-whatif-rule-hint', root);
    this.text.addEventListener('input', debounce(onEdit, 300));
  }

  /** follow shows the rule's box while line is a `kubectl apply -f` line, labelled with its file. */
  follow(line) {
    const file = appliedFile(line);
    this.box.hidden = !file;
    if (file) fillText(this.label, t('whatif.rule.label', { file }));
  }

  /** paste puts a pasted rule's YAML in the box, and answers its line, or null when text is one line. */
  paste(text) {
    const rule = pastedRule(text);
    if (!rule) return null;
    this.text.value = rule.yaml;
    this.follow(rule.line);
    return rule.line;
  }

  /** setReport offers the rule's what-if only on a cluster with devices. */
  setReport(report) {
    this.hint.hidden = !(report && report.devices && report.devices.length > 0);
  }

  /**
   * answer draws the rule's blast radius into output, or its error into
   * error; current() says whether the report it is for is still the last.
   */
  async answer({ error, output, current }) {
    let radius;
    try {
      radius = await this.engine.call('whatIfRule', { rule: this.text.value });
    } catch (failure) {
      if (!current()) return;
      setText(error, failure.message);
      Object.assign(error, untranslated());
      output.replaceChildren();
      return;
    }
    if (!current()) return;
    error.textContent = '';
    output.replaceChildren(...this.render(radius));
  }

  /** render is the blast radius's summary, lists and status. */
  render(radius) {
    const said = explanation(radius, 'reason');
    const device = (d) => `${d.driver}/${d.pool}/${d.device}`;
    const pod = (p) => t('whatif.rule.pod', { pod: podName(p), outcome: outcome(p) });
    const request = (q) => t('whatif.rule.request', { request: q.request, claim: podName({ namespace: q.namespace, name: q.claim }) })
      + (q.allocated ? t('whatif.rule.request.kept') : '');
    return [
      h('p', { class: 'whatif-summary js-whatif-summary', ...langOf(said) }, said.text),
      section(t('whatif.rule.devices'), 'js-whatif-rule-devices', '', radius.devices, device),
      section(t('whatif.rule.pods'), 'js-whatif-rule-pods', '', radius.pods, pod),
      radius.effect === 'None' && h('div', { class: 'js-whatif-dryrun' },
        section(t('whatif.rule.dryrun'), 'js-whatif-dryrun-pods', 'later', radius.dryRun, pod),
        radius.dryRun.length === 0 && h('p', { class: 'note' }, t('whatif.rule.dryrun.none'))),
      section(t('whatif.rule.nodevice'), 'js-whatif-rule-requests', 'bad', radius.unallocatable, request),
      h('div', { class: 'whatif-section js-whatif-rule-status' },
        h('h3', {}, t('whatif.rule.status')),
        statusBlock(radius.status, '')),
    ].filter(Boolean);
  }
}
