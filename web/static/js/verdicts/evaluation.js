// The evaluation of what the page shows: the engine's report goes to the
// verdicts, the editors' markers, the settings, the countdown, the presenter
// view, the what-if and the workshop's goals. While the text has a YAML
// syntax error the verdicts on screen stay, marked stale.

import { coalesce, debounce, h } from '../shared/dom.js';
import { explanation, langOf, useMessagesOf } from '../shared/explain.js';
import { t } from '../shared/i18n.js';

/** syntaxError is the first YAML syntax error in an editor, or undefined. */
function syntaxError(report) {
  return report.diagnostics.find((d) => d.code === 'yaml' && d.severity === 'error' && (d.source.editor === 'nodes' || d.source.editor === 'pods'));
}

/** firstVerdictIn is the first verdict drawn in root, or null. */
export function firstVerdictIn(root) {
  return root.querySelector('.js-verdict, .matrix-cell');
}

export class Evaluation {
  /**
   * store holds the page's state (its shown texts and options are
   * evaluated); views are the page's parts that show a report: results,
   * editors (by name), settings, countdown, presenter, whatIf and workshop;
   * generalDiagnostics lists the diagnostics of no editor; shown(report)
   * runs once a report is on screen, and firstShown() once the first
   * verdict is; failed(text) says the evaluation failed.
   */
  constructor({ engine, store, views, generalDiagnostics, shown, firstShown, failed }) {
    Object.assign(this, { engine, store, views, generalDiagnostics, shown, firstShown, failed });
    /**
     * lastGood is the input of the verdicts on screen when it had no YAML
     * syntax error. While the text has one, those verdicts stay, marked
     * stale, and the engine is given lastGood back so that explaining a card
     * on screen, the countdown and the what-if still read the workspace they
     * show.
     */
    this.lastGood = null;
    /** restartsInARow counts worker restarts since the last evaluation that worked. */
    this.restartsInARow = 0;
    /** firstVerdictShown turns true once a verdict is on screen, marked for the tests and the budget. */
    this.firstVerdictShown = false;
    this.refresh = coalesce(() => this.evaluate());
    /** refreshSoon evaluates once typing pauses. */
    this.refreshSoon = debounce(() => this.refresh(), 50);
  }

  /** evaluate evaluates the state shown and shows the report; refresh runs it, one at a time. */
  async evaluate() {
    const { results, countdown, presenter, whatIf, workshop } = this.views;
    try {
      const { nodes, pods, options } = this.store.state.shown;
      const evaluated = { nodes, pods, options };
      const report = await this.engine.call('evaluate', { ...evaluated, ...results.evaluateArgs() });
      this.restartsInARow = 0;
      const error = syntaxError(report);
      if (error && this.lastGood) {
        this.showDiagnostics(report);
        await workshop.check(evaluated);
        results.markStale(error);
        await this.engine.call('evaluate', { ...this.lastGood, ...results.evaluateArgs() });
        return;
      }
      if (!error) this.lastGood = evaluated;
      await useMessagesOf(report);
      this.showReport(report);
      countdown.setReport(report);
      presenter.setReport(report);
      whatIf.setReport(report);
      await workshop.check(evaluated);
    } catch (error) {
      // An engine that could not load is the status line's to tell.
      if (error === this.engine.failure) return;
      this.failed(t('engine.failed', { error: error.message }));
    }
  }

  /** showDiagnostics marks each editor's diagnostics and lists the others. */
  showDiagnostics(report) {
    for (const [name, editor] of Object.entries(this.views.editors)) {
      editor.setDiagnostics(report.diagnostics.filter((d) => d.source.editor === name));
    }
    this.generalDiagnostics.replaceChildren(...report.diagnostics
      .filter((d) => d.source.editor !== 'nodes' && d.source.editor !== 'pods')
      .map((d) => h('li', { class: `diagnostic diagnostic--${d.severity}`, ...langOf(explanation(d, 'message')), dataset: d.messageMessage ? {} : { verbatim: '' } }, explanation(d, 'message').text)));
  }

  showReport(report) {
    const { results, settings } = this.views;
    results.render(report);
    this.showDiagnostics(report);
    settings.renderAdded(report);
    this.shown(report);
    if (this.firstVerdictShown) return;
    const first = firstVerdictIn(results.root);
    if (!first) return;
    this.firstVerdictShown = true;
    first.dataset.firstVerdict = '';
    // An example's embed drew its verdicts before the page was wired, and marked them then (embed/first-view.js).
    if (performance.getEntriesByName('first-verdict').length === 0) performance.mark('first-verdict');
    // Verdicts the build computed come before the engine: its loading line
    // goes with them, not 100 ms later, which would move the page (and
    // resize a docs site's frame) under the reader's eyes.
    this.firstShown();
  }

  /**
   * restarted tells, after the worker stopped (out of memory, say) and a new
   * one replaced it, which knows nothing yet, that the text is evaluated
   * again, unless the text is what keeps stopping it.
   */
  restarted(reason, notice) {
    this.restartsInARow++;
    if (this.restartsInARow > 1) {
      notice(t('engine.stopped.again', { reason }));
      return;
    }
    notice(t('engine.stopped', { reason }));
    this.refresh();
  }
}
