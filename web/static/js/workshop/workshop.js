// Workshop mode: the exercises of exercises.json, each a starting text and
// goals that the engine checks after every evaluation (checkGoals), with hints
// revealed one at a time, and the solution on request (the page keeps the
// student's own text as its restore point). Progress lives in localStorage
// (progress.js). A teacher links straight to one exercise with
// ?exercise=<slug>; each exercise the student opens is a history entry of
// its own, so the browser's Back goes to the one before, or leaves.

import { $, h } from '../shared/dom.js';
import { addressWith, param } from '../shared/address.js';
import { WorkshopProgress } from './progress.js';
import { GoalMarks } from './goal-marks.js';
import { loadTexts, t } from '../shared/i18n.js';
import { setExplained } from '../shared/explain.js';

/** EXERCISE_PARAM is the URL parameter that names the open exercise. */
export const EXERCISE_PARAM = 'exercise';

/** loadExercises fetches the exercises the build provides, in order, their texts and goals in the page's language. */
async function loadExercises() {
  const [response, texts] = await Promise.all([fetch('exercises.json'), loadTexts('exercises')]);
  if (!response.ok) throw new Error(`exercises.json: HTTP ${response.status}`);
  return (await response.json()).map((exercise) => inPageLanguage(exercise, texts[exercise.slug] || {}));
}

/** inPageLanguage is an exercise with the texts of the page's language (from loadTexts), its goals' by position. */
function inPageLanguage(exercise, { goals = [], ...texts }) {
  return { ...exercise, ...texts, goals: exercise.goals.map((goal, i) => ({ ...goal, text: goals[i] || goal.text })) };
}

/** linkedExercise is the slug the page's URL names, or null. */
export function linkedExercise() {
  return param(EXERCISE_PARAM);
}

/**
 * setLinkedExercise names slug in the URL (or removes the name), keeping
 * ?embed and the rest, in a new history entry when push is true.
 */
function setLinkedExercise(slug, { push = false } = {}) {
  const address = addressWith(EXERCISE_PARAM, slug);
  if (push) window.history.pushState({ pushed: true }, '', address);
  else window.history.replaceState(window.history.state, '', address);
}

/**
 * PANELS are the page's panels an exercise may use (exercise.panels, from
 * exercises.Panels): while the workshop is open, those the exercise does not
 * list stay out of the way (style.css hides them), and the what-if always.
 */
const PANELS = ['settings', 'clock'];

/** showPanels marks the page as in the workshop and says which panels the exercise uses; null leaves it. */
function showPanels(exercise) {
  const root = document.documentElement;
  root.classList.toggle('is-workshop', exercise !== null);
  for (const panel of PANELS) root.toggleAttribute(`data-workshop-${panel}`, exercise !== null && exercise.panels.includes(panel));
}

/** startText is an exercise's starting text in the editors' form. */
function startText(exercise) {
  return { nodes: exercise.nodes, pods: exercise.pods, options: exercise.settings };
}

export class Workshop {
  /**
   * root is the workshop section. engine checks the goals; results is the
   * verdicts panel, whose cards say which goals they meet; load({nodes, pods,
   * options}, {evaluate}) puts a text in the editors and, unless evaluate is
   * false, evaluates it; replace(text, what) does so after keeping the
   * student's text to go back to, what naming the new text ("the
   * solution"); current() returns the editors' {nodes, pods, options}, own()
   * the user's own work (not a link's text being viewed); onOpen() runs when
   * an exercise opens or the workshop closes; notice(text) tells the user
   * what went wrong; namespace is where progress is kept (storageNamespace).
   */
  constructor(root, { engine, results, load, replace, current, own, onOpen, notice, namespace }) {
    this.root = root;
    this.engine = engine;
    this.marks = new GoalMarks(results);
    this.load = load;
    this.replace = replace;
    this.current = current;
    this.own = own;
    this.onOpen = onOpen;
    this.notice = notice;
    this.progress = new WorkshopProgress(namespace);
    this.exercises = null;
    this.exercise = null;
    this.list = $('.js-workshop-list', root);
    this.missing = $('.js-workshop-missing', root);
    this.view = $('.js-exercise', root);
    this.goals = $('.js-exercise-goals', root);
    this.status = $('.js-exercise-status', root);
    this.hints = $('.js-exercise-hints', root);
    this.hintButton = $('.js-exercise-hint', root);
    this.nextButton = $('.js-exercise-next', root);
    this.hintButton.addEventListener('click', () => this.revealHint());
    $('.js-exercise-solution', root).addEventListener('click', () => this.replaceText('solution'));
    $('.js-exercise-reset', root).addEventListener('click', () => this.replaceText('start'));
    this.nextButton.addEventListener('click', () => this.open(this.following().slug, { push: true }));
    $('.js-workshop-close', root).addEventListener('click', () => this.close());
  }

  /**
   * start opens the exercise the URL names, if it names one, without
   * evaluating: the page evaluates once the engine is ready. keepText is true
   * when the editors show a share link's text, which then stays.
   */
  async start({ keepText }) {
    const slug = linkedExercise();
    if (slug !== null) await this.open(slug, { keepText, evaluate: false });
  }

  /** openFirst opens the first exercise not done yet, or the first of all. */
  async openFirst() {
    if (!(await this.ensureExercises())) return;
    const next = this.exercises.find((exercise) => !this.progress.isDone(exercise.slug)) || this.exercises[0];
    if (next) await this.open(next.slug, { push: true });
  }

  /** ensureExercises loads exercises.json once; it reports whether they are there. */
  async ensureExercises() {
    if (this.exercises) return true;
    try {
      this.exercises = await loadExercises();
      return true;
    } catch (error) {
      this.notice(t('workshop.failed', { error: error.message }));
      return false;
    }
  }

  /**
   * open shows an exercise and puts in the editors the student's last text
   * for it, or its starting text; an unknown slug says so beside the list.
   * push names it in a new history entry.
   */
  async open(slug, { keepText = false, evaluate = true, push = false } = {}) {
    if (!(await this.ensureExercises())) return;
    const wasOpen = this.exercise !== null;
    this.root.hidden = false;
    this.exercise = this.exercises.find((exercise) => exercise.slug === slug) || null;
    showPanels(this.exercise);
    this.renderList();
    this.missing.hidden = this.exercise !== null;
    this.view.hidden = this.exercise === null;
    if (!this.exercise) {
      this.missing.textContent = t('workshop.missing', { slug });
      this.onOpen();
      return;
    }
    setLinkedExercise(slug, { push });
    // Entering the workshop keeps the playground's text for leaving; a reload
    // inside the workshop finds it kept already, and the editors on an exercise.
    if (!keepText && !wasOpen && !this.progress.playground()) this.progress.setPlayground(this.own());
    const { exercise } = this;
    $('.js-exercise-title', this.view).replaceChildren(`${exercise.order}. `, exercise.title);
    $('.js-exercise-brief', this.view).replaceChildren(exercise.brief);
    this.goals.replaceChildren(...exercise.goals.map((goal) => h('li', { class: 'goal', dataset: { met: '' } },
      h('span', { class: 'goal-mark', 'aria-hidden': 'true' }, '…'),
      h('span', { class: 'sr-only js-goal-state' }, t('workshop.goal.unchecked')),
      h('span', { class: 'goal-text' }, goal.text),
      h('span', { class: 'goal-why js-goal-why' }))));
    this.status.textContent = '';
    this.renderHints();
    this.nextButton.hidden = !this.following();
    this.showSolved(false);
    if (!keepText) this.load(this.progress.work(slug) || startText(exercise), { evaluate });
    this.onOpen();
  }

  /** close leaves workshop mode and gives the editors back the text they had before it. */
  close() {
    this.root.hidden = true;
    this.exercise = null;
    showPanels(null);
    this.marks.set([], []);
    setLinkedExercise(null);
    const before = this.progress.playground();
    this.progress.setPlayground(null);
    if (before) this.load(before);
    this.onOpen();
  }

  /** showSolved makes "Next exercise" the primary action once the open exercise is solved, and only then. */
  showSolved(solved) {
    this.nextButton.classList.toggle('button--active', solved);
  }

  /** following is the exercise after the open one, or undefined. */
  following() {
    const at = this.exercises.indexOf(this.exercise);
    return this.exercises[at + 1];
  }

  renderList() {
    this.list.replaceChildren(...this.exercises.map((exercise) => {
      const done = this.progress.isDone(exercise.slug);
      return h('li', { class: done ? 'workshop-item workshop-item--done' : 'workshop-item' },
        h('button', {
          type: 'button',
          class: 'workshop-link',
          'aria-current': exercise === this.exercise ? 'step' : null,
          dataset: { slug: exercise.slug },
          onclick: () => this.open(exercise.slug, { push: true }),
        }, `${exercise.order}. `, exercise.title),
        done ? h('span', { class: 'done-mark' }, h('span', { 'aria-hidden': 'true' }, '✓'), h('span', { class: 'sr-only' }, ` ${t('workshop.item.done')}`)) : null);
    }));
  }

  /** renderHints shows the hints revealed so far and what the button offers next. */
  renderHints() {
    const { slug, hints } = this.exercise;
    const shown = Math.min(this.progress.hints(slug), hints.length);
    this.hints.replaceChildren(...hints.slice(0, shown).map((hint) => h('li', { tabindex: '-1' }, hint)));
    this.hintButton.disabled = shown >= hints.length;
    this.hintButton.textContent = shown >= hints.length ? t('workshop.hints.none') : t('workshop.hint.next', { n: shown + 1, total: hints.length });
  }

  revealHint() {
    const { slug } = this.exercise;
    this.progress.setHints(slug, this.progress.hints(slug) + 1);
    this.renderHints();
    this.hints.lastElementChild.focus({ preventScroll: true });
  }

  /**
   * replaceText puts the solution or the starting text in the editors; the
   * page keeps the student's text for "Back to my text" and Back.
   */
  replaceText(which) {
    const { exercise } = this;
    const { solution } = exercise;
    if (which === 'solution') this.replace({ nodes: solution.nodes, pods: solution.pods, options: solution.settings }, t('workshop.what.solution'));
    else this.replace(startText(exercise), t('workshop.what.reset'));
  }

  /**
   * check runs after every evaluation of evaluated ({nodes, pods, options}):
   * it asks the engine about the open exercise's goals, shows each one met or
   * not with the engine's reason, keeps the text as the student's work, and
   * marks the exercise done when every goal is met. An evaluation of a text
   * the editors no longer hold is skipped: another one follows.
   */
  async check(evaluated) {
    const { exercise } = this;
    const now = this.current();
    if (!exercise || now.nodes !== evaluated.nodes || now.pods !== evaluated.pods || now.options !== evaluated.options) return;
    let results;
    try {
      results = await this.engine.call('checkGoals', { goals: exercise.goals.map((goal) => goal.check) });
    } catch (error) {
      this.status.textContent = t('workshop.checkfailed', { error: error.message });
      return;
    }
    if (exercise !== this.exercise) return;
    this.progress.setWork(exercise.slug, evaluated);
    results.forEach((result, i) => {
      const item = this.goals.children[i];
      item.dataset.met = String(result.met);
      $('.goal-mark', item).textContent = result.met ? '✓' : '✗';
      $('.js-goal-state', item).textContent = t(result.met ? 'workshop.goal.met' : 'workshop.goal.notmet');
      setExplained($('.js-goal-why', item), result, 'why');
    });
    this.marks.set(exercise.goals, results.map((result) => result.met));
    const met = results.filter((result) => result.met).length;
    this.showSolved(met === results.length);
    if (met === results.length) {
      this.progress.markDone(exercise.slug);
      this.renderList();
      this.status.textContent = t(this.following() ? 'workshop.done.next' : 'workshop.done.last');
    } else {
      this.status.textContent = t('workshop.progress', { met, total: results.length });
    }
  }
}
