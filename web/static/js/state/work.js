// The user's own work and a link's state: Work carries out page.js's rules
// on the store. It puts a state on the page, saves the user's work (once
// start() has read it, and never while another tab's newer work waits for
// the user's choice), keeps what a change replaces as a restore point, and
// shows the restore notice: "Back to my text" from a link being viewed, or
// the context's restore point.

import { $, debounce } from '../shared/dom.js';
import { exampleAddress, linkedExample } from '../gallery/examples.js';
import { hasSharedState } from './share.js';
import {
  afterChange, backAction, edited, madeOwn, ownPoint, restoreOffer, shownAsOwn, shownAsView, stateOf,
} from './page.js';
import { t } from '../shared/i18n.js';

export class Work {
  /**
   * store holds the page's state (page.js); saved is the SavedState and
   * restorePoints the RestorePoints of the page's namespace; embedded is
   * whether the page is an embed, whose address is never changed. The
   * callbacks are the rest of the page's: display(state) puts a state in the
   * editors, settings and clock; evaluate() evaluates what is shown;
   * context() names where a restore point belongs; offerNewer(revision)
   * holds the saves for another tab's newer work; leftLink() runs when the
   * user's work replaces a link's state on the page.
   */
  constructor({ store, saved, restorePoints, embedded, storageNote, restoreNotice }, callbacks) {
    Object.assign(this, { store, saved, restorePoints, embedded, storageNote, restoreNotice, callbacks });
    this.persist = debounce(() => this.save(), 250);
    $('.js-restore-back', restoreNotice).addEventListener('click', () => this.back());
    $('.js-restore-dismiss', restoreNotice).addEventListener('click', () => {
      if (this.page.viewing) this.store.set({ viewDismissed: true }, 'dismiss-view');
      else restorePoints.forget(callbacks.context());
      this.showRestore();
    });
  }

  /** page is the page's state now. */
  get page() {
    return this.store.state;
  }

  /** save stores the user's work, unless another tab saved newer work, which is offered instead. */
  save() {
    const newer = this.page.conflict || this.saved.newer();
    if (newer) {
      this.callbacks.offerNewer(newer);
      return;
    }
    this.saved.save(this.page.own).then((kept) => {
      this.storageNote.hidden = kept;
    });
  }

  /**
   * forgetLink drops a share fragment or an example's name from the address
   * once the user changes what it showed; marks are added to the history
   * entry's state. An embed's address stays as the docs page wrote it: it
   * names the namespace the frame keeps its edits in.
   */
  forgetLink(marks = {}) {
    if (this.embedded) return;
    if (hasSharedState(window.location.hash) || linkedExample()) {
      window.history.replaceState({ ...window.history.state, ...marks }, '', exampleAddress(''));
    }
  }

  /**
   * edit changes fields of the state shown; what is 'clock' for the
   * countdown's clock, else 'edit'. An edit of a link's state makes it the
   * user's own work; the clock of a link being viewed is not saved.
   */
  edit(fields, what = 'edit') {
    this.store.set(edited(this.page, fields), what);
    const { save, makeOwn } = afterChange(this.page, what);
    if (makeOwn) this.makeOwn();
    if (!save) return;
    this.forgetLink();
    this.store.set({ ownIsUsers: true }, what);
    this.persist();
  }

  /** show puts a whole state on the page: editors, settings and clock. */
  show(patch, reason) {
    this.store.set(patch, reason);
    this.callbacks.display(this.page.shown);
  }

  /** showOwn shows the user's own work and saves it from now on. */
  showOwn(next) {
    this.show(shownAsOwn(next), 'own');
  }

  /** showView shows a link's state, what names it; the user's own work stays saved as it was. */
  showView(next, what) {
    this.persist.flush();
    this.show(shownAsView(next, what, window.location.href), 'view');
    this.showRestore();
  }

  /** keepOwn keeps the user's own work as the restore point, with the notice's sentence and button. */
  keepOwn(what, label) {
    const point = ownPoint(this.page, what, label);
    if (point) this.restorePoints.keep(this.callbacks.context(), point);
  }

  /** makeOwn makes the link's state being viewed the user's work; their previous work becomes the restore point. */
  makeOwn() {
    this.keepOwn(t('restore.kept', { what: this.page.viewing.what }), t('restore.back'));
    this.store.set(madeOwn(this.page), 'make-own');
    this.forgetLink({ replaced: true });
    this.showRestore();
  }

  /**
   * loadText shows a text from the build (an exercise's) as the user's
   * work, saved once started; it throws a StateError when the text does not
   * fit the state. It evaluates the text unless the caller is about to
   * (start does, once the engine is ready).
   */
  loadText(text, { evaluate = true } = {}) {
    this.persist.flush();
    this.showOwn(stateOf(text));
    this.store.set({ ownIsUsers: true }, 'load');
    if (this.page.started) {
      this.forgetLink();
      this.persist();
    }
    if (evaluate) this.callbacks.evaluate();
  }

  /** leaveView shows the user's saved work again instead of the link being viewed. */
  leaveView() {
    this.showOwn(this.page.own);
    this.callbacks.leftLink();
    this.callbacks.evaluate();
    this.showRestore();
  }

  /**
   * swapRestorePoint shows the restore point as the user's work and keeps the
   * text it replaces as the new point, so that nothing is lost either way.
   */
  async swapRestorePoint() {
    const context = this.callbacks.context();
    const point = await this.restorePoints.get(context);
    if (!point) return;
    this.restorePoints.keep(context, { state: this.page.own, what: t('restore.left'), label: t('restore.left.show') });
    this.persist.flush();
    this.showOwn(point.state);
    this.store.set({ ownIsUsers: true }, 'swap');
    this.forgetLink();
    this.persist();
    this.callbacks.evaluate();
    this.showRestore();
  }

  /** back is the notice's button: back from a link to the user's work, or to the restore point. */
  back() {
    const pushed = Boolean(window.history.state && window.history.state.pushed);
    switch (backAction(this.page, pushed)) {
      case 'history-back':
        window.history.back();
        break;
      case 'leave-view':
        if (!this.embedded) window.history.replaceState(null, '', exampleAddress(''));
        this.leaveView();
        break;
      default:
        this.swapRestorePoint();
    }
  }

  /**
   * showRestore shows what the notice offers: going back from a link being
   * viewed to the user's saved work, or the restore point of the context.
   */
  async showRestore() {
    const context = this.callbacks.context();
    const point = this.page.viewing ? null : await this.restorePoints.get(context);
    if (context !== this.callbacks.context()) return;
    const { text, label, hidden } = restoreOffer(this.page, point);
    $('.js-restore-text', this.restoreNotice).textContent = text;
    $('.js-restore-back', this.restoreNotice).textContent = label;
    this.restoreNotice.hidden = hidden;
  }
}
