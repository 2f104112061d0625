// The first view of an example's embed: its verdicts, drawn from the
// engine's answers the build wrote into examples.json, before the rest of
// the page is wired. The frames a docs page embeds from the playground all
// run on one renderer thread (they are one site), so six frames that each
// wire the whole page before drawing their verdicts all show them late.
// Here each frame draws its verdicts first and wires its editors,
// countdown, settings and the rest once the thread is idle, or at once
// when the reader touches the frame. The verdicts are drawn by the page's
// own Results, which playground.js adopts: the page's first evaluate is
// answered with the same report, which Results keeps on screen rather than
// drawing it again.

import { $ } from '../shared/dom.js';
import { Results } from '../verdicts/results.js';
import { firstVerdictIn } from '../verdicts/evaluation.js';
import { useMessagesOf } from '../shared/explain.js';
import { linkedExample } from '../gallery/examples.js';
import { startEmbed } from './embed.js';

/** TOUCHES are the events that wire the page at once: the reader is about to use the frame. */
const TOUCHES = ['pointerdown', 'keydown', 'focusin', 'input'];

/** engineViews are the calls the verdicts make to the engine: a card's details and a page of the matrix. */
export function engineViews(engine) {
  return {
    explain: (pod, node) => engine.call('explain', { pod, node }),
    cells: (window) => engine.call('cells', window),
  };
}

/**
 * clearStatus empties the status line, which says the engine is loading, as
 * the first verdicts come; it leaves a failure to load, which may be told
 * before the first verdicts are drawn, on screen.
 */
export function clearStatus() {
  const line = $('.js-status');
  if (line.classList.contains('status--failed')) return;
  line.classList.remove('status--loading');
  line.textContent = '';
}

/**
 * showFirstView draws the verdicts of the example the address names from
 * scenarios (loadExamples' promise) and resolves, once the thread is idle
 * or the reader has touched the frame, with what playground.js adopts:
 * {scenarios, results, replayEdits}. results is null when the build wrote
 * no answers for the example (playground.js then draws as usual);
 * performance.mark('first-verdict') says when the verdicts showed;
 * replayEdits gives back, once the page is wired, the edits the reader made
 * before (the page's start puts the example's text in the editors).
 */
export async function showFirstView(engine, scenarios) {
  startEmbed();
  const edits = keepEdits();
  const wired = idleOrTouched();
  const scenario = (await scenarios.catch(() => [])).find((candidate) => candidate.slug === linkedExample());
  let results = null;
  if (scenario && scenario.firstAnswers) {
    // The lean embed page holds its editors back (later-markup.js); a full page shows the example's text at once.
    const [nodes, pods] = [document.querySelector('#nodes-input'), document.querySelector('#pods-input')];
    if (nodes && pods) [nodes.value, pods.value] = [scenario.nodes, scenario.pods];
    results = new Results($('.js-results'), { ...engineViews(engine), link: () => {} });
    const report = scenario.firstAnswers.evaluate.answer.value;
    await useMessagesOf(report);
    results.render(report);
    // The reader sees the verdicts now (make bench times them); [data-first-verdict] waits for the wired page.
    if (firstVerdictIn(results.root)) {
      performance.mark('first-verdict');
      clearStatus();
    }
  }
  await wired;
  return { scenarios, results, replayEdits: edits };
}

/**
 * WIRE_WITHIN_MS bounds the wait for an idle thread: a frame below the docs
 * page's fold is throttled and may not idle, and the thread of a busy page
 * may never, yet the page is wired by then.
 */
const WIRE_WITHIN_MS = 1000;

/** idleOrTouched resolves once the thread is idle, the reader touches the page or WIRE_WITHIN_MS has passed, whichever comes first. */
function idleOrTouched() {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of TOUCHES) document.removeEventListener(type, go, true);
      resolve();
    };
    for (const type of TOUCHES) document.addEventListener(type, go, true);
    if (globalThis.requestIdleCallback) requestIdleCallback(go, { timeout: WIRE_WITHIN_MS });
    else setTimeout(go);
  });
}

/**
 * keepEdits notes the text of each editor the reader edits and returns
 * the function that, once the page is wired, stops noting and gives each
 * editor back the reader's text (as typing would) where the start replaced it.
 */
function keepEdits() {
  const edits = new Map();
  const keep = (event) => {
    if (event.target.matches('.js-editor-input')) edits.set(event.target, event.target.value);
  };
  document.addEventListener('input', keep, true);
  return () => {
    document.removeEventListener('input', keep, true);
    for (const [input, text] of edits) {
      if (input.value === text) continue;
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
