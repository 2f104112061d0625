// The workshop's progress in localStorage: which exercises are done, how many
// hints each has revealed, the student's text for each exercise, and the
// playground's text from before the workshop, to give back on leaving. With storage
// blocked or full it lives in memory for the visit, as the editors' text does.
// An embed keeps its progress in its own namespace (namespace.js).

import { openStorage } from '../state/storage.js';
import { storageNamespace } from '../state/namespace.js';

/** emptyProgress is a workshop nobody has started. */
function emptyProgress() {
  return { done: [], hints: {}, work: {}, playground: null };
}

/** isText reports whether raw is an editors' text as the workshop saves it. */
function isText(raw) {
  return Boolean(raw) && typeof raw.nodes === 'string' && typeof raw.pods === 'string'
    && Boolean(raw.options) && typeof raw.options === 'object';
}

/** readProgress keeps the well-formed parts of a saved object and drops the rest. */
function readProgress(raw) {
  const progress = emptyProgress();
  if (!raw || typeof raw !== 'object') return progress;
  if (Array.isArray(raw.done)) progress.done = raw.done.filter((slug) => typeof slug === 'string');
  if (isText(raw.playground)) progress.playground = raw.playground;
  for (const name of ['hints', 'work']) {
    if (!raw[name] || typeof raw[name] !== 'object') continue;
    for (const [slug, value] of Object.entries(raw[name])) {
      const ok = name === 'hints' ? Number.isSafeInteger(value) && value >= 0 : isText(value);
      if (ok) progress[name][slug] = value;
    }
  }
  return progress;
}

export class WorkshopProgress {
  /** namespace is where the progress is kept (storageNamespace); the full playground's by default. */
  constructor(namespace = storageNamespace()) {
    this.key = `${namespace.prefix}workshop`;
    this.storage = openStorage(namespace);
    let raw = null;
    try {
      raw = JSON.parse(this.storage ? this.storage.getItem(this.key) : 'null');
    } catch {
      raw = null;
    }
    this.progress = readProgress(raw);
  }

  /** save writes the progress; it reports false when storage refused it. */
  save() {
    try {
      if (!this.storage) return false;
      this.storage.setItem(this.key, JSON.stringify(this.progress));
      return true;
    } catch {
      return false;
    }
  }

  isDone(slug) {
    return this.progress.done.includes(slug);
  }

  markDone(slug) {
    if (this.isDone(slug)) return;
    this.progress.done.push(slug);
    this.save();
  }

  hints(slug) {
    return this.progress.hints[slug] || 0;
  }

  setHints(slug, count) {
    this.progress.hints[slug] = count;
    this.save();
  }

  /** work is the student's last text for an exercise, or null. */
  work(slug) {
    return this.progress.work[slug] || null;
  }

  setWork(slug, text) {
    this.progress.work[slug] = text;
    this.save();
  }

  /** playground is the text the editors held before the workshop opened, or null. */
  playground() {
    return this.progress.playground;
  }

  setPlayground(text) {
    this.progress.playground = text;
    this.save();
  }
}
