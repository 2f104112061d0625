// Storage that cannot break the page. Inside a third-party iframe, with
// storage blocked or full, even reading window.localStorage throws; then the
// page keeps working and only forgets the text on reload. A state too large
// for localStorage goes to IndexedDB, and localStorage keeps a pointer to it;
// when neither can keep the text, localStorage keeps a note that says so, so
// the page can tell the user after a reload too.
//
// Where it all goes is the page's namespace (namespace.js): the full
// playground's localStorage, or an embed's keys of its own in sessionStorage.
//
// Every save of the user's work gets the next revision number, written to
// localStorage before the save starts. It tells a tab that another tab saved
// since it loaded (the storage event brings it at once), and a page that
// loads what it holds whether the last save finished: a save to IndexedDB
// that a reload cut short says so after the reload. The rules that read the
// revisions are revisions.js's.

import { deleteLarge, loadLarge, saveLarge } from './large-store.js';
import { storageNamespace } from './namespace.js';
import { loaded, newerRevision, nextRevision } from './revisions.js';
import { t } from '../shared/i18n.js';

/** PLAYGROUND is the full playground's namespace, as storageNamespace gives it. */
const PLAYGROUND = storageNamespace();

/** LOCAL_MAX_LENGTH is the longest text (nodes and pods) kept in localStorage. */
const LOCAL_MAX_LENGTH = 1 << 20;

/** IN_INDEXED_DB is what localStorage holds when the state is in IndexedDB. */
const IN_INDEXED_DB = 'indexedDB';

/** TEXTS are the state's fields that can be long. */
const TEXTS = ['nodes', 'pods'];

/**
 * openStorage returns the namespace's working Storage (localStorage or
 * sessionStorage, as its area says), or null when the browser refuses one.
 */
export function openStorage(namespace = PLAYGROUND) {
  try {
    const storage = namespace.area === 'session' ? window.sessionStorage : window.localStorage;
    const probe = `${namespace.prefix}probe`;
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

function lengthOf(state) {
  return state.nodes.length + state.pods.length;
}

/**
 * StateStore keeps one state (an object with nodes and pods texts) under a
 * key: in storage, written at once, or, when longer than LOCAL_MAX_LENGTH
 * and large is true, in IndexedDB with a pointer in storage.
 */
export class StateStore {
  constructor(key, storage = openStorage(), { large = true } = {}) {
    this.key = key;
    this.storage = storage;
    this.large = large;
    this.inIndexedDB = false;
    this.writing = Promise.resolve();
  }

  /** readLocal parses one localStorage entry, or gives null. */
  readLocal(key) {
    try {
      const text = this.storage && this.storage.getItem(key);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  /** load resolves with the stored object or null; it rejects when IndexedDB holds it and cannot read it. */
  async load() {
    const stored = this.readLocal(this.key);
    if (!stored || stored.storedIn !== IN_INDEXED_DB) return stored;
    this.inIndexedDB = true;
    return loadLarge(this.key, TEXTS);
  }

  /**
   * writeNow stores value in localStorage at once, whatever its length
   * (a page about to close cannot wait for IndexedDB); it throws when
   * localStorage refuses it, full or blocked.
   */
  writeNow(value) {
    if (!this.storage) throw new Error('storage is blocked');
    this.storage.setItem(this.key, JSON.stringify(value));
    if (this.inIndexedDB) deleteLarge(this.key).catch(() => {});
    this.inIndexedDB = false;
  }

  /**
   * write stores value and resolves once it is stored; it rejects when the
   * browser refuses it. A short value is written at once; a long one waits
   * for the writes before it, and done(), called once IndexedDB holds it,
   * decides whether the pointer is written (false: a newer value was
   * written meanwhile).
   */
  write(value, done = () => true) {
    if (this.atOnce(value)) {
      try {
        this.writeNow(value);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const writing = this.writing.catch(() => {}).then(async () => {
      if (!this.storage) throw new Error('storage is blocked');
      await saveLarge(this.key, value, TEXTS);
      if (!done()) return;
      this.storage.setItem(this.key, JSON.stringify({ storedIn: IN_INDEXED_DB, rev: value.rev }));
      this.inIndexedDB = true;
    });
    this.writing = writing;
    return writing;
  }

  /** atOnce is whether write stores value at once, in storage (short enough, or IndexedDB not to be used), rather than in IndexedDB. */
  atOnce(value) {
    return !this.large || lengthOf(value) <= LOCAL_MAX_LENGTH;
  }

  /** remove forgets the stored value. */
  remove() {
    try {
      if (this.storage) this.storage.removeItem(this.key);
    } catch {
      // Blocked storage holds nothing to remove.
    }
    if (this.inIndexedDB) deleteLarge(this.key).catch(() => {});
    this.inIndexedDB = false;
  }
}

/**
 * SavedState reads and writes the user's work, the last state of the
 * playground, with its revision, in the namespace's keys.
 */
export class SavedState {
  constructor(namespace = PLAYGROUND) {
    this.keys = { unsaved: `${namespace.prefix}unsaved`, revision: `${namespace.prefix}revision` };
    this.store = new StateStore(`${namespace.prefix}state`, openStorage(namespace), { large: namespace.large });
    this.storage = this.store.storage;
    /** base is the revision this tab loaded or last saved. */
    this.base = 0;
    /** latest is the revision of this tab's newest save, and whether it is stored. */
    this.latest = { rev: 0, done: true, state: null };
  }

  /** available is false when the text will not survive a reload. */
  get available() {
    return this.storage !== null;
  }

  /** revision is the newest revision any tab has started to save: {rev, length, at, done}, or null. */
  revision() {
    const revision = this.store.readLocal(this.keys.revision);
    return revision && Number.isSafeInteger(revision.rev) ? revision : null;
  }

  /**
   * load resolves with {saved, lost}: the saved object or null, and a
   * sentence for the user when the last text could not be kept, else ''.
   */
  async load() {
    const unsaved = this.store.readLocal(this.keys.unsaved);
    const revision = this.revision();
    let saved;
    try {
      saved = await this.store.load();
    } catch (error) {
      return { saved: null, lost: t('storage.unreadable', { error: error.message }) };
    }
    const { base, lost } = loaded(unsaved, revision, saved && Number.isSafeInteger(saved.rev) ? saved.rev : 0);
    this.base = base;
    return { saved, lost };
  }

  /**
   * newer is the revision another tab saved after this one loaded or last
   * saved, once it is stored, or null.
   */
  newer() {
    return newerRevision(this.revision(), this.base);
  }

  /**
   * onNewer calls back with newer() whenever another tab stores a newer
   * revision in this namespace; other namespaces' keys (an embed's, or the
   * full playground's for an embed) are not this page's concern.
   */
  onNewer(callback) {
    window.addEventListener('storage', (event) => {
      if (!this.storage || event.storageArea !== this.storage || event.key !== this.keys.revision) return;
      const revision = this.newer();
      if (revision) callback(revision);
    });
  }

  /** adopt makes revision this tab's base: the user chose the stored work, or to save over it. */
  adopt(revision) {
    this.base = Math.max(this.base, revision.rev);
  }

  /**
   * save stores the state as the next revision and resolves with whether it
   * worked (quota, revoked access). A long save's revision is written first,
   * unfinished, so a reload before the save ends knows it did not; a short
   * one is stored at once and its revision written after it, so that a page
   * loading meanwhile (its predecessor's last save can still be running in
   * the background) never finds the revision without its text.
   */
  save(state) {
    if (!this.storage) return Promise.resolve(false);
    const rev = nextRevision(this.base, this.revision());
    this.base = rev;
    const length = lengthOf(state);
    const latest = { rev, done: false, state };
    this.latest = latest;
    const mark = (done) => this.storage.setItem(this.keys.revision, JSON.stringify({ rev, length, at: Date.now(), done }));
    if (!this.store.atOnce(state)) {
      try {
        mark(false);
      } catch {
        return Promise.resolve(this.refused(latest));
      }
    }
    // A save that flush() finished meanwhile, or that a newer save replaced,
    // is not this one's to mark: its IndexedDB write must not point at it,
    // and its failure must not call the stored text lost.
    const current = () => this.latest === latest && !latest.done;
    return this.store.write({ ...state, rev }, current).then(() => {
      if (!current()) return true;
      latest.done = true;
      mark(true);
      this.storage.removeItem(this.keys.unsaved);
      return true;
    }, () => (current() ? this.refused(latest) : true));
  }

  /**
   * flush finishes a save still in flight at once, in localStorage, when the
   * page is about to go away; if localStorage cannot hold it, the revision
   * stays marked unfinished and the next load says so.
   */
  flush() {
    const { latest } = this;
    if (latest.done || latest.refused || !latest.state) return;
    try {
      this.store.writeNow({ ...latest.state, rev: latest.rev });
      latest.done = true;
      this.storage.setItem(this.keys.revision, JSON.stringify({ rev: latest.rev, length: lengthOf(latest.state), at: Date.now(), done: true }));
      this.storage.removeItem(this.keys.unsaved);
    } catch {
      // Too long for localStorage: the IndexedDB save may still finish; if not, the next load says so.
    }
  }

  /**
   * refused notes that the save latest could not be kept, for this page and
   * the next load (which then does not wait for it), and gives false.
   */
  refused(latest) {
    latest.refused = true;
    const length = lengthOf(latest.state);
    try {
      this.storage.setItem(this.keys.unsaved, JSON.stringify({ length }));
      this.storage.setItem(this.keys.revision, JSON.stringify({ rev: latest.rev, length, at: Date.now(), done: false, refused: true }));
    } catch {
      // Nothing can be written: the page already says a reload will not keep it.
    }
    return false;
  }
}
