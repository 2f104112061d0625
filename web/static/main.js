// main.js is the page's one module script. js/boot.js has already started
// the engine's worker and the WASM's compilation; bridge.js adopts them. It
// is async, so it runs as soon as it and its modules arrive, while the
// browser may still parse the page; the rest of the page's modules query the
// document, so they wait until it is parsed. mkdist bundles them all into
// this one file; the page's tests and make bench reach the bridge's module
// (its engine) as taintPlaygroundBridge, since the bundle has no
// js/bridge.js to import. The page's language catalog loads while the
// page parses; the page's words are filled in before its modules run, so
// every module writes in that language from its first line. The embed of
// a gallery example draws its verdicts before the rest of the page is
// wired (js/embed/first-view.js); playground.js adopts what it drew from
// taintPlaygroundBoot.firstView, as bridge.js adopts boot.js's worker; the
// markup its lean page held back takes its place first (js/embed/later-markup.js).
import * as bridge from './js/bridge.js';
import { translateDocument, useLanguage } from './js/shared/i18n.js';
import { pageLanguage, wireLanguagePickers } from './js/shared/language-picker.js';
import { useEngineLanguage } from './js/shared/explain.js';
import { loadExamples } from './js/gallery/examples.js';
import { showFirstView } from './js/embed/first-view.js';
import { putLaterMarkupInPlace } from './js/embed/later-markup.js';

globalThis.taintPlaygroundBridge = bridge;
const boot = globalThis.taintPlaygroundBoot;
const chosen = pageLanguage();
const catalog = Promise.all([useLanguage(chosen), useEngineLanguage(chosen)]);
// The example's embed (boot.lazy) fetches the examples while the page parses
// (head preloads examples.json), in the page's language once its catalog is in.
const scenarios = boot.lazy ? catalog.then(loadExamples) : null;

if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}
await catalog;
translateDocument();
wireLanguagePickers();
if (scenarios) boot.firstView = await showFirstView(bridge.engine, scenarios);
putLaterMarkupInPlace();
const { started } = await import('./js/playground.js');
if (boot.firstView) {
  await started;
  boot.firstView.replayEdits();
}
