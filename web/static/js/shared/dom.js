// DOM helpers. User text only ever enters the page through text nodes: h()
// appends strings with append(), which never parses HTML. A string is drawn
// visibly (visible.js): a bidi control or an invisible character in it
// becomes a marked escape, <span class="invisible-char">⟨U+202E⟩</span>, so
// a name reads as the engine compares it. A Text node is appended as it is,
// for the few places whose text must match a textarea's character for
// character (an editor's layer).

import { visibleParts, visibleText } from './visible.js';

/** TITLES are the attributes a person reads, whose text is drawn visibly too. */
const TITLES = new Set(['title', 'aria-label']);

/** span draws a mark ({text, title}, visible.js) in HTML. */
const span = (mark) => h('span', { class: 'invisible-char', title: mark.title }, mark.text);

/**
 * shown is what a child string becomes: itself, or its runs with each
 * character visible.js shows drawn by mark (in HTML, a span).
 */
export function shown(text, mark = span) {
  return visibleParts(text).map((part) => (typeof part === 'string' ? part : mark(part)));
}

/** setText replaces an element's content with text, drawn visibly as h() draws strings. */
export function setText(el, text) {
  el.replaceChildren(...shown(text));
}

/**
 * h creates an element. props: "class", "dataset" (object), "on<event>"
 * (listener) or any attribute (true gives an empty attribute; null, undefined
 * and false are skipped). Children are nodes or strings; null and false are
 * skipped, arrays are flattened.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (TITLES.has(name)) el.setAttribute(name, visibleText(String(value)));
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...children.flat(Infinity).filter((c) => c != null && c !== false)
    .flatMap((c) => (typeof c === 'string' ? shown(c) : [c])));
  return el;
}

/** $ finds one element by selector and fails loudly when the markup lacks it. */
export function $(selector, root = document) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`missing element ${selector}`);
  return el;
}

/**
 * debounce delays fn until wait ms have passed without a new call. flush()
 * makes a pending call at once, and does nothing when none is pending (so
 * leaving the page saves an edit, never a link's state nobody changed).
 */
export function debounce(fn, wait) {
  let timer = 0;
  let pending = null;
  const run = () => {
    const args = pending;
    pending = null;
    fn(...args);
  };
  const debounced = (...args) => {
    clearTimeout(timer);
    pending = args;
    timer = setTimeout(run, wait);
  };
  debounced.flush = () => {
    clearTimeout(timer);
    if (pending) run();
  };
  return debounced;
}

/**
 * coalesce wraps an async task so that calls made while it runs collapse into
 * one more run after it: typing fast never queues a backlog of evaluations,
 * and every caller's promise settles after a run that began after its call.
 */
export function coalesce(task) {
  let running = null;
  let queued = null;
  const run = () => {
    if (!running) {
      running = task().finally(() => {
        running = null;
      });
      return running;
    }
    if (!queued) {
      queued = running.catch(() => {}).then(() => {
        queued = null;
        return run();
      });
    }
    return queued;
  };
  return run;
}

let uniqueCounter = 0;

/** uniqueId returns an id no other element on the page has. */
export function uniqueId(prefix) {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}`;
}
