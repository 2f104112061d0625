// Embed mode (?embed): a compact page for an <iframe> in a docs page, its
// verdicts first. ?view= chooses what the reader gets besides the verdicts:
// nothing (verdicts), the YAML read-only (read, the default) or editable
// (edit). The page posts its height to the parent, where embed-host.js
// (served beside this page) sizes the frame to the content.

import { param } from '../shared/address.js';
import { foldTaintTables, foldYAML } from './embed-fold.js';
import { t } from '../shared/i18n.js';

/** HEIGHT_MESSAGE is the type of the message an embedded page posts to its parent. */
export const HEIGHT_MESSAGE = 'taint-playground:height';

/** MEASURE_MESSAGE is what embed-host.js sends when it starts after the frame reported. */
const MEASURE_MESSAGE = 'taint-playground:measure';

/** VIEW_PARAM names what an embed shows: ?embed&view=verdicts|read|edit. */
export const VIEW_PARAM = 'view';

/** EMBED_VIEWS are the values of ?view=, from the least to the most the reader gets. */
const EMBED_VIEWS = ['verdicts', 'read', 'edit'];

/** DEFAULT_VIEW is the view of an embed whose address names none, or one not known. */
export const DEFAULT_VIEW = 'read';

/** isEmbedded reports whether the page was opened in embed mode. */
export function isEmbedded() {
  return param('embed') !== null;
}

/** embedView is the view the address asks for. */
export function embedView() {
  const view = param(VIEW_PARAM);
  return EMBED_VIEWS.includes(view) ? view : DEFAULT_VIEW;
}

/** evaluated turns true once the page has shown its first evaluation whole (embedEvaluated). */
let evaluated = false;

/** postHeight posts the page's height to the parent; null until startEmbed runs in a frame. */
let postHeight = null;

/**
 * settled reports whether the page shows its verdicts complete: the first
 * evaluation is on the page (verdicts, countdown, settings) and no card is
 * still being explained. A snippet builder measuring the page takes its
 * height once it is settled.
 */
function settled() {
  return evaluated && !document.querySelector('.js-results [aria-busy]');
}

/** embedEvaluated says the first evaluation is on the page; the parent hears the height it makes. */
export function embedEvaluated() {
  evaluated = true;
  if (postHeight) postHeight();
}

/**
 * startEmbed switches to the compact layout of the view the address names:
 * outside edit, the editors and the settings are read-only. It reports
 * height changes to the parent, if there is one. It does so once.
 */
export function startEmbed() {
  const view = embedView();
  const root = document.documentElement;
  // An example's first view (first-view.js) started it before the page was wired.
  if (root.dataset.embedView) return;
  root.classList.add('is-embed');
  root.dataset.embedView = view;
  // The verdicts come first, to the eye and to a screen reader or the Tab key alike.
  document.querySelector('.layout').prepend(document.querySelector('.panels'));
  fitView(document);
  foldTaintTables(document.querySelector('.js-results'));
  // A reader's edits are not kept where the frame may not store them; the page's "Share link" is not in the frame.
  document.querySelector('.js-storage-note').textContent = 'This frame may not store your edits (the browser refuses storage here), so a reload loses them: “Open in the playground” takes them to a tab of their own.';
  if (window.parent === window) return;
  let posted = { height: 0, settled: false };
  const post = () => {
    posted = { height: Math.ceil(root.getBoundingClientRect().height), settled: settled() };
    window.parent.postMessage({ type: HEIGHT_MESSAGE, ...posted }, '*');
  };
  postHeight = post;
  new ResizeObserver(() => {
    if (Math.ceil(root.getBoundingClientRect().height) !== posted.height || settled() !== posted.settled) post();
  }).observe(root);
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data && event.data.type === MEASURE_MESSAGE) post();
  });
}

/**
 * fitView fits what root holds, the page or the markup an example's lean
 * page put in place later (later-markup.js), to the embed's view: outside
 * edit, the editors and the settings are read-only; in read, the YAML is
 * folded. Outside an embed it does nothing.
 */
export function fitView(root) {
  const view = document.documentElement.dataset.embedView;
  if (!view) return;
  const editors = root.querySelector('.editors');
  if (view !== 'edit') readOnly(root, editors);
  if (view === 'read' && editors) foldYAML(editors);
}

/**
 * readOnly makes the editors and the settings in root read-only. A paste
 * is stopped before the editor sees it, since a large paste is inserted by
 * the editor itself rather than by the textarea.
 */
function readOnly(root, editors) {
  for (const input of root.querySelectorAll('.js-editor-input')) input.readOnly = true;
  if (editors) {
    editors.addEventListener('paste', (event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
  }
  for (const fieldset of root.querySelectorAll('.js-settings-form fieldset')) fieldset.disabled = true;
}

/** attributeText escapes text for a double-quoted HTML attribute. */
function attributeText(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * embedSnippet is the HTML a docs page pastes: the iframe, height high, and
 * embed-host.js from beside this page, which resizes it when the playground
 * reports its height (no inline script, for docs sites with a strict CSP).
 * Its title is in the page's language.
 */
export function embedSnippet(url, height) {
  const host = new URL('embed-host.js', url).href;
  return `<iframe src="${url.replaceAll('&', '&amp;')}" title="${attributeText(t('page.title'))}" width="100%" height="${height}" loading="lazy" allow="clipboard-write"></iframe>
<script src="${host}" defer></script>`;
}
