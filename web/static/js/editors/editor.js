// An editor is a labelled <textarea> over a layer that shows the same text with
// highlighting, line numbers and markers. The textarea's own text is
// transparent; the layer sits below it in normal flow and gives the pair its
// height, so the two never need scroll syncing. Each line of the layer is an
// element with data-line="N", as the bridge's highlighter emits them.
//
// Past LAYER_MAX_LINES lines or LAYER_MAX_LENGTH characters the editor is
// in large-document mode (large-view.js): the text lives in JavaScript and
// the textarea holds only a window of it, shown plain, because laying out
// megabytes in a textarea, or tens of thousands of line elements, after each
// keystroke takes seconds. Line numbers, markers and "Line N" still count
// lines of the whole text.

import { $, h } from '../shared/dom.js';
import { diagnosticItem, problemCounts } from './diagnostics.js';
import { tn } from '../shared/i18n.js';
import { LargeDocument, positionIn, splitLines } from './large-document.js';
import { LargeView } from './large-view.js';

/** LAYER_MAX_LINES is the most lines drawn with highlighting and markers. */
const LAYER_MAX_LINES = 5000;

/**
 * LAYER_MAX_LENGTH is the most characters drawn with highlighting and
 * markers. Chromium lays out a textarea's line whole after each keystroke:
 * one line of 128 KB takes up to 50 ms of CPU on the loaded 2-core test
 * machine, of 256 KB up to 96 ms. In a large document a long line is a
 * placeholder (long-line.js).
 */
const LAYER_MAX_LENGTH = 128 * 1024;

/**
 * LARGE_PASTE_LENGTH: Chromium's own paste into a textarea takes time that
 * grows faster than the text (3.5 s for 1 MB of node YAML, 107 s for 5 MB,
 * measured with TestBigPasteStaysResponsive), so a longer paste goes in
 * through setRangeText, one linear step, or into a large document, at the
 * cost of the browser's undo for it.
 */
const LARGE_PASTE_LENGTH = 64 * 1024;

/** overLayerLimit reports whether text has more than LAYER_MAX_LINES lines or LAYER_MAX_LENGTH characters, counting no further. */
function overLayerLimit(text) {
  if (text.length > LAYER_MAX_LENGTH) return true;
  let breaks = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    breaks++;
    if (breaks >= LAYER_MAX_LINES) return true;
  }
  return false;
}

function lineSpan(number, text) {
  return h('span', { dataset: { line: number } }, document.createTextNode(text));
}

/** lineRange returns every line from the first to the last of the given lines. */
export function lineRange(lines) {
  const known = lines.filter((line) => line > 0);
  if (known.length === 0) return [];
  const first = Math.min(...known);
  const last = Math.max(...known);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export class Editor {
  /**
   * root holds .js-editor-input (textarea), .js-editor-layer,
   * .js-editor-diagnostics (list) and .js-editor-summary. onInput runs after
   * every change the user makes.
   */
  constructor(root, { onInput }) {
    this.input = $('.js-editor-input', root);
    this.layer = $('.js-editor-layer', root);
    this.list = $('.js-editor-diagnostics', root);
    this.summary = $('.js-editor-summary', root);
    this.scroller = $('.js-editor-scroll', root);
    this.root = root;
    this.onInput = onInput;
    // Says why an edit of a long line was not made (large-view.js).
    this.note = h('p', { class: 'editor-refusal', role: 'status', hidden: true });
    this.scroller.after(this.note);
    this.largeView = null;
    this.lines = [];
    this.diagnostics = [];
    this.linked = new Set();
    // found is the line of the find bar's match (0: none), marked because a textarea hides its selection while the find bar has the focus.
    this.found = 0;
    this.decorated = [];
    this.highlightedText = null;
    this.input.addEventListener('input', () => {
      this.takeInput();
      onInput(this);
    });
    this.input.addEventListener('paste', (event) => this.paste(event));
    const large = (handle) => (event) => {
      if (this.largeView) handle(this.largeView, event);
    };
    this.input.addEventListener('keydown', large((view, event) => view.onKeyDown(event)));
    this.input.addEventListener('pointerdown', large((view) => view.onPointerDown()));
    this.input.addEventListener('beforeinput', large((view, event) => {
      const edit = view.onBeforeInput(event);
      if (edit) this.replace(view.document, edit.range, edit.lines);
    }));
    this.input.addEventListener('copy', large((view, event) => view.copy(event)));
    this.input.addEventListener('cut', large((view, event) => {
      const range = view.cut(event);
      if (range) this.replace(view.document, range, ['']);
    }));
    this.input.addEventListener('scroll', large((view) => view.onOwnScroll()));
    this.scroller.addEventListener('scroll', large((view) => view.onScroll()), { passive: true });
    this.syncLayer();
  }

  /** large is true in large-document mode. */
  get large() {
    return this.largeView !== null;
  }

  /** value is the whole text, assembled in large-document mode. */
  get value() {
    return this.largeView ? this.largeView.document.text() : this.input.value;
  }

  /**
   * paste inserts a paste of LARGE_PASTE_LENGTH or more itself, as one
   * input, and every paste in large-document mode, where the textarea holds
   * only a window. A paste of many lines is split a slice at a time and
   * never enters the textarea whole.
   */
  paste(event) {
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    if (text === '' || (!this.largeView && text.length < LARGE_PASTE_LENGTH)) return;
    event.preventDefault();
    if (this.largeView) {
      this.pasteLines(this.largeView.document, this.largeView.replacedRange(), text);
      return;
    }
    const { selectionStart, selectionEnd, value } = this.input;
    if (overLayerLimit(text) || overLayerLimit(value)) {
      const document = new LargeDocument(value.split('\n'));
      const range = { start: document.positionAt(selectionStart), end: document.positionAt(selectionEnd) };
      this.pasteLines(document, range, text);
      return;
    }
    this.input.setRangeText(text.replace(/\r\n?/g, '\n'), selectionStart, selectionEnd, 'end');
    this.input.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', data: null }));
  }

  /**
   * pasteLines splits text and puts it in place of a range of document,
   * unless that would edit a long line where it cannot; the textarea is
   * read-only meanwhile.
   */
  async pasteLines(document, range, text) {
    this.input.readOnly = true;
    let lines;
    try {
      lines = await splitLines(text);
    } finally {
      this.input.readOnly = false;
    }
    if (this.largeView && this.largeView.document === document && !this.largeView.accepts(range, lines)) return;
    this.replace(document, range, lines);
  }

  /** replace puts lines in place of a range of document and shows it, as one input. */
  replace(document, range, lines) {
    this.showDocument(document, document.replace(range.start, range.end, lines));
    this.onInput(this);
  }

  /** setValue replaces the text (loading an example or a link). */
  setValue(text) {
    if (overLayerLimit(text)) {
      this.showDocument(LargeDocument.fromText(text), { line: 0, column: 0 });
      return;
    }
    this.leaveLarge();
    this.input.value = text;
    this.syncLayer();
  }

  /** showDocument shows a document in the mode its length calls for, the caret at a position. */
  showDocument(document, caret) {
    if (!document.fits(LAYER_MAX_LINES, LAYER_MAX_LENGTH)) {
      if (!this.largeView) {
        this.root.classList.add('editor--large');
        this.layer.replaceChildren();
        this.lines = [];
        this.highlightedText = null;
        const parts = { input: this.input, layer: this.layer, scroller: this.scroller, note: this.note };
        this.largeView = new LargeView(parts, document, () => this.decorate());
      }
      this.largeView.document = document;
      this.largeView.show(caret);
      return;
    }
    this.leaveLarge();
    document.setWindow(0, document.lineCount);
    this.input.value = document.text();
    const offset = document.offsetOf(caret);
    this.input.setSelectionRange(offset, offset);
    this.syncLayer();
  }

  /** leaveLarge ends large-document mode; the layer starts over empty. */
  leaveLarge() {
    if (!this.largeView) return;
    this.largeView.detach();
    this.largeView = null;
    this.root.classList.remove('editor--large');
    this.layer.replaceChildren();
    this.lines = [];
  }

  /** takeInput follows the user's edit of the textarea. */
  takeInput() {
    const view = this.largeView;
    if (!view) {
      this.syncLayer();
      return;
    }
    view.onInput();
    if (view.document.fits(LAYER_MAX_LINES, LAYER_MAX_LENGTH)) this.showDocument(view.document, view.selection().end);
  }

  /**
   * syncLayer makes the layer show the textarea's text at once, without
   * waiting for the highlighter: lines that did not change keep their
   * colours, changed lines show as plain text until the next highlight.
   */
  syncLayer() {
    const { value, selectionStart } = this.input;
    if (overLayerLimit(value)) {
      this.showDocument(new LargeDocument(value.split('\n')), positionIn(value, selectionStart));
      return;
    }
    const next = value.split('\n');
    const prev = this.lines;
    let start = 0;
    while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
    let endPrev = prev.length;
    let endNext = next.length;
    while (endPrev > start && endNext > start && prev[endPrev - 1] === next[endNext - 1]) {
      endPrev--;
      endNext--;
    }
    const spans = this.layer.children;
    for (let i = endPrev - 1; i >= start; i--) spans[i].remove();
    const inserted = next.slice(start, endNext).map((text, i) => lineSpan(start + i + 1, text));
    if (start < spans.length) spans[start].before(...inserted);
    else this.layer.append(...inserted);
    if (endNext !== endPrev) {
      for (let i = endNext; i < next.length; i++) spans[i].dataset.line = String(i + 1);
    }
    this.lines = next;
    this.highlightedText = null;
    this.decorate();
  }

  /**
   * applyHighlight shows the highlighter's HTML for text, unless the user has
   * typed since. The HTML is the engine's escaped chroma output, the only
   * markup that enters the page through innerHTML.
   */
  applyHighlight(text, html) {
    if (this.largeView || text !== this.input.value || text === this.highlightedText) return;
    const template = document.createElement('template');
    template.innerHTML = html;
    // The highlighter wraps its lines in one element whose class its token
    // rules hang from; the layer takes that class and the lines.
    const wrapper = template.content.firstElementChild;
    if (wrapper && !wrapper.hasAttribute('data-line')) this.layer.classList.add(...wrapper.classList);
    const spans = [...template.content.querySelectorAll('[data-line]')];
    for (let i = spans.length; i < this.lines.length; i++) spans.push(lineSpan(i + 1, ''));
    this.layer.replaceChildren(...spans.slice(0, this.lines.length));
    this.highlightedText = text;
    this.decorate();
  }

  /** setDiagnostics marks lines with errors and warnings and lists them. */
  setDiagnostics(diagnostics) {
    this.diagnostics = diagnostics;
    const { errors, warnings } = problemCounts(diagnostics);
    this.summary.textContent = diagnostics.length === 0 ? '' : [
      errors && tn('editors.errors', errors),
      warnings && tn('editors.warnings', warnings),
    ].filter(Boolean).join(', ');
    this.list.replaceChildren(...diagnostics.map((d) => diagnosticItem(d, (line) => this.revealLine(line))));
    this.decorate();
  }

  /** setLinked highlights the lines of the taint or toleration the user points at. */
  setLinked(lines) {
    this.linked = new Set(lines);
    this.decorate();
    const first = Math.min(...this.linked);
    if (Number.isFinite(first)) this.scrollToLine(first);
  }

  /** setFound marks the line (from 1) of the find bar's match, or none for 0. */
  setFound(line) {
    this.found = line;
    this.decorate();
  }

  /**
   * decorate puts the markers and links on the current layer's lines (in
   * large-document mode, the window's). It touches only the lines it marked
   * before and the ones it marks now, so a keystroke stays cheap.
   */
  decorate() {
    for (const span of this.decorated) span.classList.remove('line--error', 'line--warning', 'line--linked', 'line--found');
    const marks = new Map();
    for (const d of this.diagnostics) {
      const { line } = d.source;
      if (line && marks.get(line) !== 'error') marks.set(line, d.severity);
    }
    const spans = this.layer.children;
    const first = this.largeView ? this.largeView.document.start + 1 : 1;
    this.decorated = [];
    const mark = (line, name) => {
      const span = spans[line - first];
      if (!span) return;
      span.classList.add(name);
      this.decorated.push(span);
    };
    for (const [line, severity] of marks) mark(line, `line--${severity}`);
    for (const line of this.linked) mark(line, 'line--linked');
    if (this.found) mark(this.found, 'line--found');
  }

  scrollToLine(line) {
    if (this.largeView) {
      this.largeView.revealLine(line);
      return;
    }
    const span = this.layer.children[line - 1];
    if (!span) return;
    const top = span.offsetTop;
    const { scrollTop, clientHeight } = this.scroller;
    if (top < scrollTop || top + span.offsetHeight > scrollTop + clientHeight) {
      this.scroller.scrollTop = Math.max(0, top - clientHeight / 3);
    }
  }

  /** textLines is the whole text's lines, in either mode, for reading only. */
  textLines() {
    return this.largeView ? this.largeView.document.lines : this.lines;
  }

  /**
   * replaceAll puts text in place of the whole text, as one input (Format).
   * In the ordinary mode a text shorter than LARGE_PASTE_LENGTH goes in as
   * the browser's own edit, so Ctrl+Z brings the old text back; a longer one
   * would take the browser seconds, and a large document has no browser undo.
   */
  replaceAll(text) {
    if (!this.largeView && text.length < LARGE_PASTE_LENGTH) {
      this.input.focus();
      this.input.select();
      if (document.execCommand('insertText', false, text)) return;
    }
    this.setValue(text);
    this.onInput(this);
  }

  /**
   * selectText selects length characters from a position (line from 0) and
   * scrolls to them, leaving the focus where it is (in the find bar).
   */
  selectText(position, length) {
    const end = { line: position.line, column: position.column + length };
    if (this.largeView) {
      this.largeView.revealLine(position.line + 1);
      this.largeView.selectRange(position, end);
      return;
    }
    const offset = this.lines.slice(0, position.line).reduce((sum, text) => sum + text.length + 1, 0) + position.column;
    this.input.setSelectionRange(offset, offset + length, 'forward');
    this.scrollToLine(position.line + 1);
  }

  /** revealLine puts the caret at the start of a line and scrolls to it. */
  revealLine(line) {
    if (this.largeView) {
      this.largeView.revealLine(line);
      this.largeView.selectLine(line);
      this.input.focus({ preventScroll: true });
      return;
    }
    const offset = this.lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
    this.input.focus();
    this.input.setSelectionRange(offset, offset + (this.lines[line - 1] || '').length);
    this.scrollToLine(line);
  }
}
