// editRange (web/static/js/editors/edit-range.js): which text of a large
// document an input changes. Run by web/jstest_test.go.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editRange } from '../static/js/editors/edit-range.js';

const lines = ['ab', 'c\u{1F600}d', ''];
const at = (line, column) => ({ line, column });
const caret = (line, column) => ({ start: at(line, column), end: at(line, column) });

test('editRange is the selection, or the character a delete at the caret takes', () => {
  const cases = [
    { name: 'an undo is not at the selection', type: 'historyUndo', selection: caret(0, 1), want: null },
    { name: 'typing replaces the selection', type: 'insertText', selection: { start: at(0, 0), end: at(1, 1) }, want: { start: at(0, 0), end: at(1, 1) } },
    { name: 'backspace takes the character before', type: 'deleteContentBackward', selection: caret(0, 2), want: { start: at(0, 1), end: at(0, 2) } },
    { name: 'backspace takes a surrogate pair whole', type: 'deleteContentBackward', selection: caret(1, 3), want: { start: at(1, 1), end: at(1, 3) } },
    { name: 'backspace at a line start takes the line break', type: 'deleteContentBackward', selection: caret(1, 0), want: { start: at(0, 2), end: at(1, 0) } },
    { name: 'delete takes a surrogate pair whole', type: 'deleteContentForward', selection: caret(1, 1), want: { start: at(1, 1), end: at(1, 3) } },
    { name: 'delete at a line end takes the line break', type: 'deleteContentForward', selection: caret(1, 4), want: { start: at(1, 4), end: at(2, 0) } },
    { name: 'delete at the document end takes nothing more', type: 'deleteContentForward', selection: caret(2, 0), want: caret(2, 0) },
  ];
  for (const tc of cases) assert.deepEqual(editRange(tc.type, tc.selection, lines), tc.want, tc.name);
});
