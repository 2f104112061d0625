// LargeView is an editor's large-document mode: the text lives in a
// LargeDocument and the textarea holds a window of WINDOW_LINES lines at the
// document's scroll position. Lines do not wrap, so each is one line-height
// tall: the window sets the textarea's top and height and the gutter's
// padding, which gives the scroller the whole document's height. As the user
// scrolls, the window moves; a selection that leaves the window is kept and
// brought back when the user types. "Select all" selects the window and
// stands for the whole document when the next edit, copy or cut uses it.
// A long line shows as a placeholder row (long-line.js): an edit that would
// change it is made by the editor when it is exact (at the line's start or
// end), and refused with an explanation otherwise.

import { h } from '../shared/dom.js';
import { editRange } from './edit-range.js';
import { positionIn } from './large-document.js';
import { LONG_LINE_LENGTH, longLineRefusal } from './long-line.js';

/**
 * WINDOW_LINES is how many lines the textarea and the gutter hold: about
 * nine screens. Moving the window lays them out again, which takes 20-40 ms
 * for 600 lines on a loaded 2-core machine, so the window is kept small.
 */
const WINDOW_LINES = 240;

/** WINDOW_MARGIN: the window moves once fewer lines than this lie between what is visible and its edge. */
const WINDOW_MARGIN = 60;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** EXACT_EDITS give the lines the editor puts in place of the edit's range itself, when it touches a long line. */
const EXACT_EDITS = {
  insertText: (event) => (event.data || '').replace(/\r\n?/g, '\n').split('\n'),
  insertLineBreak: () => ['', ''],
  insertParagraph: () => ['', ''],
  deleteContentBackward: () => [''],
  deleteContentForward: () => [''],
};

export class LargeView {
  /**
   * parts are the editor's input (textarea), layer, scroller and note (for
   * a refused edit); onPlace runs after the gutter's lines are renewed, to
   * mark them again.
   */
  constructor({ input, layer, scroller, note }, document, onPlace) {
    this.onPlace = onPlace;
    this.input = input;
    this.layer = layer;
    this.scroller = scroller;
    this.note = note;
    this.document = document;
    const style = getComputedStyle(input);
    this.lineHeight = parseFloat(style.lineHeight);
    this.padding = parseFloat(style.paddingTop);
    // A selection outside the window, restored when the user types.
    this.pending = null;
    this.allSelected = false;
    this.gutterStart = -1;
    // The lines the coming input may change, from its beforeinput.
    this.touched = null;
  }

  /** show puts the window around a position and the caret on it. */
  show(caret) {
    this.document.setWindow(caret.line - WINDOW_LINES / 2, WINDOW_LINES);
    this.render();
    this.select({ start: caret, end: caret, direction: 'none' });
    this.revealLine(caret.line + 1);
  }

  /** render fills the textarea with the window's text and places it. */
  render() {
    this.input.value = this.document.windowText();
    this.place();
  }

  /**
   * place puts the textarea at the window's lines, pads the gutter to the
   * whole document's height and numbers its lines. Inline sizes (CSSOM, which
   * the CSP allows) restyle only these two elements; a custom property on
   * the scroller would restyle every line of the gutter.
   */
  place() {
    const { start, end, lineCount } = this.document;
    const px = (lines, padding = 0) => `${lines * this.lineHeight + padding}px`;
    this.input.style.top = px(start);
    this.input.style.height = px(end - start, 2 * this.padding);
    this.layer.style.paddingTop = px(start, this.padding);
    this.layer.style.paddingBottom = px(lineCount - end, this.padding);
    // The gutter keeps its lines: they are renumbered when the window moves
    // and added or removed at its end when lines are.
    const spans = this.layer.children;
    while (spans.length > end - start) this.layer.lastElementChild.remove();
    if (this.gutterStart !== start) {
      for (let i = 0; i < spans.length; i++) spans[i].dataset.line = String(start + 1 + i);
      this.gutterStart = start;
    }
    const added = [];
    for (let line = start + 1 + spans.length; line <= end; line++) added.push(h('span', { dataset: { line } }));
    this.layer.append(...added);
    for (let i = 0; i < spans.length; i++) spans[i].classList.toggle('line--long', this.document.isLong(start + i));
    this.onPlace();
  }

  /** detach gives the textarea and the gutter back their own sizes. */
  detach() {
    this.note.hidden = true;
    for (const property of ['top', 'height']) this.input.style.removeProperty(property);
    for (const property of ['padding-top', 'padding-bottom']) this.layer.style.removeProperty(property);
  }

  /** selection is the textarea's selection as document positions. */
  selection() {
    if (this.pending) return this.pending;
    const { selectionStart, selectionEnd, selectionDirection } = this.input;
    return {
      start: this.document.positionAt(selectionStart),
      end: this.document.positionAt(selectionEnd),
      direction: selectionDirection,
    };
  }

  /** select sets the selection, in the textarea when the window holds it, else as pending. */
  select(selection) {
    if (this.allSelected) {
      this.input.setSelectionRange(0, this.input.value.length);
      return;
    }
    const start = this.document.offsetOf(selection.start);
    const end = this.document.offsetOf(selection.end);
    this.pending = start < 0 || end < 0 ? selection : null;
    if (!this.pending) this.input.setSelectionRange(start, end, selection.direction);
  }

  /** moveWindow starts the window at line first (from 0), keeping the selection. */
  moveWindow(first) {
    const selection = this.selection();
    this.document.setWindow(first, WINDOW_LINES);
    this.render();
    this.select(selection);
  }

  /** visibleLines is the first and last line (from 0) the scroller shows. */
  visibleLines() {
    const { scrollTop, clientHeight } = this.scroller;
    const first = Math.max(0, Math.floor((scrollTop - this.padding) / this.lineHeight));
    return { first, last: first + Math.ceil(clientHeight / this.lineHeight) };
  }

  /** onScroll moves the window before the visible lines reach its edge. */
  onScroll() {
    const { first, last } = this.visibleLines();
    const { start, end, lineCount } = this.document;
    const roomAbove = start === 0 || first >= start + WINDOW_MARGIN;
    const roomBelow = end === lineCount || last <= end - WINDOW_MARGIN;
    if (roomAbove && roomBelow) return;
    this.moveWindow(first - (WINDOW_LINES - (last - first)) / 2);
  }

  /**
   * onInput takes the textarea's edit into the document. An edit that
   * changed a placeholder (an undo can) is undone; a line the edit made long
   * turns into one.
   */
  onInput() {
    const lines = this.document.end - this.document.start;
    const { touched } = this;
    this.touched = null;
    const { value, selectionEnd } = this.input;
    if (!this.document.updateWindow(value, touched)) {
      const caret = this.document.positionAt(selectionEnd);
      this.render();
      this.select({ start: caret, end: caret, direction: 'none' });
      this.refuse(caret.line);
      return;
    }
    this.note.hidden = true;
    if (this.document.windowText() !== value) {
      const typed = positionIn(value, selectionEnd);
      const line = this.document.start + typed.line;
      const caret = { line, column: this.document.isLong(line) ? this.document.lines[line].length : typed.column };
      this.render();
      this.select({ start: caret, end: caret, direction: 'none' });
      return;
    }
    if (this.document.end - this.document.start !== lines) this.place();
  }

  /** refuse says why an edit of line (from 0) was not made. */
  refuse(line) {
    this.note.textContent = longLineRefusal(line);
    this.note.hidden = false;
  }

  /** firstLongLine is the first long line from one position to another, or -1. */
  firstLongLine(start, end) {
    for (let line = start.line; line <= end.line; line++) if (this.document.isLong(line)) return line;
    return -1;
  }

  /**
   * accepts reports whether the editor can put lines in place of range
   * where a long line is: its ends must be known, not inside a placeholder,
   * and the caret after it at a line's start or end, where the window can
   * show it. Else it says why not.
   */
  accepts({ start, end }, lines) {
    const long = this.firstLongLine(start, end);
    const last = lines.length - 1;
    const column = lines[last].length + (last === 0 ? start.column : 0);
    const rest = long < 0 ? 0 : this.document.lines[end.line].length - end.column;
    const atEdge = column === 0 || rest === 0 || column + rest <= LONG_LINE_LENGTH;
    if (long >= 0 && (start.inside || end.inside || !atEdge)) {
      this.refuse(long);
      return false;
    }
    this.note.hidden = true;
    return true;
  }

  /** onOwnScroll keeps the textarea from scrolling inside itself: the scroller scrolls. */
  onOwnScroll() {
    if (this.input.scrollTop !== 0) this.input.scrollTop = 0;
  }

  /**
   * onKeyDown notes a "select all", takes Ctrl+Home and Ctrl+End to the
   * document's ends, and before any other key that edits or moves the caret
   * brings a selection outside the window back into view.
   */
  onKeyDown(event) {
    if (MODIFIER_KEYS.has(event.key)) return;
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key.toLowerCase() === 'a') {
      this.allSelected = true;
      this.pending = null;
      return;
    }
    if (command && event.key.toLowerCase() === 'c') return;
    if (command && !event.shiftKey && (event.key === 'Home' || event.key === 'End')) {
      // The window's own start and end are not the document's.
      event.preventDefault();
      const caret = event.key === 'Home' ? { line: 0, column: 0 } : this.document.endPosition;
      this.pending = null;
      this.allSelected = false;
      this.revealLine(caret.line + 1);
      this.select({ start: caret, end: caret, direction: 'none' });
      return;
    }
    if (!this.pending) return;
    const { end } = this.pending;
    this.revealLine(end.line + 1);
    // A selection longer than the window collapses to its end.
    if (this.pending) this.select({ start: end, end, direction: 'none' });
  }

  /** onPointerDown: a click places a new caret, so the kept selection goes. */
  onPointerDown() {
    this.note.hidden = true;
    this.pending = null;
    this.allSelected = false;
  }

  /** coversAll is true while "select all" stands for the whole document. */
  coversAll() {
    return this.allSelected && this.input.selectionStart === 0 && this.input.selectionEnd === this.input.value.length;
  }

  /**
   * onBeforeInput makes an edit of "select all" replace the whole document
   * and notes the lines any other edit touches. An edit that would change
   * a long line is the editor's: the edit it returns ({range, lines}), or
   * none when it is refused.
   */
  onBeforeInput(event) {
    this.touched = null;
    if (this.coversAll()) {
      this.document.keepOnlyWindow();
      this.place();
      this.allSelected = false;
      this.touched = { first: 0, last: this.document.lineCount - 1, wholeDocument: true };
      return null;
    }
    this.allSelected = false;
    const range = editRange(event.inputType, this.selection(), this.document.lines);
    if (!range) return null;
    if (this.firstLongLine(range.start, range.end) < 0) {
      this.touched = { first: range.start.line, last: range.end.line };
      return null;
    }
    event.preventDefault();
    const exact = EXACT_EDITS[event.inputType];
    if (!exact) {
      this.refuse(this.firstLongLine(range.start, range.end));
      return null;
    }
    const lines = exact(event);
    return this.accepts(range, lines) ? { range, lines } : null;
  }

  /**
   * copy puts the whole document on the clipboard when "select all" stands
   * for it, and the text itself, not the placeholders, when the selection
   * holds a long line.
   */
  copy(event) {
    if (!event.clipboardData) return false;
    let text;
    if (this.coversAll()) {
      text = this.document.text();
    } else {
      const { selectionStart, selectionEnd } = this.input;
      const start = this.document.positionAt(selectionStart, true);
      const end = this.document.positionAt(selectionEnd);
      if (this.pending || this.firstLongLine(start, end) < 0) return false;
      text = this.document.textBetween(start, end);
    }
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    return true;
  }

  /** cut copies like copy and returns the range the editor then empties, or null when the browser cuts or it is refused. */
  cut(event) {
    const all = this.coversAll();
    if (!this.copy(event)) return null;
    const range = this.replacedRange();
    if (!all && !this.accepts(range, [''])) return null;
    return range;
  }

  /** replacedRange is the range an edit replaces: the selection, or all of the document after "select all". */
  replacedRange() {
    const range = this.coversAll()
      ? { start: { line: 0, column: 0 }, end: this.document.endPosition }
      : this.selection();
    this.allSelected = false;
    this.pending = null;
    return range;
  }

  /** revealLine moves the window to hold line (from 1) and scrolls to it. */
  revealLine(line) {
    const index = line - 1;
    const { start, end } = this.document;
    if (index < start || index >= end) this.moveWindow(index - WINDOW_LINES / 2);
    const top = this.padding + index * this.lineHeight;
    const { scrollTop, clientHeight } = this.scroller;
    if (top < scrollTop || top + this.lineHeight > scrollTop + clientHeight) {
      this.scroller.scrollTop = Math.max(0, top - clientHeight / 3);
    }
  }

  /** selectLine selects line (from 1) in the textarea. */
  selectLine(line) {
    const index = line - 1;
    this.selectRange({ line: index, column: 0 }, { line: index, column: this.document.lines[index].length }, 'none');
  }

  /** selectRange selects from one document position to another (a find's match). */
  selectRange(start, end, direction = 'forward') {
    this.allSelected = false;
    this.select({ start, end, direction });
  }
}
