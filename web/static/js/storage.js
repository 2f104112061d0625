// Storage that cannot break the page. Inside a third-party iframe, with
// storage blocked or full, even reading window.localStorage throws; then the
// page keeps working and only forgets the text on reload. A state too large
// for localStorage goes to IndexedDB, and localStorage keeps a pointer to it;
// when neither can keep the text, localStorage keeps a note that says so, so
// the page can tell the user after a reload too.

import { deleteLarge, loadLarge, saveLarge } from './large-store.js';

const KEY = 'taint-playground:state';
const UNSAVED_KEY = 'taint-playground:unsaved';

/** LOCAL_MAX_LENGTH is the longest text (nodes and pods) kept in localStorage. */
const LOCAL_MAX_LENGTH = 1 << 20;

/** IN_INDEXED_DB is what localStorage holds when the state is in IndexedDB. */
const IN_INDEXED_DB = { storedIn: 'indexedDB' };

/** TEXTS are the state's fields that can be long. */
const TEXTS = ['nodes', 'pods'];

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

function characters(length) {
  return `${length.toLocaleString('en')} characters`;
}

/** SavedState reads and writes the last state of the playground. */
export class SavedState {
  constructor() {
    this.storage = openStorage();
    this.writing = Promise.resolve();
    this.inIndexedDB = false;
  }

  /** available is false when the text will not survive a reload. */
  get available() {
    return this.storage !== null;
  }

  /** read parses one localStorage entry, or gives null. */
  read(key) {
    try {
      const text = this.storage && this.storage.getItem(key);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  /**
   * load resolves with {saved, lost}: the saved object or null, and a
   * sentence for the user when the last text could not be kept, else ''.
   */
  async load() {
    const unsaved = this.read(UNSAVED_KEY);
    const lost = unsaved && Number.isSafeInteger(unsaved.length)
      ? `Your last text (${characters(unsaved.length)}) could not be stored in this browser (storage blocked or full), so this page shows the last text that could be.`
      : '';
    const saved = this.read(KEY);
    if (!saved || saved.storedIn !== IN_INDEXED_DB.storedIn) return { saved, lost };
    this.inIndexedDB = true;
    try {
      return { saved: await loadLarge(KEY, TEXTS), lost };
    } catch (error) {
      return { saved: null, lost: `Your last text was stored in this browser’s IndexedDB but cannot be read back (${error.message}).` };
    }
  }

  /** save stores the state and resolves with whether it worked (quota, revoked access); saves run in order. */
  save(state) {
    const saving = this.writing.then(() => this.write(state));
    this.writing = saving;
    return saving;
  }

  async write(state) {
    if (!this.storage) return false;
    const length = state.nodes.length + state.pods.length;
    try {
      if (length > LOCAL_MAX_LENGTH) {
        await saveLarge(KEY, state, TEXTS);
        this.storage.setItem(KEY, JSON.stringify(IN_INDEXED_DB));
        this.inIndexedDB = true;
      } else {
        this.storage.setItem(KEY, JSON.stringify(state));
        if (this.inIndexedDB) deleteLarge(KEY).catch(() => {});
        this.inIndexedDB = false;
      }
      this.storage.removeItem(UNSAVED_KEY);
      return true;
    } catch {
      try {
        this.storage.setItem(UNSAVED_KEY, JSON.stringify({ length }));
      } catch {
        // Nothing can be written: the page already says a reload will not keep the text.
      }
      return false;
    }
  }
}
