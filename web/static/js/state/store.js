// The page's state in one place: one object that only set replaces, and
// subscribers told of every change with the reason for it. The page's modules
// read the state from the store rather than keeping copies, so the order in
// which they change it (a save, a restore, another tab's newer work) can be
// followed in one place.

/**
 * createStore returns a store holding initial: state is the current object,
 * never changed in place; set(patch, reason) replaces it with a copy that
 * has patch's fields and calls every subscriber with (state, previous,
 * reason); subscribe(fn) adds a subscriber and returns the function that
 * removes it.
 */
export function createStore(initial) {
  let state = Object.freeze({ ...initial });
  const subscribers = new Set();
  return {
    get state() {
      return state;
    },
    set(patch, reason) {
      const previous = state;
      state = Object.freeze({ ...previous, ...patch });
      for (const subscriber of [...subscribers]) subscriber(state, previous, reason);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}
