// A large document lives in JavaScript as an array of lines, and the editor's
// textarea holds only a window of them: Chromium lays out a textarea's whole
// text on every keystroke, 150-500 ms for 5 MB, but a few hundred lines take
// a millisecond. Positions are {line, column}, both counted from 0; offsets
// count characters of the window's text.

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
   * V8 without copying, so after a keystroke only the window is joined.
   */
  text() {
    if (this.joined !== null) return this.joined;
    let text = this.windowText();
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

  /** windowText is the text the textarea holds. */
  windowText() {
    if (this.windowJoined === null) this.windowJoined = this.lines.slice(this.start, this.end).join('\n');
    return this.windowJoined;
  }

  /** updateWindow puts the textarea's edited text back in place of the window's lines. */
  updateWindow(text) {
    const edited = text.split('\n');
    this.lines = this.lines.slice(0, this.start).concat(edited, this.lines.slice(this.end));
    this.end = this.start + edited.length;
    this.joined = null;
    this.windowJoined = text;
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

  /** positionAt turns an offset in the window's text into a document position. */
  positionAt(offset) {
    let line = this.start;
    let rest = Math.max(0, offset);
    while (line < this.end - 1 && rest > this.lines[line].length) {
      rest -= this.lines[line].length + 1;
      line++;
    }
    return { line, column: Math.min(rest, this.lines[line].length) };
  }

  /** offsetOf turns a document position into an offset in the window's text, or -1 outside the window. */
  offsetOf({ line, column }) {
    if (line < this.start || line >= this.end) return -1;
    let offset = column;
    for (let i = this.start; i < line; i++) offset += this.lines[i].length + 1;
    return offset;
  }
}
