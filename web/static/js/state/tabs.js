// Tabs: a tab whose work another tab has saved over since offers the newer
// work, and saves nothing until the user chooses: load that work here (this
// tab's text becomes the restore point), or keep this tab's text (the other
// tab's becomes the restore point, and this tab's saves go over it).

import { $ } from '../shared/dom.js';
import { characters, clockTime } from './revisions.js';
import { t } from '../shared/i18n.js';

export class NewerWork {
  /**
   * root is the newer-work notice; work is the page's Work; read(raw) makes
   * a saved object a state (or the default); shown() runs once the newer
   * work is on the page.
   */
  constructor(root, { work, read, shown }) {
    Object.assign(this, { root, work, read, shown });
    $('.js-newer-load', root).addEventListener('click', () => this.load());
    $('.js-newer-keep', root).addEventListener('click', () => this.keep());
    // The notice shows while the page's state holds a conflict.
    work.store.subscribe((state, previous) => {
      if (state.conflict !== previous.conflict) this.render(state.conflict);
    });
  }

  /** offer holds this tab's saves and asks whether to load the newer work, revision, or keep this tab's. */
  offer(revision) {
    this.work.store.set({ conflict: revision }, 'newer');
  }

  /** render shows the notice about revision, or hides it for null. */
  render(revision) {
    if (revision) $('.js-newer-text', this.root).textContent = t('newer.text', { time: clockTime(revision.at), size: characters(revision.length) });
    this.root.hidden = !revision;
  }

  /** readNewer reads the newer work another tab saved; this tab's saves then go over it. */
  async readNewer() {
    const { saved: raw } = await this.work.saved.load();
    this.work.store.set({ conflict: null }, 'newer-read');
    return raw ? this.read(raw) : null;
  }

  /** load shows the newer work as this tab's; this tab's text is kept as the restore point. */
  async load() {
    const newer = await this.readNewer();
    if (!newer) return;
    const { work } = this;
    work.keepOwn(t('newer.kept'), t('newer.back'));
    work.showOwn(newer);
    work.store.set({ ownIsUsers: true }, 'newer-load');
    work.forgetLink();
    this.shown();
  }

  /** keep keeps this tab's text, saved over the newer work, which becomes the restore point. */
  async keep() {
    const revision = this.work.page.conflict;
    const newer = await this.readNewer();
    const { work } = this;
    if (newer) work.restorePoints.keep(work.callbacks.context(), { state: newer, what: t('newer.other.kept', { time: clockTime(revision.at) }), label: t('newer.other.show') });
    if (!work.page.viewing) work.persist();
    work.showRestore();
  }
}
