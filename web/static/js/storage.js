// localStorage that cannot break the page. Inside a third-party iframe, with
// storage blocked or full, even reading window.localStorage throws; then the
// page keeps working and only forgets the text on reload.

const KEY = 'taint-playground:state';

/** openStorage returns a working Storage, or null when the browser refuses one. */
export function openStorage() {
  try {
    const storage = window.localStorage;
    const probe = `${KEY}:probe`;
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** SavedState reads and writes the last state of the playground. */
export class SavedState {
  constructor() {
    this.storage = openStorage();
  }

  /** available is false when the text will not survive a reload. */
  get available() {
    return this.storage !== null;
  }

  /** load returns the saved object, or null when there is none or it is unreadable. */
  load() {
    try {
      const text = this.storage && this.storage.getItem(KEY);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  /** save stores the state and reports whether it worked (quota, revoked access). */
  save(state) {
    try {
      if (!this.storage) return false;
      this.storage.setItem(KEY, JSON.stringify(state));
      return true;
    } catch {
      return false;
    }
  }
}
