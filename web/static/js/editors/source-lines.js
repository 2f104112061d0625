// The editor lines of a value the engine read: where the cards, the device
// table and the editors' links point.

import { lineRange } from './editor.js';

/** sourceLines returns the lines a value spans in its editor: its own and its fields'. */
export function sourceLines(source) {
  if (!source || !source.line) return [];
  return lineRange([source.line, ...Object.values(source.fields || {})]);
}
