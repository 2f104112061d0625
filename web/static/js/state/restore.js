// Restore points: the user's own text from before something replaced it (an
// example or share link they went on to edit, an exercise's solution or
// reset, another tab's newer work), so that one click or the browser's Back
// gives it back. There is one point per context: the playground ('') and
// each exercise (its slug). Points are stored as the work is (localStorage,
// IndexedDB when long), so a reload keeps them; where the browser refuses
// storage they last for the visit. An embed keeps its points in its own
// namespace (namespace.js), never among the full playground's.

import { openStorage, StateStore } from './storage.js';
import { readState } from './state.js';
import { storageNamespace } from './namespace.js';

/**
 * readPoint checks a stored point, {state, what, label}: the text, the
 * sentence that says what it is and the button's words; null when it is
 * not one.
 */
function readPoint(raw) {
  if (!raw || typeof raw.what !== 'string' || typeof raw.label !== 'string') return null;
  try {
    return { state: readState(raw), what: raw.what, label: raw.label };
  } catch {
    return null;
  }
}

export class RestorePoints {
  /** namespace is where the points are kept (storageNamespace); the full playground's by default. */
  constructor(namespace = storageNamespace()) {
    this.namespace = namespace;
    this.storage = openStorage(namespace);
    this.points = new Map();
    this.stores = new Map();
  }

  storeOf(context) {
    if (!this.stores.has(context)) this.stores.set(context, new StateStore(`${this.namespace.prefix}restore:${context}`, this.storage, { large: this.namespace.large }));
    return this.stores.get(context);
  }

  /** get resolves with the point kept for context, or null. */
  async get(context) {
    if (!this.points.has(context)) {
      let raw = null;
      try {
        raw = await this.storeOf(context).load();
      } catch {
        raw = null;
      }
      if (!this.points.has(context)) this.points.set(context, readPoint(raw));
    }
    return this.points.get(context);
  }

  /** keep makes {state, what, label} the point of context, replacing the one it had. */
  keep(context, point) {
    this.points.set(context, point);
    this.storeOf(context).write({ ...point.state, what: point.what, label: point.label }).catch(() => {
      // Kept in memory for the visit: the page already says when storage is refused.
    });
  }

  /** forget drops the point of context. */
  forget(context) {
    this.points.set(context, null);
    this.storeOf(context).remove();
  }
}
