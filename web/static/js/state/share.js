// Share links: the whole state, as JSON, deflated with the browser's
// CompressionStream and written base64url in the URL fragment, so the text
// never reaches a server. Decoding feeds the decompressor a few KiB at a time
// and stops at the cap, so a tampered link (1 GB of zeros deflates to 1 MB)
// costs a few MiB and milliseconds, and every failure becomes one plain
// ShareError.

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

/** readAll reads a stream of byte chunks into one array. */
async function readAll(stream) {
  const chunks = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    total += chunk.length;
  }
  return concat(chunks, total);
}

/**
 * INFLATE_CHUNK is how many compressed bytes go into the decompressor at a
 * time. Deflate expands at most about 1,032 times, and a decompressor turns
 * each chunk it is given into output at once, so 4 KiB in is at most about
 * 4 MiB out beyond the cap before decoding stops.
 */
const INFLATE_CHUNK = 4 * 1024;

/**
 * inflate decompresses deflate-raw bytes into at most limit bytes, feeding
 * them chunk by chunk and reading the output as it comes; past the limit it
 * cancels both sides and throws a ShareError. It leaves a performance
 * measure, 'share-inflate', whose detail says how many bytes it fed and got,
 * for the tests and make bench.
 */
async function inflate(compressed, limit) {
  const decompressor = new DecompressionStream('deflate-raw');
  const writer = decompressor.writable.getWriter();
  const reader = decompressor.readable.getReader();
  const work = { fed: 0, inflated: 0 };
  const start = performance.now();
  let stopped = false;
  const feeding = (async () => {
    for (let at = 0; at < compressed.length && !stopped; at += INFLATE_CHUNK) {
      const chunk = compressed.subarray(at, at + INFLATE_CHUNK);
      work.fed += chunk.length;
      await writer.write(chunk);
    }
    if (!stopped) await writer.close();
  })();
  // A write rejects once the reader has cancelled; the reading side reports the reason.
  feeding.catch(() => {});
  const chunks = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      work.inflated += value.length;
      if (work.inflated > limit) {
        stopped = true;
        throw new ShareError(`it expands to more than ${limit / (1024 * 1024)} MiB`);
      }
      chunks.push(value);
    }
    await feeding;
  } catch (error) {
    stopped = true;
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
    throw error;
  } finally {
    performance.measure('share-inflate', { start, detail: work });
  }
  return concat(chunks, work.inflated);
}

function concat(chunks, total) {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * SHARED_FRAGMENT matches the start of a share fragment as written or as a
 * chat app or mail client rewrites it, percent-escaped: #s=, #s%3D, #%73%3d.
 */
const SHARED_FRAGMENT = /^#(?:s|%73)(?:=|%3d)/i;

/** hasSharedState reports whether the fragment carries a shared state, percent-escaped or not. */
export function hasSharedState(hash) {
  return SHARED_FRAGMENT.test(hash);
}

/**
 * fragmentData is the data of a share fragment with its percent-escapes
 * decoded, which are equivalent in a URL (a - written %2D is a -). It decodes
 * only %XX, byte by byte, so it never throws a URIError: a % not followed by
 * two hex digits is a ShareError that names it. A decoded byte outside
 * base64url is left for the base64url check to refuse.
 */
export function fragmentData(hash) {
  const data = hash.replace(SHARED_FRAGMENT, '');
  const broken = /%(?![0-9a-f]{2})/i.exec(data);
  if (broken) {
    const shown = data.slice(broken.index, broken.index + 3);
    throw new ShareError(`its data has a broken percent-escape, "${shown}" at character ${broken.index + 1} (was it cut short when copied?)`);
  }
  return data.replace(/%([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
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
  const bytes = await readAll(stream);
  return FRAGMENT_PREFIX + bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
}

/** decodeState reads a fragment made by encodeState, percent-escaped or not, or throws a ShareError. */
export async function decodeState(hash) {
  const data = fragmentData(hash);
  let compressed;
  try {
    compressed = Uint8Array.fromBase64(data, { alphabet: 'base64url' });
  } catch {
    throw new ShareError('its data is not valid base64url (was it cut short when copied?)');
  }
  let json;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(await inflate(compressed, MAX_INFLATED_BYTES));
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
