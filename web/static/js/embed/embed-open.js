// "Open in the playground": the docs embed's way to the full page, in a new
// tab, with what the frame shows. A gallery example nobody changed opens by
// name (?example=), with its explanation; anything else as a share link. An
// open exercise stays open.

import { EXAMPLE_PARAM } from '../gallery/examples.js';
import { encodeState } from '../state/share.js';
import { EXERCISE_PARAM, linkedExercise } from '../workshop/workshop.js';

/**
 * playgroundAddress is the full page's address for state: the example, when
 * the frame shows it unchanged, or state in the fragment. It throws a
 * ShareError when no link can hold the state.
 */
async function playgroundAddress(state, example) {
  const url = new URL(window.location.href);
  const params = new URLSearchParams();
  const exercise = linkedExercise();
  if (exercise) params.set(EXERCISE_PARAM, exercise);
  if (example && !exercise) params.set(EXAMPLE_PARAM, example);
  url.search = params.toString();
  url.hash = example && !exercise ? '' : await encodeState(state);
  return url.href;
}

export class OpenInPlayground {
  /** link is the <a> that opens the full page. */
  constructor(link) {
    this.link = link;
    this.pending = 0;
  }

  /**
   * update points the link at state, by the example's name when unchanged
   * names the example the frame shows as it is (the embed's address keeps
   * naming it after an edit); the last call wins when encodings overlap.
   */
  async update(state, unchanged = null) {
    const call = ++this.pending;
    let href;
    try {
      href = await playgroundAddress(state, unchanged);
    } catch {
      // Too big for a link: the full page without it, which at least shows the reader's saved work.
      href = new URL('./', window.location.href).href;
    }
    if (call === this.pending) this.link.href = href;
  }
}
