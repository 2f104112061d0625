// The links the page shows without saving them: a share link (#s=…) and an
// example (?example=<slug>), opened from the address, picked in the gallery
// or reached with the browser's Back and Forward. Work shows them as a view;
// the user's saved work is replaced only when they change what the link
// showed.

import { $ } from '../shared/dom.js';
import { exampleAddress, linkedExample } from '../gallery/examples.js';
import { timelineArg } from '../clock/countdown.js';
import { linkedExercise } from '../workshop/workshop.js';
import { decodeState, hasSharedState } from './share.js';
import { historyStep, stateOf } from './page.js';
import { t } from '../shared/i18n.js';

/** scenarioText is a gallery scenario's text, settings and clock events. */
function scenarioText(scenario) {
  return { nodes: scenario.nodes, pods: scenario.pods, options: scenario.settings, events: scenario.events || [] };
}

/** exampleTitle names an example for the restore notice. */
function exampleTitle(scenario) {
  return t('links.example', { title: scenario.title });
}

export class Links {
  /**
   * work is the page's Work; gallery the examples' gallery and scenarios
   * the promise of its scenarios; engine the bridge; workshop the Workshop;
   * notice(text) tells the user something; evaluate() evaluates what is
   * shown.
   */
  constructor({ work, gallery, scenarios, engine, workshop, notice, evaluate }) {
    Object.assign(this, { work, gallery, scenarios, engine, workshop, notice, evaluate });
  }

  /** describeExample shows which scenario is on the page and what it teaches; null for none. */
  describeExample(scenario) {
    const description = $('.js-example-description');
    description.textContent = scenario ? scenario.explanation : '';
    this.gallery.markCurrent(scenario ? scenario.slug : '');
  }

  /**
   * pickExample shows the scenario the user picked as a link to it,
   * ?example=<slug>, in a new history entry: the user's own work stays saved,
   * and Back or "Back to my text" shows it again.
   */
  pickExample(scenario) {
    let next;
    try {
      next = stateOf(scenarioText(scenario));
    } catch (error) {
      this.notice(t('links.example.failed', { title: scenario.title, error: error.message }));
      return;
    }
    window.history.pushState({ pushed: true }, '', exampleAddress(scenario.slug));
    this.work.store.set({ onReplaced: false }, 'pick-example');
    this.work.showView(next, exampleTitle(scenario));
    this.describeExample(scenario);
    this.evaluate();
  }

  /**
   * showLinkedExample shows the scenario that ?example=<slug> names. Like a
   * share link it is not saved: the user's saved work is replaced only when
   * they change what the link showed.
   */
  async showLinkedExample(slug) {
    const scenario = (await this.scenarios).find((candidate) => candidate.slug === slug);
    if (!scenario) throw new Error(`no example is named “${slug}”`);
    const shown = stateOf(scenarioText(scenario));
    // examples.json has the engine's answers to the evaluate and the simulate that show the example first.
    if (scenario.firstAnswers) {
      const { evaluate, simulate } = scenario.firstAnswers;
      this.engine.knowFirstAnswers([
        { fn: 'evaluate', arg: { nodes: shown.nodes, pods: shown.pods, ...evaluate.arg }, answer: evaluate.answer },
        { fn: 'simulate', arg: timelineArg(shown.clock), answer: simulate.answer },
      ]);
    }
    this.work.showView(shown, exampleTitle(scenario));
    this.describeExample(scenario);
  }

  /**
   * showAddressed shows what the address names, a share link or an example,
   * and resolves with the link shown ('share', 'example') or '' for none;
   * it rejects when the link cannot be opened.
   */
  async showAddressed() {
    if (hasSharedState(window.location.hash)) {
      this.work.showView(await decodeState(window.location.hash), t('links.share'));
      return 'share';
    }
    if (linkedExample()) {
      await this.showLinkedExample(linkedExample());
      return 'example';
    }
    return '';
  }

  /** addressedLink is what the address names: 'share', 'example' or ''. */
  addressedLink() {
    if (hasSharedState(window.location.hash)) return 'share';
    return linkedExample() ? 'example' : '';
  }

  /**
   * followHistory shows what the history entry the browser went to names:
   * the exercise, the share link or example being viewed, or the user's own
   * work; between an entry whose text replaced the user's and one before it,
   * the restore point changes places with the text shown (page.js historyStep).
   */
  async followHistory(entry) {
    const { work } = this;
    const link = this.addressedLink();
    const { onReplaced, step } = historyStep(work.page, entry, window.location.href, link);
    work.store.set({ onReplaced }, 'history');
    const exercise = linkedExercise();
    const open = this.workshop.exercise ? this.workshop.exercise.slug : null;
    if (exercise !== open) {
      if (exercise) await this.workshop.open(exercise);
      else this.workshop.close();
      return;
    }
    if (step === 'share' || step === 'example') {
      try {
        await this.showAddressed();
        this.evaluate();
      } catch (error) {
        this.notice(t(step === 'share' ? 'links.share.failed' : 'links.example.link.failed', { error: error.message }));
      }
    } else if (step === 'leave-view') {
      work.leaveView();
    } else if (step === 'swap') {
      await work.swapRestorePoint();
    }
  }
}
