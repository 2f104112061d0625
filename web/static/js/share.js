// Share links: the whole state, as JSON, deflated with the browser's
// CompressionStream and written base64url in the URL fragment, so the text
// never reaches a server. Decoding caps the inflated size, so a tampered link
// cannot exhaust memory, and every failure becomes one plain ShareError.

import { readState, StateError } from './state.js';

/** FRAGMENT_PREFIX starts a share fragment: #s=<data>. */
const FRAGMENT_PREFIX = '#s=';

/** MAX_INFLATED_BYTES caps what a link may expand to. */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

/** ShareError explains in one sentence why a link cannot be opened. */
class ShareError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ShareError';
  }
}

async function readAll(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new ShareError(`it expands to more than ${limit / (1024 * 1024)} MiB`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** hasSharedState reports whether the fragment carries a shared state. */
export function hasSharedState(hash) {
  return hash.startsWith(FRAGMENT_PREFIX);
}

/**
 * encodeState returns the fragment (with its "#") that reproduces state, or
 * throws a ShareError when the state is larger than decodeState accepts: a
 * link that could not be opened would lose the work it was meant to keep.
 */
export async function encodeState(state) {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (json.length > MAX_INFLATED_BYTES) {
    const mib = (bytes) => (bytes / (1024 * 1024)).toFixed(1);
    throw new ShareError(`the playground holds ${mib(json.length)} MiB and a link opens at most ${mib(MAX_INFLATED_BYTES)} MiB`);
  }
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = await readAll(stream, Infinity);
  return FRAGMENT_PREFIX + bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
}

/** decodeState reads a fragment made by encodeState, or throws a ShareError. */
export async function decodeState(hash) {
  let compressed;
  try {
    compressed = Uint8Array.fromBase64(hash.slice(FRAGMENT_PREFIX.length), { alphabet: 'base64url' });
  } catch {
    throw new ShareError('its data is not valid base64url (was it cut short when copied?)');
  }
  let json;
  try {
    const stream = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    json = new TextDecoder('utf-8', { fatal: true }).decode(await readAll(stream, MAX_INFLATED_BYTES));
  } catch (error) {
    if (error instanceof ShareError) throw error;
    throw new ShareError('its data is damaged and does not decompress (was it cut short when copied?)');
  }
  let raw;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ShareError('its data is not valid JSON');
  }
  try {
    return readState(raw);
  } catch (error) {
    if (error instanceof StateError) throw new ShareError(`its ${error.message}`);
    throw error;
  }
}
