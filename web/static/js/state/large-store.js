// IndexedDB keeps what localStorage cannot: localStorage holds about 5 MB per
// site and copies it on the main thread in one go; IndexedDB takes far more,
// and taken in slices its copies leave room for typing. Every failure
// (blocked in a third-party frame, full, private mode) rejects, and the
// caller says so.

const DATABASE = 'taint-playground';
const STORE = 'saved';

let opening = null;

/** openDatabase opens the database once; a failed attempt is retried on the next call. */
function openDatabase() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = window.indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the database is held by another tab'));
    });
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

/** SLICE_LENGTH is the most characters one request writes: a request copies its value on the main thread. */
const SLICE_LENGTH = 1 << 18;

function sliceKey(key, field, index) {
  return `${key}:${field}:${String(index).padStart(6, '0')}`;
}

function slicesOf(key) {
  return IDBKeyRange.bound(`${key}:`, `${key}:\uffff`);
}

/** transaction runs fill on one transaction and resolves with its result once it is committed. */
async function transaction(mode, fill) {
  const database = await openDatabase();
  return new Promise((resolve, reject) => {
    const tx = database.transaction(STORE, mode);
    const result = {};
    fill(tx.objectStore(STORE), result);
    tx.oncomplete = () => resolve(result);
    tx.onabort = () => reject(tx.error || new Error('the write was aborted'));
  });
}

/**
 * saveLarge stores value under key, its long text fields cut into slices.
 * Each slice is put when the last one is written, in a task of its own, so
 * typing goes on between them; the one transaction keeps the save whole.
 */
export function saveLarge(key, value, fields) {
  return transaction('readwrite', (store) => {
    const record = { ...value };
    const puts = [];
    for (const field of fields) {
      const text = value[field];
      record[field] = Math.ceil(text.length / SLICE_LENGTH);
      for (let i = 0; i < record[field]; i++) {
        puts.push(() => store.put(text.slice(i * SLICE_LENGTH, (i + 1) * SLICE_LENGTH), sliceKey(key, field, i)));
      }
    }
    puts.push(() => store.put(record, key));
    store.delete(slicesOf(key));
    const putFrom = (index) => {
      if (index < puts.length) puts[index]().onsuccess = () => putFrom(index + 1);
    };
    putFrom(0);
  });
}

/** loadLarge reads what saveLarge stored, or null. */
export async function loadLarge(key, fields) {
  const read = await transaction('readonly', (store, result) => {
    store.get(key).onsuccess = (event) => {
      result.record = event.target.result;
    };
    store.getAllKeys(slicesOf(key)).onsuccess = (event) => {
      result.keys = event.target.result;
    };
    store.getAll(slicesOf(key)).onsuccess = (event) => {
      result.slices = event.target.result;
    };
  });
  if (!read.record) return null;
  const value = { ...read.record };
  for (const field of fields) {
    const prefix = `${key}:${field}:`;
    const slices = read.slices.filter((_, i) => read.keys[i].startsWith(prefix));
    if (slices.length !== read.record[field]) throw new Error(`the saved ${field} are incomplete`);
    value[field] = slices.join('');
  }
  return value;
}

/** deleteLarge removes what saveLarge stored. */
export function deleteLarge(key) {
  return transaction('readwrite', (store) => {
    store.delete(key);
    store.delete(slicesOf(key));
  });
}
