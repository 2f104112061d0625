// Characters that change how text reads without being seen: the bidi
// controls, which reorder what follows them (a right-to-left override makes
// "team=\u202Eupg" read "team=gpu"), zero-width and other invisible
// characters, and control characters. Wherever the page draws a name, a key
// or a value, each of them is shown as a marked escape, ⟨U+202E⟩, so the text
// reads as the engine compares it. dom.js draws the marks; this module only
// says where they are.

/** NAMES are the characters with a name worth saying; any other control character is "a control character". */
const NAMES = new Map([
  [0x00AD, 'SOFT HYPHEN'],
  [0x061C, 'ARABIC LETTER MARK'],
  [0x200B, 'ZERO WIDTH SPACE'],
  [0x200C, 'ZERO WIDTH NON-JOINER'],
  [0x200D, 'ZERO WIDTH JOINER'],
  [0x200E, 'LEFT-TO-RIGHT MARK'],
  [0x200F, 'RIGHT-TO-LEFT MARK'],
  [0x202A, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202B, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202C, 'POP DIRECTIONAL FORMATTING'],
  [0x202D, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202E, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0xFEFF, 'ZERO WIDTH NO-BREAK SPACE'],
]);

/**
 * HIDDEN matches one character to show: those NAMES has, and the C0 and C1
 * control characters but the tab and the line breaks, which text the page
 * draws as text (a YAML snippet) keeps.
 */
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** ANY_HIDDEN is HIDDEN without the g flag, whose test() keeps no lastIndex (which matchAll would start from). */
const ANY_HIDDEN = new RegExp(HIDDEN.source);

/** hasHidden reports whether text holds a character to show. */
export function hasHidden(text) {
  return ANY_HIDDEN.test(text);
}

/** codePoint is "U+202E": a character's code point, at least four hex digits. */
function codePoint(char) {
  return `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** BIDI are the bidi controls: the characters that reorder the text around them. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** mark is how a character is shown: its escape and the sentence that names it. */
function mark(char) {
  const code = codePoint(char);
  const name = NAMES.get(char.codePointAt(0));
  let kind = 'a control character';
  if (BIDI.test(char)) kind = 'a bidi control, which reorders the text around it';
  else if (name) kind = 'an invisible character';
  return { text: `⟨${code}⟩`, title: `${code}${name ? ` ${name}` : ''}, ${kind}` };
}

/**
 * visibleParts splits text into its plain runs (strings) and a mark ({text,
 * title}) for each character to show, in order; text without one is [text].
 */
export function visibleParts(text) {
  if (!hasHidden(text)) return [text];
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(HIDDEN)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(mark(m[0]));
    last = m.index + 1;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** visibleText is text with each character to show written as its escape, for attributes and tooltips. */
export function visibleText(text) {
  return hasHidden(text) ? visibleParts(text).map((part) => (typeof part === 'string' ? part : part.text)).join('') : text;
}
