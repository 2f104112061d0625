// A large document lives in JavaScript as an array of lines, and the editor's
// textarea holds only a window of them: Chromium lays out a textarea's whole
// text on every keystroke, 150-500 ms for 5 MB, but a few hundred lines take
// a millisecond. Positions are {line, column}, both counted from 0; offsets
// count characters of the window's text. A long line (long-line.js) is one
// row of the window, a placeholder: its positions in the window are its
// start and its end, and an offset inside the placeholder is "inside".

import { isLongLine, longLinePlaceholder } from './long-line.js';

/** SPLIT_SLICE is how many characters splitLines splits in one task. */
const SPLIT_SLICE = 1 << 18;

function nextTask() {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/**
 * splitLines splits text into lines at '\n', '\r\n' or '\r', a slice at a
 * time, each in a task of its own, letting the page run between them:
 * splitting 5 MB at once blocks a loaded machine for hundreds of
 * milliseconds. The first slice waits too, so the paste's own task, which
 * already copies the clipboard, does no more.
 */
export async function splitLines(text) {
  const lines = [''];
  let from = 0;
  while (from < text.length) {
    await nextTask();
    let to = Math.min(text.length, from + SPLIT_SLICE);
    if (text[to - 1] === '\r') to++; // a '\r\n' stays in one slice
    const slice = text.slice(from, to).replace(/\r\n?/g, '\n').split('\n');
    lines[lines.length - 1] += slice[0];
    for (let i = 1; i < slice.length; i++) lines.push(slice[i]);
    from = to;
  }
  return lines;
}

/** positionIn is the position of an offset in text. */
export function positionIn(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, column: before[before.length - 1].length };
}

export class LargeDocument {
  /** fromText splits text into lines; the window starts as the whole of it. */
  static fromText(text) {
    const document = new LargeDocument(text.split('\n'));
    document.joined = text;
    return document;
  }

  constructor(lines) {
    this.lines = lines;
    this.start = 0;
    this.end = lines.length;
    this.forget();
  }

  /** forget drops the assembled texts after a change. */
  forget() {
    this.joined = null;
    this.windowJoined = null;
    this.beforeWindow = null;
    this.afterWindow = null;
  }

  get lineCount() {
    return this.lines.length;
  }

  /**
   * text assembles the whole document once per change. The lines before and
   * after the window are joined once per window move, and + makes a rope in
   * V8 without copying, so after a keystroke only the window is joined (its
   * lines, not the placeholders the textarea shows).
   */
  text() {
    if (this.joined !== null) return this.joined;
    let text = this.lines.slice(this.start, this.end).join('\n');
    if (this.start > 0) {
      if (this.beforeWindow === null) this.beforeWindow = this.lines.slice(0, this.start).join('\n');
      text = `${this.beforeWindow}\n${text}`;
    }
    if (this.end < this.lines.length) {
      if (this.afterWindow === null) this.afterWindow = this.lines.slice(this.end).join('\n');
      text = `${text}\n${this.afterWindow}`;
    }
    this.joined = text;
    return text;
  }

  /** fits reports whether the document has at most maxLines lines and maxLength characters. */
  fits(maxLines, maxLength) {
    if (this.lines.length > maxLines) return false;
    let length = this.lines.length - 1;
    for (const line of this.lines) length += line.length;
    return length <= maxLength;
  }

  /** endPosition is the position after the last character. */
  get endPosition() {
    const line = this.lines.length - 1;
    return { line, column: this.lines[line].length };
  }

  /** setWindow makes the window the size lines from first, moved inside the document. */
  setWindow(first, size) {
    const start = Math.max(0, Math.min(Math.round(first), this.lines.length - size));
    const end = Math.min(this.lines.length, start + size);
    if (start === this.start && end === this.end) return;
    this.start = start;
    this.end = end;
    this.windowJoined = null;
    this.beforeWindow = null;
    this.afterWindow = null;
  }

  /** isLong reports whether line (from 0) shows as a placeholder. */
  isLong(line) {
    return isLongLine(this.lines[line]);
  }

  /** row is what the window shows for line (from 0). */
  row(line) {
    const text = this.lines[line];
    return isLongLine(text) ? longLinePlaceholder(text.length) : text;
  }

  /** windowText is the text the textarea holds. */
  windowText() {
    if (this.windowJoined === null) {
      const rows = [];
      for (let line = this.start; line < this.end; line++) rows.push(this.row(line));
      this.windowJoined = rows.join('\n');
    }
    return this.windowJoined;
  }

  /**
   * updateWindow puts the textarea's edited text back in place of the
   * window's lines. touched is the range of lines the edit may have changed,
   * or null when the edit could be anywhere (undo): the rows outside it that
   * are unchanged keep their lines, a placeholder's long line among them.
   * It refuses (false) an edit that changed a placeholder, unless touched
   * says the edit replaces the whole document. A line the edit made long
   * shows as a placeholder from the next windowText.
   */
  updateWindow(text, touched) {
    const before = this.windowText().split('\n');
    const edited = text.split('\n');
    const keepFirst = touched ? touched.first - this.start : before.length;
    const keepLast = touched ? this.end - 1 - touched.last : before.length;
    let first = 0;
    while (first < keepFirst && first < edited.length && before[first] === edited[first]) first++;
    let last = 0;
    const most = Math.min(keepLast, before.length - first, edited.length - first);
    while (last < most && before[before.length - 1 - last] === edited[edited.length - 1 - last]) last++;
    const from = this.start + first;
    const to = this.end - last;
    if (!(touched && touched.wholeDocument)) {
      for (let line = from; line < to; line++) if (this.isLong(line)) return false;
    }
    const inserted = edited.slice(first, edited.length - last);
    this.lines = this.lines.slice(0, from).concat(inserted, this.lines.slice(to));
    this.end = this.start + edited.length;
    this.joined = null;
    this.windowJoined = inserted.some(isLongLine) ? null : text;
    return true;
  }

  /** textBetween is the text from one position to another. */
  textBetween(from, to) {
    if (from.line === to.line) return this.lines[from.line].slice(from.column, to.column);
    const middle = this.lines.slice(from.line + 1, to.line);
    return [this.lines[from.line].slice(from.column), ...middle, this.lines[to.line].slice(0, to.column)].join('\n');
  }

  /** keepOnlyWindow drops every line outside the window: what an edit of "select all" leaves to replace. */
  keepOnlyWindow() {
    this.lines = this.lines.slice(this.start, this.end);
    this.start = 0;
    this.end = this.lines.length;
    this.forget();
  }

  /** replace puts lines in place of the range from..to and returns the position just after them. */
  replace(from, to, lines) {
    const inserted = [...lines];
    const last = inserted.length - 1;
    const after = { line: from.line + last, column: inserted[last].length + (last === 0 ? from.column : 0) };
    inserted[0] = this.lines[from.line].slice(0, from.column) + inserted[0];
    inserted[last] += this.lines[to.line].slice(to.column);
    this.lines = this.lines.slice(0, from.line).concat(inserted, this.lines.slice(to.line + 1));
    this.start = 0;
    this.end = this.lines.length;
    this.forget();
    return after;
  }

  /**
   * positionAt turns an offset in the window's text into a document
   * position. An offset inside a placeholder is its line's end, or its start
   * with toStart, and is marked inside.
   */
  positionAt(offset, toStart = false) {
    let line = this.start;
    let rest = Math.max(0, offset);
    while (line < this.end - 1 && rest > this.row(line).length) {
      rest -= this.row(line).length + 1;
      line++;
    }
    const { length } = this.lines[line];
    if (!this.isLong(line)) return { line, column: Math.min(rest, length) };
    const rowLength = this.row(line).length;
    if (rest === 0 || rest >= rowLength) return { line, column: rest === 0 ? 0 : length };
    return { line, column: toStart ? 0 : length, inside: true };
  }

  /** offsetOf turns a document position into an offset in the window's text, or -1 outside the window; a placeholder's line has only a start and an end. */
  offsetOf({ line, column }) {
    if (line < this.start || line >= this.end) return -1;
    let offset = this.isLong(line) && column > 0 ? this.row(line).length : column;
    for (let i = this.start; i < line; i++) offset += this.row(i).length + 1;
    return offset;
  }
}
