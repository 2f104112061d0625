// Why a gallery entry matched the search: the words are marked where the
// entry shows them (its title, summary and tags), and a word found only in
// what it does not show (its explanation or its group) gets a short excerpt
// of that field, the word marked, so no entry is listed without the word.
// Marks are <mark> elements around text nodes; nothing is parsed as HTML.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

/**
 * marked is text with every occurrence of the words, in any case, inside a
 * <mark>: an array of strings and elements for h().
 */
export function marked(text, words) {
  const lower = text.toLowerCase();
  const hits = [];
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) hits.push([at, at + word.length]);
  }
  hits.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const parts = [];
  let last = 0;
  for (const [start, end] of hits) {
    if (end <= last) continue;
    const from = Math.max(start, last);
    if (from > last) parts.push(text.slice(last, from));
    parts.push(h('mark', {}, text.slice(from, end)));
    last = end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** EXCERPT_SIDE is about how many characters an excerpt keeps on each side of the word. */
const EXCERPT_SIDE = 40;

/** excerpt is the part of text around index, cut at spaces, with an ellipsis where it is cut. */
export function excerpt(text, index, length) {
  let start = Math.max(0, index - EXCERPT_SIDE);
  let end = Math.min(text.length, index + length + EXCERPT_SIDE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (start > index) start = index;
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), index + length);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * hiddenMatches are the excerpts that show the words the entry does not: for
 * each word missing from its title, summary and tags, the first field of
 * explanation and group that has it, as { field, text }; a word an earlier
 * excerpt already shows gets none.
 */
export function hiddenMatches(scenario, words) {
  const shown = [scenario.title, scenario.summary, ...scenario.tags].join('\n').toLowerCase();
  const excerpts = [];
  for (const word of words) {
    if (shown.includes(word) || excerpts.some((e) => e.text.toLowerCase().includes(word))) continue;
    for (const [field, text] of [['explanation', scenario.explanation], ['group', scenario.group]]) {
      const at = (text || '').toLowerCase().indexOf(word);
      if (at < 0) continue;
      excerpts.push({ field, text: field === 'group' ? text : excerpt(text, at, word.length) });
      break;
    }
  }
  return excerpts;
}

/** matchNote draws hiddenMatches under an entry: "In the explanation: …evicts nothing…", or null. */
export function matchNote(scenario, words) {
  const excerpts = hiddenMatches(scenario, words);
  if (excerpts.length === 0) return null;
  return h('span', { class: 'gallery-option-match js-gallery-match' }, excerpts.map((e, i) => [
    i > 0 ? ' ' : null,
    h('span', { class: 'gallery-option-field' }, t(e.field === 'group' ? 'gallery.match.group' : 'gallery.match.explanation')),
    marked(e.text, words),
  ]));
}
