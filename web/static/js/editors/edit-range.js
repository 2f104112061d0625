// Which of a large document's text an input changes: the browser's
// beforeinput names the kind of edit, and a delete at a caret changes the
// character beside it, a surrogate pair whole, or the line break.

/** UNPLACED_EDITS are the input types whose edit is not at the selection. */
const UNPLACED_EDITS = new Set(['historyUndo', 'historyRedo', 'insertFromDrop', 'insertReplacementText']);

/** isLowSurrogate reports whether the character at index of text ends a pair, which is deleted whole. */
function isLowSurrogate(text, index) {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * editRange is the range of a large document's lines an input of the given
 * type changes, given the selection ({start, end} positions): the selection,
 * or the character before or after the caret for a delete, or null if the
 * input is elsewhere.
 */
export function editRange(inputType, { start, end }, lines) {
  if (UNPLACED_EDITS.has(inputType)) return null;
  if (start.line !== end.line || start.column !== end.column || start.inside) return { start, end };
  if (inputType.startsWith('delete') && inputType.endsWith('Backward')) {
    if (start.column > 0) {
      const step = start.column > 1 && isLowSurrogate(lines[start.line], start.column - 1) ? 2 : 1;
      return { start: { line: start.line, column: start.column - step }, end };
    }
    if (start.line > 0) return { start: { line: start.line - 1, column: lines[start.line - 1].length }, end };
  }
  if (inputType.startsWith('delete') && inputType.endsWith('Forward')) {
    const { length } = lines[end.line];
    if (end.column < length) {
      const step = end.column + 1 < length && isLowSurrogate(lines[end.line], end.column + 1) ? 2 : 1;
      return { start, end: { line: end.line, column: end.column + step } };
    }
    if (end.line < lines.length - 1) return { start, end: { line: end.line + 1, column: 0 } };
  }
  return { start, end };
}
