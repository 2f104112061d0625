// The playground's wiring: the editors and settings feed the engine in its
// worker; its answers feed the verdicts, the markers and the countdown. The
// page's state lives in one store (state/store.js) whose rules are
// state/page.js's; state/work.js saves the user's work and keeps what a
// link, an exercise or another tab replaces, and state/links.js shows share
// links and examples. This module only builds the parts and connects them.

import { $ } from './shared/dom.js';
import { engine } from './bridge.js';
import { PageEditors } from './editors/page-editors.js';
import { Results } from './verdicts/results.js';
import { Evaluation } from './verdicts/evaluation.js';
import { Settings } from './settings/settings.js';
import { Countdown } from './clock/countdown.js';
import { WhatIf } from './whatif/whatif.js';
import { Presenter } from './workshop/presenter.js';
import { Keyboard } from './shared/keyboard.js';
import { linkedExample, loadExamples } from './gallery/examples.js';
import { Gallery } from './gallery/gallery.js';
import { SavedState } from './state/storage.js';
import { RestorePoints } from './state/restore.js';
import { defaultClock, defaultOptions, readState, STATE_VERSION } from './state/state.js';
import { createStore } from './state/store.js';
import { edited, initialPage } from './state/page.js';
import { Work } from './state/work.js';
import { NewerWork } from './state/tabs.js';
import { Links } from './state/links.js';
import { SharePanel } from './state/share-panel.js';
import { embedEvaluated, embedView, isEmbedded, startEmbed } from './embed/embed.js';
import { clearStatus, engineViews } from './embed/first-view.js';
import { EmbedFollow } from './embed/embed-follow.js';
import { downloadJSON } from './shared/download.js';
import { linkedExercise, Workshop } from './workshop/workshop.js';
import { storageNamespace } from './state/namespace.js';
import { hasSharedState } from './state/share.js';
import { t } from './shared/i18n.js';

const embedded = isEmbedded();
if (embedded) startEmbed();
// What an example's embed drew before the page was wired (embed/first-view.js), if it did.
const firstView = globalThis.taintPlaygroundBoot.firstView || { scenarios: null, results: null };

// An embed keeps its edits apart from the user's work, per what its address shows (namespace.js).
const namespace = storageNamespace({
  embed: embedded,
  view: embedView(),
  example: linkedExample(),
  share: hasSharedState(window.location.hash) ? window.location.hash : '',
  exercise: linkedExercise(),
});
const statusLine = $('.js-status');
const notice = $('.js-notice');

function showNotice(text) {
  $('.js-notice-text', notice).textContent = text;
  notice.hidden = false;
}
$('.js-notice-close', notice).addEventListener('click', () => {
  notice.hidden = true;
});

const inputs = { nodes: $('#nodes-input'), pods: $('#pods-input') };
const defaultState = () => ({
  v: STATE_VERSION,
  nodes: inputs.nodes.defaultValue,
  pods: inputs.pods.defaultValue,
  options: defaultOptions(),
  clock: defaultClock(),
  kubernetes: '',
});

function savedOrDefault(raw) {
  try {
    return raw ? readState(raw) : defaultState();
  } catch {
    return defaultState();
  }
}

// The placeholder defaults are shown until start() has read the saved work.
const store = createStore(initialPage(defaultState(), Boolean(window.history.state && window.history.state.replaced)));

const work = new Work({
  store,
  saved: new SavedState(namespace),
  restorePoints: new RestorePoints(namespace),
  embedded,
  storageNote: $('.js-storage-note'),
  restoreNotice: $('.js-restore'),
}, {
  display,
  evaluate: evaluateAll,
  context: () => (workshop.exercise ? `exercise:${workshop.exercise.slug}` : 'playground'),
  offerNewer: (revision) => newerWork.offer(revision),
  leftLink: () => links.describeExample(null),
});
// A page about to go away finishes its saves, in localStorage at once if need be.
window.addEventListener('pagehide', () => {
  work.persist.flush();
  work.saved.flush();
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') work.persist.flush();
});

const editors = new PageEditors(inputs, {
  engine,
  onInput: (name, text) => {
    work.edit({ [name]: text });
    evaluation.refreshSoon();
  },
});

const results = firstView.results || new Results($('.js-results'), { ...engineViews(engine), link: null });
results.link = (links) => editors.link(links);

const settings = new Settings($('.js-settings'), (options) => {
  work.edit({ options });
  evaluation.refresh();
});

const countdown = new Countdown($('.js-countdown'), {
  engine,
  onChange: (clock) => {
    work.edit({ clock }, 'clock');
    results.setClockEvents(clock.events);
    followInEmbed(null);
  },
});

// The docs embed: the settings in one line, and a link to the full page with what the frame shows.
const embedFollow = embedded ? new EmbedFollow(store) : null;
function followInEmbed(report) {
  if (embedFollow) embedFollow.update(report);
}

/** display puts a whole state on the page: editors, settings and clock. */
function display(shown) {
  editors.show(shown);
  settings.set(shown.options);
  countdown.setClock(shown.clock);
  results.setClockEvents(shown.clock.events);
}

const presenter = new Presenter($('.js-presenter'), {
  countdown,
  ...engineViews(engine),
  opener: $('.js-present'),
});
// An embed answers no page shortcut: P and ? are the authors', and the docs page's keys stay the reader's.
if (!embedded) new Keyboard({ presenter, speeds: () => countdown.speedChoices(), opener: $('.js-shortcuts') });

const whatIf = new WhatIf($('.js-whatif'), {
  engine,
  onPlay: (command) => {
    countdown.applyCommand(command);
    $('.js-countdown').scrollIntoView();
  },
});

// The report download is the verdicts on screen (the engine's last workspace,
// which is lastGood while the text has a syntax error): the engine's text of
// the command line's `check -o json`, saved byte for byte.
const downloadReport = $('.js-download-report');
downloadReport.addEventListener('click', async () => {
  try {
    downloadJSON(await engine.call('verdicts', {}), 'taint-playground-report.json');
  } catch (error) {
    showNotice(t('report.failed', { error: error.message }));
  }
});

const workshop = new Workshop($('.js-workshop'), {
  engine,
  results: results.root,
  load: loadExercise,
  replace: (text, what) => {
    work.keepOwn(t('restore.kept', { what }), t('restore.back'));
    window.history.pushState({ pushed: true, replaced: true }, '', window.location.href);
    store.set({ onReplaced: true }, 'exercise-replace');
    loadExercise(text);
    work.showRestore();
  },
  current: () => {
    const { nodes, pods, options } = store.state.shown;
    return { nodes, pods, options };
  },
  own: () => {
    const { nodes, pods, options } = store.state.own;
    return { nodes, pods, options };
  },
  onOpen: () => work.showRestore(),
  notice: showNotice,
  namespace,
});

const evaluation = new Evaluation({
  engine,
  store,
  views: { results, editors: editors.editors, settings, countdown, presenter, whatIf, workshop },
  generalDiagnostics: $('.js-general-diagnostics'),
  shown: (report) => {
    downloadReport.disabled = false;
    followInEmbed(report);
  },
  firstShown: clearStatus,
  failed: (text) => {
    results.summary.textContent = text;
  },
});
engine.onRestart = (reason) => evaluation.restarted(reason, showNotice);

/** evaluateAll evaluates and highlights what the page shows. */
function evaluateAll() {
  evaluation.refresh();
  editors.highlight();
}

/** loadExercise is Work's loadText for the workshop, which says what went wrong. */
function loadExercise(text, how) {
  try {
    work.loadText(text, how);
  } catch (error) {
    showNotice(t('workshop.exercise.failed', { error: error.message }));
  }
}

const gallery = new Gallery($('.js-gallery-root'), { onPick: (scenario) => links.pickExample(scenario) });
const scenarios = firstView.scenarios || loadExamples();
scenarios.then((list) => gallery.setScenarios(list), () => gallery.unavailable(t('gallery.unavailable')));

const links = new Links({ work, gallery, scenarios, engine, workshop, notice: showNotice, evaluate: evaluateAll });
window.addEventListener('popstate', (event) => links.followHistory(event.state));

const newerWork = new NewerWork($('.js-newer'), {
  work,
  read: savedOrDefault,
  shown: () => {
    links.describeExample(null);
    evaluateAll();
    work.showRestore();
  },
});
// An embed's namespace is its tab's (sessionStorage): only a sibling frame showing the same thing saves there, and it does not interrupt this one.
if (!embedded) work.saved.onNewer((revision) => newerWork.offer(revision));
$('.js-workshop-open').addEventListener('click', () => workshop.openFirst());

new SharePanel({ store, embedded, notice: showNotice });

// The test hook that `make bench` reads: evaluate and render, in the page.
window.__tpBench = {
  async evaluate(nodesText, podsText) {
    store.set(edited(store.state, { nodes: nodesText, pods: podsText }), 'bench');
    editors.show(store.state.shown);
    const begin = performance.now();
    await evaluation.refresh();
    return performance.now() - begin;
  },
};

/**
 * showAddressedLink shows the share link or example the address names and
 * resolves with the Kubernetes release a share link was made with ('' for
 * none); a link that cannot be opened is told, over the saved work.
 */
async function showAddressedLink() {
  const link = links.addressedLink();
  try {
    const shown = await links.showAddressed();
    return shown === 'share' ? { shared: true, linkVersion: store.state.shown.kubernetes } : { shared: false, linkVersion: '' };
  } catch (error) {
    showNotice(t(`link.cannotOpen.${link}`, { error: error.message }));
    return { shared: false, linkVersion: '' };
  }
}

/** showVersion shows the engine's releases once it is ready, or why it could not load; false when it could not. */
async function showVersion(linkVersion) {
  let version;
  try {
    version = await engine.ready;
  } catch (error) {
    statusLine.classList.remove('status--loading');
    statusLine.classList.add('status--failed');
    statusLine.textContent = t('engine.loadFailed', { error: error.message });
    return false;
  }
  store.set({ version }, 'engine-ready');
  clearStatus();
  for (const el of document.querySelectorAll('.js-k8s-version')) el.textContent = version.kubernetes;
  $('.js-go-version').textContent = version.go;
  if (linkVersion && linkVersion !== version.kubernetes) {
    showNotice(t('link.versionDiffers', { then: linkVersion, now: version.kubernetes }));
  }
  return true;
}

async function start() {
  const { saved: raw, lost } = await work.saved.load();
  work.showOwn(savedOrDefault(raw));
  store.set({ ownIsUsers: raw !== null }, 'start');
  if (lost) showNotice(lost);
  if (!work.saved.available) work.storageNote.hidden = false;
  const { shared, linkVersion } = await showAddressedLink();
  store.set({ started: true }, 'start');
  await workshop.start({ keepText: shared });
  work.showRestore();
  // The first evaluation is asked for at once: the worker answers it as soon
  // as the Go program has started, after saying it is ready.
  const evaluated = evaluation.refresh();
  if (!(await showVersion(linkVersion))) return;
  await evaluated;
  if (embedded) embedEvaluated();
  editors.highlight();
}

/** started resolves once the page shows what its address names, wired (main.js then gives back a reader's early edits). */
export const started = start();
