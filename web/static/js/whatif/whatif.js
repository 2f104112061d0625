// The what-if for operators: a `kubectl taint nodes …` command tried on the
// pasted cluster before anyone runs it for real. The engine's whatIf applies
// it to a copy of the last evaluated nodes and answers the blast radius; this
// panel lists it, with its totals by node pool and by workload and its
// downloads (radiustables.js). A `kubectl apply -f rule.yaml` line, or a
// DeviceTaintRule pasted into the line, is the device side's (rule.js).
// Names come from the report, so they enter as text only.

import { $, coalesce, h, setText } from '../shared/dom.js';
import { duration, taintText, tolerationText } from '../shared/format.js';
import { t, tn } from '../shared/i18n.js';
import { GeneratedCluster } from './generated.js';
import { radiusTables } from './radiustables.js';
import { appliedFile, RuleWhatIf } from './rule.js';
import { podName, section } from './sections.js';

export class WhatIf {
  /**
   * engine calls the bridge; the panel answers for the report last set.
   * onPlay(command) runs the command on the eviction countdown.
   */
  constructor(root, { engine, onPlay }) {
    this.engine = engine;
    this.onPlay = onPlay;
    this.report = null;
    this.line = $('.js-whatif-line', root);
    this.error = $('.js-whatif-error', root);
    this.output = $('.js-whatif-output', root);
    this.asked = false;
    this.run = coalesce(() => this.answer());
    this.rule = new RuleWhatIf(root, {
      engine,
      onEdit: () => {
        if (this.asked) this.run();
      },
    });
    this.line.addEventListener('input', () => this.rule.follow(this.line.value));
    // A rule's YAML pasted into the line goes to the box beside it, under a kubectl apply line.
    this.line.addEventListener('paste', (event) => {
      const line = this.rule.paste(event.clipboardData.getData('text/plain'));
      if (!line) return;
      event.preventDefault();
      this.line.value = line;
      this.asked = true;
      this.run();
    });
    this.generated = new GeneratedCluster(root, {
      engine,
      onLoad: () => {
        if (this.asked) this.run();
        else this.output.replaceChildren();
      },
      onSuggest: (command) => {
        this.line.value = command;
        this.asked = true;
        this.run();
      },
    });
    $('.js-whatif-form', root).addEventListener('submit', (event) => {
      event.preventDefault();
      this.asked = true;
      this.run();
    });
  }

  /**
   * setReport follows the editors: an answer on screen is recomputed for the
   * new input, and a generated cluster is left for the editors' one.
   */
  setReport(report) {
    this.report = report;
    this.rule.setReport(report);
    this.generated.leave();
    if (this.asked) this.run();
  }

  async answer() {
    const command = this.line.value.trim();
    this.error.removeAttribute('lang');
    if (appliedFile(command) && this.report) {
      const report = this.report;
      await this.rule.answer({ error: this.error, output: this.output, current: () => report === this.report });
      return;
    }
    if (this.generated.active && command) {
      await this.generated.answer(command, { error: this.error, output: this.output });
      return;
    }
    const report = this.report;
    if (!command || !report) {
      this.error.textContent = command ? t('whatif.notyet') : '';
      this.output.replaceChildren();
      return;
    }
    let radius;
    try {
      radius = await this.engine.call('whatIf', { command });
    } catch (error) {
      setText(this.error, error.message);
      this.output.replaceChildren();
      return;
    }
    // A newer report is on its way and will ask again; these indexes are its.
    if (report !== this.report) return;
    const tables = radius.nodes.length > 0 && await radiusTables(this.engine, radius.totals, { pods: false });
    if (report !== this.report) return;
    this.error.textContent = '';
    this.render(radius, report, command, tables);
  }

  /** render lists the blast radius, tables (or false) after the lists. */
  render(radius, report, command, tables) {
    const pod = (i) => podName(report.pods[i]);
    const node = (i) => report.nodes[i].name;
    // A pod whose verdict was already the same kind was going before the command.
    const already = (e) => (e.before === e.eviction.kind ? t('whatif.already') : '');
    const onNode = (e) => t('whatif.pair', { pod: pod(e.pod), node: node(e.node) });
    const now = (e) => `${onNode(e)}${already(e)}`;
    const later = (e) => {
      const toleration = report.pods[e.pod].tolerations[e.eviction.toleration];
      return t('whatif.later.item', {
        pair: onNode(e), seconds: e.eviction.seconds, duration: duration(e.eviction.seconds), toleration: tolerationText(toleration), already: already(e),
      });
    };
    const change = (c) => [
      node(c.node),
      ...c.added.map((taint) => ` +${taintText(taint)}`),
      ...c.removed.map((taint) => ` −${taintText(taint)}`),
    ].join('');
    const summary = t('whatif.summary', {
      nodes: tn('whatif.summary.nodes', radius.nodes.length),
      now: tn('whatif.summary.now', radius.evictedNow.length),
      later: radius.evictedLater.length,
      stay: tn('whatif.summary.stay', radius.stay.length),
      stranded: tn('whatif.summary.stranded', radius.noLongerSchedulable.length),
      freed: radius.newlySchedulable.length,
    });
    this.output.replaceChildren(...[
      h('p', { class: 'whatif-summary js-whatif-summary' }, summary),
      section(t('whatif.section.errors'), 'js-whatif-errors', 'bad', radius.errors, (message) => message),
      section(t('whatif.section.nodes'), 'js-whatif-nodes', '', radius.nodes, change),
      section(t('whatif.section.now'), 'js-whatif-now', 'bad', radius.evictedNow, now),
      section(t('whatif.section.later'), 'js-whatif-later', 'later', radius.evictedLater, later),
      radius.evictedLater.length > 0 && h('button', { type: 'button', class: 'button button--small', onclick: () => this.onPlay(command) },
        t('whatif.play')),
      section(t('whatif.section.stranded'), 'js-whatif-stranded', 'bad', radius.noLongerSchedulable, pod),
      section(t('whatif.section.freed'), 'js-whatif-freed', '', radius.newlySchedulable, pod),
      tables,
    ].filter(Boolean));
  }
}
