// The playground: the editors and settings feed the engine in its worker; its
// answers feed the verdicts, the markers and the countdown. The state lives in
// one object, saved to localStorage and shareable by link.
//
// The page shows either the user's own work, which it saves, or a link's
// state (a share link, an example), which it does not save until the user
// edits it. Whatever replaces the user's own text leaves it as a restore
// point, offered by a notice and by the browser's Back.

import { $, coalesce, debounce, h } from './shared/dom.js';
import { engine } from './bridge.js';
import { Editor } from './editors/editor.js';
import { Results } from './verdicts/results.js';
import { Settings } from './settings/settings.js';
import { Countdown, timelineArg } from './clock/countdown.js';
import { WhatIf } from './whatif/whatif.js';
import { Presenter } from './workshop/presenter.js';
import { Keyboard } from './shared/keyboard.js';
import { EditorTools } from './editors/editor-tools.js';
import { exampleAddress, exampleEmbedURL, linkedExample, loadExamples } from './gallery/examples.js';
import { Gallery } from './gallery/gallery.js';
import { characters, clockTime, SavedState } from './state/storage.js';
import { RestorePoints } from './state/restore.js';
import { decodeState, encodeState, hasSharedState } from './state/share.js';
import { defaultClock, defaultOptions, readState, STATE_VERSION } from './state/state.js';
import { embedEvaluated, embedView, isEmbedded, startEmbed } from './embed/embed.js';
import { EmbedBuilder } from './embed/embed-builder.js';
import { OpenInPlayground } from './embed/embed-open.js';
import { SettingsLine } from './settings/settings-line.js';
import { copyText } from './shared/clipboard.js';
import { downloadJSON } from './shared/download.js';
import { EXERCISE_PARAM, linkedExercise, Workshop } from './workshop/workshop.js';
import { storageNamespace } from './state/namespace.js';

const embedded = isEmbedded();
if (embedded) startEmbed();

// An embed keeps its edits apart from the user's work, per what its address shows (namespace.js).
const namespace = storageNamespace({
  embed: embedded,
  view: embedView(),
  example: linkedExample(),
  share: hasSharedState(window.location.hash) ? window.location.hash : '',
  exercise: linkedExercise(),
});
const saved = new SavedState(namespace);
const statusLine = $('.js-status');
const notice = $('.js-notice');

function showNotice(text) {
  $('.js-notice-text', notice).textContent = text;
  notice.hidden = false;
}
$('.js-notice-close', notice).addEventListener('click', () => {
  notice.hidden = true;
});

const nodesInput = $('#nodes-input');
const podsInput = $('#pods-input');
const defaultState = () => ({
  v: STATE_VERSION,
  nodes: nodesInput.defaultValue,
  pods: podsInput.defaultValue,
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

// The saved state replaces this once start() has read it.
let state = defaultState();
let version = null;
/** own is the user's own work, the state saved: the one shown unless a link's state is being viewed. */
let own = state;
/** ownIsUsers is false while own is only the page's default text, with nothing of the user's saved. */
let ownIsUsers = false;
/** viewing is {what} while the page shows a link's state, not saved: what names the link. */
let viewing = null;
/** conflict is the newer revision another tab saved, while the user has not chosen what to keep. */
let conflict = null;

const storageNote = $('.js-storage-note');
const persist = debounce(() => {
  const newer = conflict || saved.newer();
  if (newer) {
    offerNewer(newer);
    return;
  }
  saved.save(own).then((kept) => {
    storageNote.hidden = kept;
  });
}, 250);
// A page about to go away finishes its saves, in localStorage at once if need be.
window.addEventListener('pagehide', () => {
  persist.flush();
  saved.flush();
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') persist.flush();
});

/**
 * forgetLink drops a share fragment or an example's name from the address
 * once the user changes what it showed; marks are added to the history
 * entry's state. An embed's address stays as the docs page wrote it: it
 * names the namespace the frame keeps its edits in.
 */
function forgetLink(marks = {}) {
  if (embedded) return;
  if (hasSharedState(window.location.hash) || linkedExample()) {
    window.history.replaceState({ ...window.history.state, ...marks }, '', exampleAddress(''));
  }
}

/**
 * started turns true once start() has put the saved work, or the link's, on
 * the page. Until then the page shows placeholder defaults, and a change made
 * meanwhile (the presenter view opening from ?present, a setting applied)
 * must neither be saved over the user's work nor drop the link not read yet.
 */
let started = false;

/**
 * changed runs after every change of the state; what is 'clock' for the
 * countdown's clock. An edit of a link's state makes it the user's own work;
 * the clock of a link being viewed is not an edit, and is not saved.
 */
function changed(what = 'edit') {
  if (!started) return;
  if (viewing) {
    if (what === 'clock') return;
    makeOwn();
  }
  forgetLink();
  ownIsUsers = true;
  persist();
}

/**
 * HIGHLIGHT_MAX_LENGTH: the highlighter colours at most 256 KiB of text
 * (highlight.MaxBytes); beyond that its HTML is the plain lines the layer
 * already shows, and parsing megabytes of it would stall the page after every
 * pause in typing, so longer text is not sent.
 */
const HIGHLIGHT_MAX_LENGTH = 256 * 1024;

const editors = {};
const highlighters = {};
const refreshSoon = debounce(() => refresh(), 50);

for (const [name, input] of [['nodes', nodesInput], ['pods', podsInput]]) {
  const editor = new Editor(input.closest('.js-editor'), {
    onInput: () => {
      state[name] = editor.value;
      changed('edit');
      refreshSoon();
      highlighters[name]();
    },
  });
  editors[name] = editor;
  new EditorTools(editor, { label: name === 'nodes' ? 'Nodes' : 'Pods', engine });
  const highlight = coalesce(async () => {
    if (editor.large) return;
    const text = editor.value;
    if (text.length > HIGHLIGHT_MAX_LENGTH) return;
    const { html } = await engine.call('highlight', { text, editor: name });
    editor.applyHighlight(text, html);
  });
  highlighters[name] = debounce(() => highlight().catch(() => {}), 30);
}

function link(links) {
  editors.nodes.setLinked(links ? links.nodes : []);
  editors.pods.setLinked(links ? links.pods : []);
}

const results = new Results($('.js-results'), {
  explain: (pod, node) => engine.call('explain', { pod, node }),
  cells: (window) => engine.call('cells', window),
  link,
});

const settings = new Settings($('.js-settings'), (options) => {
  state.options = options;
  changed('edit');
  refresh();
});

const countdown = new Countdown($('.js-countdown'), {
  engine,
  onChange: (clock) => {
    state.clock = clock;
    results.setClockEvents(clock.events);
    changed('clock');
    followInEmbed(null);
  },
});

// The docs embed: the settings in one line, and a link to the full page with what the frame shows.
const settingsLine = embedded ? new SettingsLine($('.js-settings')) : null;
const openInPlayground = embedded ? new OpenInPlayground($('.js-embed-open')) : null;

/** followInEmbed points the embed's link at the state shown and, given the report, sums up its settings. */
function followInEmbed(report) {
  if (!embedded) return;
  if (report) {
    settingsLine.update(state.options, report);
    // The clock plays evictions to come: a scenario with none leaves it out of the frame.
    const evicting = report.cells.some((cell) => cell.running && cell.eviction && cell.eviction.kind === 'after');
    document.documentElement.toggleAttribute('data-embed-clock', evicting || state.clock.events.length > 0);
  }
  openInPlayground.update({ ...state, kubernetes: version ? version.kubernetes : '' }, viewing ? linkedExample() : null);
}

const presenter = new Presenter($('.js-presenter'), {
  countdown,
  explain: (pod, node) => engine.call('explain', { pod, node }),
  cells: (window) => engine.call('cells', window),
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

/** clearStatus empties the status line, which says the engine is loading. */
function clearStatus() {
  statusLine.classList.remove('status--loading');
  statusLine.textContent = '';
}

const generalDiagnostics = $('.js-general-diagnostics');
let firstVerdictShown = false;

/** showDiagnostics marks each editor's diagnostics and lists the others. */
function showDiagnostics(report) {
  for (const [name, editor] of Object.entries(editors)) {
    editor.setDiagnostics(report.diagnostics.filter((d) => d.source.editor === name));
  }
  generalDiagnostics.replaceChildren(...report.diagnostics
    .filter((d) => d.source.editor !== 'nodes' && d.source.editor !== 'pods')
    .map((d) => h('li', { class: `diagnostic diagnostic--${d.severity}` }, d.message)));
}

function showReport(report) {
  results.render(report);
  downloadReport.disabled = false;
  showDiagnostics(report);
  settings.renderAdded(report);
  followInEmbed(report);
  if (!firstVerdictShown) {
    const first = results.root.querySelector('.js-verdict, .matrix-cell');
    if (first) {
      firstVerdictShown = true;
      first.dataset.firstVerdict = '';
      performance.mark('first-verdict');
      // Verdicts the build computed come before the engine: its loading line
      // goes with them, not 100 ms later, which would move the page (and
      // resize a docs site's frame) under the reader's eyes.
      clearStatus();
    }
  }
}

// The report download is the verdicts on screen (the engine's last workspace,
// which is lastGood while the text has a syntax error): the engine's text of
// the command line's `check -o json`, saved byte for byte.
const downloadReport = $('.js-download-report');
downloadReport.addEventListener('click', async () => {
  try {
    downloadJSON(await engine.call('verdicts', {}), 'taint-playground-report.json');
  } catch (error) {
    showNotice(`The report could not be made: ${error.message}`);
  }
});

/** syntaxError is the first YAML syntax error in an editor, or undefined. */
function syntaxError(report) {
  return report.diagnostics.find((d) => d.code === 'yaml' && d.severity === 'error' && (d.source.editor === 'nodes' || d.source.editor === 'pods'));
}

/**
 * lastGood is the input of the verdicts on screen when it had no YAML syntax
 * error. While the text has one, those verdicts stay, marked stale, and the
 * engine is given lastGood back so that explaining a card on screen, the
 * countdown and the what-if still read the workspace they show.
 */
let lastGood = null;

/** restartsInARow counts worker restarts since the last evaluation that worked. */
let restartsInARow = 0;

const refresh = coalesce(async () => {
  try {
    const evaluated = { nodes: state.nodes, pods: state.pods, options: state.options };
    const report = await engine.call('evaluate', { ...evaluated, ...results.evaluateArgs() });
    restartsInARow = 0;
    const error = syntaxError(report);
    if (error && lastGood) {
      showDiagnostics(report);
      await workshop.check(evaluated);
      results.markStale(error);
      await engine.call('evaluate', { ...lastGood, ...results.evaluateArgs() });
      return;
    }
    if (!error) lastGood = evaluated;
    showReport(report);
    countdown.setReport(report);
    presenter.setReport(report);
    whatIf.setReport(report);
    await workshop.check(evaluated);
  } catch (error) {
    // An engine that could not load is the status line's to tell.
    if (error === engine.failure) return;
    results.summary.textContent = `The engine could not evaluate this input: ${error.message}`;
  }
});

// A worker that stopped (out of memory, say) has been replaced by a new one,
// which knows nothing yet: evaluate the text again, unless the text is what
// keeps stopping it.
engine.onRestart = (reason) => {
  restartsInARow++;
  if (restartsInARow > 1) {
    showNotice(`The engine stopped again (${reason}) and was restarted. Edit the text to evaluate it again.`);
    return;
  }
  showNotice(`The engine stopped (${reason}) and was restarted; your text is being evaluated again.`);
  refresh();
};

/** show puts a whole state on the page: editors, settings and clock. */
function show(next) {
  state = next;
  editors.nodes.setValue(state.nodes);
  editors.pods.setValue(state.pods);
  settings.set(state.options);
  countdown.setClock(state.clock);
  results.setClockEvents(state.clock.events);
}

/** showOwn shows the user's own work and saves it from now on. */
function showOwn(next) {
  show(next);
  own = state;
  viewing = null;
}

/** showView shows a link's state, what names it; the user's own work stays saved as it was. */
function showView(next, what) {
  persist.flush();
  show(next);
  viewing = { what, address: window.location.href };
  showRestore();
}

/** evaluateAll evaluates and highlights what the page shows. */
function evaluateAll() {
  refresh();
  highlighters.nodes();
  highlighters.pods();
}

/**
 * stateOf is a text from the build (a gallery scenario, an exercise) as the
 * page's state: the editors, the settings over the defaults, and clock
 * events. It throws a StateError when the text does not fit the state.
 */
function stateOf({ nodes, pods, options, events = [] }) {
  return readState({
    v: STATE_VERSION,
    nodes,
    pods,
    options: { ...defaultOptions(), ...options },
    clock: { ...defaultClock(), events },
  });
}

/**
 * loadText shows a text from the build (an exercise's) and keeps it as the
 * user's work; it evaluates the text unless the caller is about to (start
 * does, once the engine is ready).
 */
function loadText(text, { evaluate = true } = {}) {
  persist.flush();
  showOwn(stateOf(text));
  ownIsUsers = true;
  if (started) {
    forgetLink();
    persist();
  }
  if (evaluate) evaluateAll();
}

const gallery = new Gallery($('.js-gallery-root'), { onPick: (scenario) => pickExample(scenario) });
const examplesLoaded = loadExamples();
examplesLoaded.then((scenarios) => gallery.setScenarios(scenarios), () => gallery.unavailable('No examples in this build'));

/** scenarioText is a gallery scenario's text, settings and clock events. */
function scenarioText(scenario) {
  return { nodes: scenario.nodes, pods: scenario.pods, options: scenario.settings, events: scenario.events || [] };
}

/** describeExample shows which scenario is on the page and what it teaches; null for none. */
function describeExample(scenario) {
  $('.js-example-description').textContent = scenario ? scenario.explanation : '';
  gallery.markCurrent(scenario ? scenario.slug : '');
}

/**
 * pickExample shows the scenario the user picked as a link to it,
 * ?example=<slug>, in a new history entry: the user's own work stays saved,
 * and Back or "Back to my text" shows it again.
 */
function pickExample(scenario) {
  let next;
  try {
    next = stateOf(scenarioText(scenario));
  } catch (error) {
    showNotice(`The example “${scenario.title}” cannot be loaded: ${error.message}.`);
    return;
  }
  window.history.pushState({ pushed: true }, '', exampleAddress(scenario.slug));
  onReplaced = false;
  showView(next, `the example “${scenario.title}”`);
  describeExample(scenario);
  evaluateAll();
}

/**
 * showLinkedExample shows the scenario that ?example=<slug> names. Like a
 * share link it is not saved: the user's saved work is replaced only when
 * they change what the link showed.
 */
async function showLinkedExample(slug) {
  const scenario = (await examplesLoaded).find((candidate) => candidate.slug === slug);
  if (!scenario) throw new Error(`no example is named “${slug}”`);
  const shown = stateOf(scenarioText(scenario));
  // examples.json has the engine's answers to the evaluate and the simulate that show the example first.
  if (scenario.firstAnswers) {
    const { evaluate, simulate } = scenario.firstAnswers;
    engine.knowFirstAnswers([
      { fn: 'evaluate', arg: { nodes: shown.nodes, pods: shown.pods, ...evaluate.arg }, answer: evaluate.answer },
      { fn: 'simulate', arg: timelineArg(shown.clock), answer: simulate.answer },
    ]);
  }
  showView(shown, `the example “${scenario.title}”`);
  describeExample(scenario);
}

/** loadExercise is loadText for the workshop, which says what went wrong. */
function loadExercise(text, how) {
  try {
    loadText(text, how);
  } catch (error) {
    showNotice(`This exercise cannot be loaded: ${error.message}.`);
  }
}

const workshop = new Workshop($('.js-workshop'), {
  engine,
  results: results.root,
  load: loadExercise,
  replace: (text, what) => {
    keepOwn(`Your text from before ${what} is kept.`, 'Back to my text');
    window.history.pushState({ pushed: true, replaced: true }, '', window.location.href);
    onReplaced = true;
    loadExercise(text);
    showRestore();
  },
  current: () => ({ nodes: state.nodes, pods: state.pods, options: state.options }),
  own: () => ({ nodes: own.nodes, pods: own.pods, options: own.options }),
  onOpen: () => showRestore(),
  notice: showNotice,
  namespace,
});

// Restore points, "Back to my text" and the browser's Back.
const restorePoints = new RestorePoints(namespace);
const restoreNotice = $('.js-restore');
/** onReplaced is true while the history entry is one whose text replaced the user's (marked replaced). */
let onReplaced = Boolean(window.history.state && window.history.state.replaced);
/** viewDismissed is true once the user dismissed the notice about the link being viewed. */
let viewDismissed = false;

/** contextOf names where a restore point belongs: the open exercise, or the playground. */
function contextOf() {
  return workshop.exercise ? `exercise:${workshop.exercise.slug}` : 'playground';
}

/** keepOwn keeps the user's own work as the restore point, with the notice's sentence and button. */
function keepOwn(what, label) {
  if (ownIsUsers) restorePoints.keep(contextOf(), { state: own, what, label });
}

/**
 * showRestore shows what the notice offers: going back from a link being
 * viewed to the user's saved work, or the restore point of the context.
 */
async function showRestore() {
  const context = contextOf();
  const point = viewing ? null : await restorePoints.get(context);
  if (context !== contextOf()) return;
  const text = $('.js-restore-text', restoreNotice);
  const back = $('.js-restore-back', restoreNotice);
  if (viewing) {
    text.textContent = `You are viewing ${viewing.what}. Your own text is saved as it was; editing this makes it yours, and yours stays one click away.`;
    back.textContent = 'Back to my text';
    restoreNotice.hidden = !ownIsUsers || viewDismissed;
  } else {
    text.textContent = point ? point.what : '';
    back.textContent = point ? point.label : '';
    restoreNotice.hidden = !point;
  }
}

/** makeOwn makes the link's state being viewed the user's work; their previous work becomes the restore point. */
function makeOwn() {
  keepOwn(`Your text from before ${viewing.what} is kept.`, 'Back to my text');
  own = state;
  viewing = null;
  forgetLink({ replaced: true });
  onReplaced = true;
  showRestore();
}

/** leaveView shows the user's saved work again instead of the link being viewed. */
function leaveView() {
  showOwn(own);
  describeExample(null);
  evaluateAll();
  showRestore();
}

/**
 * swapRestorePoint shows the restore point as the user's work and keeps the
 * text it replaces as the new point, so that nothing is lost either way.
 */
async function swapRestorePoint() {
  const context = contextOf();
  const point = await restorePoints.get(context);
  if (!point) return;
  restorePoints.keep(context, { state: own, what: 'The text you left is kept.', label: 'Show the text I left' });
  persist.flush();
  showOwn(point.state);
  ownIsUsers = true;
  forgetLink();
  persist();
  evaluateAll();
  showRestore();
}

$('.js-restore-back', restoreNotice).addEventListener('click', () => {
  // An entry this page pushed is left with Back, so that the browser's history stays one with the page.
  const pushed = Boolean(window.history.state && window.history.state.pushed);
  if (viewing) {
    if (pushed) window.history.back();
    else {
      if (!embedded) window.history.replaceState(null, '', exampleAddress(''));
      leaveView();
    }
  } else if (pushed && onReplaced) {
    window.history.back();
  } else {
    swapRestorePoint();
  }
});
$('.js-restore-dismiss', restoreNotice).addEventListener('click', () => {
  if (viewing) viewDismissed = true;
  else restorePoints.forget(contextOf());
  showRestore();
});

/**
 * followHistory shows what the history entry the browser went to names:
 * the exercise, the share link or example being viewed, or the user's own
 * work; between an entry whose text replaced the user's and one before it,
 * the restore point changes places with the text shown.
 */
async function followHistory(entry) {
  const arriving = Boolean(entry && entry.replaced);
  const crossed = arriving !== onReplaced;
  onReplaced = arriving;
  const exercise = linkedExercise();
  const open = workshop.exercise ? workshop.exercise.slug : null;
  if (exercise !== open) {
    if (exercise) await workshop.open(exercise);
    else workshop.close();
    return;
  }
  if (viewing && viewing.address === window.location.href) return;
  if (hasSharedState(window.location.hash)) {
    try {
      showView(await decodeState(window.location.hash), 'the share link');
      evaluateAll();
    } catch (error) {
      showNotice(`This share link cannot be opened: ${error.message}.`);
    }
  } else if (linkedExample()) {
    try {
      await showLinkedExample(linkedExample());
      evaluateAll();
    } catch (error) {
      showNotice(`This example link cannot be opened: ${error.message}.`);
    }
  } else if (viewing) {
    leaveView();
  } else if (crossed) {
    await swapRestorePoint();
  }
}
window.addEventListener('popstate', (event) => followHistory(event.state));

// Tabs: a tab whose work another tab has saved over since offers the newer
// work, and saves nothing until the user chooses.
const newerNotice = $('.js-newer');

/** offerNewer holds this tab's saves and asks whether to load the newer work or keep this tab's. */
function offerNewer(revision) {
  conflict = revision;
  $('.js-newer-text', newerNotice).textContent = `Another tab saved newer work at ${clockTime(revision.at)} (${characters(revision.length)}). This tab has not saved over it: load that work here, or keep this tab’s text (the other tab’s stays one click away).`;
  newerNotice.hidden = false;
}
// An embed's namespace is its tab's (sessionStorage): only a sibling frame showing the same thing saves there, and it does not interrupt this one.
if (!embedded) saved.onNewer(offerNewer);

/** readNewer reads the newer work another tab saved; this tab's saves then go over it. */
async function readNewer() {
  const { saved: raw } = await saved.load();
  conflict = null;
  newerNotice.hidden = true;
  return raw ? savedOrDefault(raw) : null;
}

$('.js-newer-load', newerNotice).addEventListener('click', async () => {
  const newer = await readNewer();
  if (!newer) return;
  keepOwn('This tab’s text from before you loaded the newer work is kept.', 'Back to this tab’s text');
  showOwn(newer);
  ownIsUsers = true;
  forgetLink();
  describeExample(null);
  evaluateAll();
  showRestore();
});
$('.js-newer-keep', newerNotice).addEventListener('click', async () => {
  const revision = conflict;
  const newer = await readNewer();
  if (newer) restorePoints.keep(contextOf(), { state: newer, what: `The other tab’s work, saved at ${clockTime(revision.at)}, is kept.`, label: 'Show the other tab’s work' });
  if (!viewing) persist();
  showRestore();
});
$('.js-workshop-open').addEventListener('click', () => workshop.openFirst());

// Share and embed: both write the state into a link and offer to copy it.
const sharePanel = $('.js-share-panel');
const shareOutput = $('.js-share-output');
const shareStatus = $('.js-share-status');

async function offerCopy(label, text) {
  $('.js-share-label').textContent = label;
  shareOutput.value = text;
  sharePanel.hidden = false;
  shareOutput.focus();
  await copyText(text, shareStatus, shareOutput);
}

/** shareURL is the link to the whole state, or null, after saying why, when no link can hold it. */
async function shareURL(embed) {
  let fragment;
  try {
    fragment = await encodeState({ ...state, kubernetes: version ? version.kubernetes : '' });
  } catch (error) {
    showNotice(`No link can hold this: ${error.message}.`);
    return null;
  }
  // A link made in an exercise opens that exercise, with this text in it.
  const exercise = linkedExercise();
  const query = [embed ? 'embed' : '', exercise ? `${EXERCISE_PARAM}=${encodeURIComponent(exercise)}` : ''].filter(Boolean);
  const url = new URL(window.location.href);
  url.search = query.length > 0 ? `?${query.join('&')}` : '';
  url.hash = fragment;
  return url.href;
}

$('.js-share').addEventListener('click', async () => {
  const url = await shareURL(false);
  if (!url) return;
  if (!embedded) window.history.replaceState(null, '', url);
  await offerCopy('Share link (the whole playground is in it; nothing is uploaded)', url);
});
const embedBuilder = new EmbedBuilder($('.js-embed-builder'));
$('.js-embed').addEventListener('click', async () => {
  // An example nobody changed is embedded by name: the docs page then shows the gallery's current version of it.
  const url = linkedExample() ? exampleEmbedURL(linkedExample()) : await shareURL(true);
  if (url) embedBuilder.open(url);
});
$('.js-share-copy').addEventListener('click', () => copyText(shareOutput.value, shareStatus, shareOutput));

// The test hook that `make bench` reads: evaluate and render, in the page.
window.__tpBench = {
  async evaluate(nodesText, podsText) {
    state.nodes = nodesText;
    state.pods = podsText;
    editors.nodes.setValue(nodesText);
    editors.pods.setValue(podsText);
    const begin = performance.now();
    await refresh();
    return performance.now() - begin;
  },
};

async function start() {
  const { saved: raw, lost } = await saved.load();
  showOwn(savedOrDefault(raw));
  ownIsUsers = raw !== null;
  if (lost) showNotice(lost);
  if (!saved.available) storageNote.hidden = false;
  let linkVersion = '';
  let shared = false;
  if (hasSharedState(window.location.hash)) {
    try {
      showView(await decodeState(window.location.hash), 'the share link');
      shared = true;
      linkVersion = state.kubernetes;
    } catch (error) {
      showNotice(`This share link cannot be opened: ${error.message}. You are seeing your last saved work instead.`);
    }
  } else if (linkedExample()) {
    try {
      await showLinkedExample(linkedExample());
    } catch (error) {
      showNotice(`This example link cannot be opened: ${error.message}. You are seeing your last saved work instead.`);
    }
  }
  started = true;
  await workshop.start({ keepText: shared });
  showRestore();
  // The first evaluation is asked for at once: the worker answers it as soon
  // as the Go program has started, after saying it is ready.
  const evaluated = refresh();
  try {
    version = await engine.ready;
  } catch (error) {
    statusLine.classList.remove('status--loading');
    statusLine.classList.add('status--failed');
    statusLine.textContent = `The WebAssembly engine could not load (${error.message}). Your text is kept; reload the page to try again.`;
    return;
  }
  clearStatus();
  for (const el of document.querySelectorAll('.js-k8s-version')) el.textContent = version.kubernetes;
  $('.js-go-version').textContent = version.go;
  if (linkVersion && linkVersion !== version.kubernetes) {
    showNotice(`This link was made when the page reproduced Kubernetes ${linkVersion}; it now reproduces ${version.kubernetes}, so some verdicts may differ.`);
  }
  await evaluated;
  if (embedded) embedEvaluated();
  highlighters.nodes();
  highlighters.pods();
}

start();
