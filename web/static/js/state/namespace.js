// Where a page keeps what it saves: the user's work, its restore points and
// the workshop's progress. The full playground keeps them in localStorage
// (IndexedDB when long). An embed (?embed, a frame in a docs page) never
// touches them: a docs page on another port or a sibling subdomain is the
// same site as the playground, so the browser hands the frame the
// playground's own storage, and an edit in the frame would save over the
// reader's work. An embed keeps its reader's edits apart instead, per what it
// shows and for the tab's session (sessionStorage): they outlive a reload or
// a visit to the next docs page and back, and end with the tab, so the docs
// page shows what its prose speaks of when the reader comes back another day.

/** PLAYGROUND_PREFIX begins the key of everything the full playground stores. */
export const PLAYGROUND_PREFIX = 'taint-playground:';

/**
 * fingerprint is a short name for a text: its length and its 32-bit FNV-1a
 * hash, in hex. A share fragment is too long to be part of every key.
 */
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * storageNamespace says where a page keeps what it saves, from what its
 * address asks for: embed (whether ?embed is there), view (the embed's
 * view, embed.js embedView), example (?example=, or null), share (the share
 * fragment, or '' when the address has none) and exercise (?exercise=, or
 * null). It returns {prefix, area, large}: every
 * key starts with prefix; area is the Storage it goes in, 'local' or
 * 'session'; large is whether a text too long for it may go to IndexedDB.
 *  1. The full playground keeps the user's work under PLAYGROUND_PREFIX, in
 *     localStorage, with IndexedDB for long texts.
 *  2. An embed keeps its edits under PLAYGROUND_PREFIX + 'embed:', never the
 *     playground's own keys, in sessionStorage, without IndexedDB (which
 *     outlives the tab).
 *  3. The rest of an embed's prefix names what it shows, as the page opens
 *     it: its view, then the share fragment (by fingerprint) when there is
 *     one, else the example, else the default text; then the exercise it
 *     opens, if any. A docs page may show an example read-only and, below,
 *     editable: two embeds, which keep apart.
 */
export function storageNamespace({ embed = false, view = '', example = null, share = '', exercise = null } = {}) {
  if (!embed) return { prefix: PLAYGROUND_PREFIX, area: 'local', large: true };
  let shows = `${view}:default`;
  if (share) shows = `${view}:share:${fingerprint(share)}`;
  else if (example) shows = `${view}:example:${example}`;
  if (exercise) shows += `:exercise:${exercise}`;
  return { prefix: `${PLAYGROUND_PREFIX}embed:${shows}:`, area: 'session', large: false };
}
