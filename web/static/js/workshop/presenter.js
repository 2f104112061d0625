// The presenter view (?present, or ?present=N for pair N): for a workshop
// projected on a wall, one pod × node pair at a time in large, high-contrast
// type, with its verdict, the reason for each taint and, for a running pod,
// the eviction countdown. It draws the same report and drives the same clock
// (countdown.js) as the page; only the layout and the keyboard are its own.

import { h, uniqueId } from '../shared/dom.js';
import { addressWith, param } from '../shared/address.js';
import { pairStatus } from '../clock/clock.js';
import { taintText } from '../shared/format.js';
import { clockNote } from '../clock/clock-note.js';
import { t } from '../shared/i18n.js';
import { cellVerdicts } from '../verdicts/verdict.js';
import { cellAt, pairCount } from '../verdicts/cells.js';
import { isTyping, keyName, presenterShortcuts, shortcutFor, shortcutList } from '../shared/shortcuts.js';
import { explanation, langOf, setExplained } from '../shared/explain.js';

/** reasonOf is a paragraph of the view with the explanation of field in answer. */
function reasonOf(answer, field) {
  const said = explanation(answer, field);
  return h('p', { class: 'presenter-reason', ...langOf(said) }, said.text);
}

/** PRESENT_PARAM is the query parameter that opens the page in the presenter view. */
const PRESENT_PARAM = 'present';

export class Presenter {
  /**
   * root is the view's empty container; countdown is the page's Countdown;
   * explain(pod, node) resolves with a CellDetail; cells(window) with the
   * cells of a window of a large workspace, whose report holds only some;
   * opener is the page's button that enters the view.
   */
  constructor(root, { countdown, explain, cells, opener }) {
    this.root = root;
    this.countdown = countdown;
    this.explain = explain;
    this.cells = cells;
    // fetched holds, by index, the cells of a large report fetched one by one.
    this.fetched = new Map();
    this.opener = opener;
    this.report = null;
    this.index = 0;
    this.shownKind = '';
    this.verdictText = '';
    this.explained = 0;

    opener.addEventListener('click', () => this.enter());
    document.addEventListener('keydown', (event) => this.onKey(event));
    countdown.addEventListener('update', () => this.drawClock());
    countdown.addEventListener('status', (event) => this.announce(event.detail));

    const pair = param(PRESENT_PARAM);
    if (pair !== null) {
      this.index = Math.max(0, (Number.parseInt(pair, 10) || 1) - 1);
      this.enter();
    }
  }

  get active() {
    return !this.root.hidden;
  }

  /**
   * build makes the view's elements. It runs on each entry, and leaving
   * empties the view, so the page holds no hidden twin of its own controls.
   */
  build() {
    const titleID = uniqueId('presenter-title');
    this.position = h('p', { class: 'presenter-position' });
    this.previousButton = h('button', { type: 'button', class: 'presenter-button', 'aria-keyshortcuts': 'K PageUp', onclick: () => this.move(-1) }, t('shortcut.prevpair'));
    this.nextButton = h('button', { type: 'button', class: 'presenter-button', 'aria-keyshortcuts': 'J PageDown', onclick: () => this.move(1) }, t('shortcut.nextpair'));
    this.title = h('h2', { id: titleID, class: 'presenter-title', tabindex: -1 });
    this.verdict = h('p', { class: 'presenter-verdict js-presenter-verdict' });
    this.secondary = h('p', { class: 'presenter-secondary' });
    this.clockNote = h('p', { class: 'presenter-clock-note js-presenter-clock-note', hidden: true });
    this.countdownText = h('p', { class: 'presenter-countdown js-presenter-countdown' });
    this.fill = h('span', { class: 'presenter-fill' });
    this.bar = h('div', {
      class: 'presenter-track', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': t('presenter.bar'),
    }, this.fill);
    this.countdownReason = h('p', { class: 'presenter-reason' });
    this.clockPanel = h('div', { class: 'presenter-countdown-panel' }, this.countdownText, this.bar, this.countdownReason);
    this.time = h('p', { class: 'presenter-time js-presenter-time' });
    this.playButton = h('button', { type: 'button', class: 'presenter-button js-presenter-play', 'aria-keyshortcuts': 'Space', onclick: () => this.togglePlay() }, t('clock.play'));
    this.speed = h('p', { class: 'presenter-speed js-presenter-speed' });
    this.taints = h('div', { class: 'presenter-taints js-presenter-taints' });
    this.live = h('p', { class: 'presenter-live js-presenter-live', role: 'status', 'aria-live': 'polite' });
    this.help = h('dialog', { class: 'presenter-help js-presenter-help', 'aria-labelledby': `${titleID}-help` },
      h('h2', { id: `${titleID}-help` }, t('presenter.shortcuts')),
      shortcutList(presenterShortcuts(this.countdown.speedChoices())),
      h('form', { method: 'dialog' }, h('button', { class: 'presenter-button' }, t('common.close'))));

    this.root.setAttribute('aria-label', t('presenter.button'));
    this.root.replaceChildren(
      h('div', { class: 'presenter-bar' },
        this.position,
        h('div', { class: 'presenter-nav' }, this.previousButton, this.nextButton),
        h('button', { type: 'button', class: 'presenter-button', 'aria-keyshortcuts': '?', onclick: () => this.toggleHelp() }, t('shortcuts.button')),
        h('button', { type: 'button', class: 'presenter-button js-presenter-leave', 'aria-keyshortcuts': 'Escape', onclick: () => this.leave() }, t('presenter.leave'))),
      h('article', { class: 'presenter-pair' },
        this.title, this.verdict, this.secondary, this.clockNote, this.clockPanel,
        h('div', { class: 'presenter-clock' },
          this.time, this.speed, this.playButton,
          h('button', { type: 'button', class: 'presenter-button', 'aria-keyshortcuts': 'S ArrowRight', onclick: () => this.countdown.skip() }, t('clock.skip')),
          h('button', { type: 'button', class: 'presenter-button', 'aria-keyshortcuts': 'R', onclick: () => this.countdown.reset() }, t('clock.reset'))),
        this.taints),
      h('section', { class: 'presenter-keys js-presenter-keys', 'aria-label': t('presenter.shortcuts') },
        shortcutList(presenterShortcuts(this.countdown.speedChoices()))),
      this.live,
      this.help);
  }

  /** setReport draws the view for a freshly evaluated workspace, keeping the same pair when it is still there. */
  setReport(report) {
    const shown = this.pair();
    this.report = report;
    this.fetched = new Map();
    if (shown) {
      const pod = report.pods.findIndex((candidate) => candidate.name === shown.pod);
      const node = report.nodes.findIndex((candidate) => candidate.name === shown.node);
      if (pod >= 0 && node >= 0) this.index = pod * report.nodes.length + node;
    }
    this.draw();
  }

  /** pair names the pod and node shown, or null. */
  pair() {
    const cell = this.cell();
    return cell ? { pod: this.report.pods[cell.pod].name, node: this.report.nodes[cell.node].name } : null;
  }

  /** total is how many pairs there are to show. */
  get total() {
    return this.report ? pairCount(this.report) : 0;
  }

  /** cell is the shown pair's cell, or null when there is none or it is still being fetched. */
  cell() {
    if (this.total === 0) return null;
    this.index = Math.min(Math.max(this.index, 0), this.total - 1);
    return cellAt(this.report, this.index) || this.fetched.get(this.index) || null;
  }

  /** fetch asks the engine for the shown pair's cell, which a large report may not hold, and draws it. */
  fetch() {
    const { index, report } = this;
    const width = report.nodes.length;
    this.cells({ pod: Math.floor(index / width), node: index % width, pods: 1, nodes: 1 }).then((page) => {
      if (report !== this.report || !page.cells[0]) return;
      this.fetched.set(index, page.cells[0]);
      if (index === this.index) this.draw();
    }, (error) => {
      if (report === this.report && index === this.index) this.title.textContent = t('presenter.failed', { error: error.message });
    });
  }

  enter() {
    if (this.active) return;
    this.build();
    this.root.hidden = false;
    document.documentElement.classList.add('is-presenting');
    this.draw();
    this.title.focus();
  }

  leave() {
    if (!this.active) return;
    this.root.hidden = true;
    this.root.replaceChildren();
    document.documentElement.classList.remove('is-presenting');
    this.rememberPair(null);
    this.opener.focus();
  }

  /** rememberPair writes the shown pair into the address (?present=N), keeping the rest of it; null removes it. */
  rememberPair(number) {
    window.history.replaceState(null, '', addressWith(PRESENT_PARAM, number));
  }

  move(step) {
    if (this.total === 0) return;
    const next = Math.min(Math.max(this.index + step, 0), this.total - 1);
    if (next === this.index) {
      this.announce(t(step > 0 ? 'presenter.last' : 'presenter.first'));
      return;
    }
    this.index = next;
    this.draw();
    this.announce(`${this.position.textContent}: ${this.title.textContent}. ${this.verdictText}`);
  }

  togglePlay() {
    this.countdown.setPlaying(!this.countdown.playing);
    this.announce(this.countdown.playing
      ? t('presenter.playing', { speed: this.countdown.clock.speed })
      : t('presenter.paused', { time: this.countdown.timeText(this.countdown.clock.at) }));
  }

  /** changeSpeed moves through the speeds: by steps (+1 faster, -1 slower) or to one by number (1 is the slowest). */
  changeSpeed({ step = 0, number = 0 }) {
    const choices = this.countdown.speedChoices();
    const current = choices.indexOf(this.countdown.clock.speed);
    const wanted = number > 0 ? number - 1 : current + step;
    const next = Math.min(Math.max(wanted, 0), choices.length - 1);
    this.countdown.setSpeed(choices[next]);
    this.announce(t('presenter.speed.said', { speed: choices[next] }));
  }

  toggleHelp() {
    if (this.help.open) this.help.close();
    else this.help.showModal();
  }

  /** announce tells screen readers, politely, what a key or button just did. */
  announce(text) {
    if (this.active) this.live.textContent = text;
  }

  onKey(event) {
    // Outside the view the page's keyboard (keyboard.js) answers, and opens it with P.
    if (!this.active || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing || isTyping(event.target)) return;
    // The open help dialog keeps Escape (it closes the dialog) and Tab; only "?" reaches the view.
    if (this.help.open && event.key !== '?') return;
    const shortcut = shortcutFor(presenterShortcuts(this.countdown.speedChoices()), keyName(event));
    if (!shortcut) return;
    // Space on a focused button would press it too: in this view Space is the clock's.
    event.preventDefault();
    shortcut.run(this, event.key);
  }

  draw() {
    if (!this.active) return;
    const cell = this.cell();
    if (!cell && this.total > 0) {
      this.position.textContent = `Pair ${this.index + 1} of ${this.total}`;
      this.title.textContent = t('presenter.loadingpair');
      for (const part of [this.verdict, this.secondary, this.taints]) part.replaceChildren();
      this.clockPanel.hidden = true;
      this.fetch();
      return;
    }
    if (!cell) {
      this.position.textContent = t(this.report ? 'presenter.nopairs' : 'presenter.loading');
      this.title.textContent = t(this.report ? 'presenter.empty' : 'presenter.loadingengine');
      for (const part of [this.verdict, this.secondary, this.taints]) part.replaceChildren();
      this.clockPanel.hidden = true;
      this.previousButton.disabled = true;
      this.nextButton.disabled = true;
      return;
    }
    const { total } = this;
    const pod = this.report.pods[cell.pod];
    const node = this.report.nodes[cell.node];
    this.position.textContent = t('presenter.position', { n: this.index + 1, total });
    this.previousButton.disabled = this.index === 0;
    this.nextButton.disabled = this.index === total - 1;
    this.rememberPair(this.index + 1);
    this.title.replaceChildren(t('clock.pod'), h('code', {}, pod.name), t('presenter.onnode'), h('code', {}, node.name));

    const { schedule, running, rejected } = cellVerdicts(this.report, cell);
    const engineVerdict = running ? t('verdict.running', { verdict: running.text }) : schedule.text;
    const headline = rejected || running || schedule;
    this.verdictText = rejected ? rejected.text : engineVerdict;
    this.verdict.dataset.tone = headline.tone;
    this.verdict.replaceChildren(h('span', { class: 'presenter-symbol', 'aria-hidden': 'true' }, headline.symbol), ' ', this.verdictText);
    // For a rejected pair, the engine's verdict as read comes second, never as the headline.
    this.secondary.textContent = rejected
      ? t('presenter.asread', { verdict: engineVerdict })
      : (running ? t('presenter.newpod', { verdict: schedule.text }) : '');
    this.shownKind = '';
    this.drawClock();
    this.drawTaints(cell, node);
  }

  /** drawTaints asks the engine for the pair's per-taint reasons; only the latest answer is drawn. */
  drawTaints(cell, node) {
    const ticket = ++this.explained;
    this.taints.setAttribute('aria-busy', 'true');
    this.explain(cell.pod, cell.node).then((detail) => {
      if (ticket !== this.explained) return;
      this.taints.removeAttribute('aria-busy');
      this.taints.replaceChildren(...[
        reasonOf(detail, 'reason'),
        detail.placementReason ? reasonOf(detail, 'placementReason') : null,
        detail.taintVerdicts.length === 0 ? null : h('ul', { class: 'presenter-taint-list', 'aria-label': t('presenter.taints', { node: node.name }) },
          detail.taintVerdicts.map((verdict) => h('li', { class: 'presenter-taint', dataset: { tolerated: String(verdict.tolerated) } },
            h('p', { class: 'presenter-taint-head' },
              h('code', {}, taintText(node.taints[verdict.taint])), ' ',
              h('span', { class: 'presenter-badge' }, t(verdict.tolerated ? 'card.tolerated' : 'card.nottolerated'))),
            reasonOf(verdict, 'reason')))),
      ].filter(Boolean));
    }, (error) => {
      if (ticket !== this.explained) return;
      this.taints.removeAttribute('aria-busy');
      this.taints.replaceChildren(h('p', { class: 'presenter-reason' }, t('presenter.explain.failed', { error: error.message })));
    });
  }

  /**
   * drawClock shows the clock and, for a pair the countdown follows, its
   * state. An eviction or a cancellation the playing clock reaches is announced.
   */
  drawClock() {
    if (!this.active || !this.countdown.clock) return;
    const { at, speed } = this.countdown.clock;
    this.time.textContent = this.countdown.timeText(at);
    this.speed.textContent = t('presenter.speed', { speed });
    this.playButton.textContent = t(this.countdown.playing ? 'clock.pause' : 'clock.play');
    this.playButton.classList.toggle('presenter-button--on', this.countdown.playing);
    const cell = this.cell();
    // The clock's taint changes are not in the verdict: the view says so for its node.
    this.clockNote.textContent = cell ? clockNote(this.countdown.clock.events, t('clocknote.verdict'), [this.report.nodes[cell.node].name]) : '';
    this.clockNote.hidden = !this.clockNote.textContent;
    const followed = cell && (cell.running || this.countdown.entries.some((entry) => entry.pod === cell.pod && entry.node === cell.node));
    this.clockPanel.hidden = !followed;
    if (!followed) return;
    const status = pairStatus(this.countdown.entries, cell.pod, cell.node, at);
    this.clockPanel.dataset.state = status.kind;
    this.countdownText.textContent = status.text[0].toUpperCase() + status.text.slice(1);
    setExplained(this.countdownReason, status.entry || cell.eviction || { reason: '' }, 'reason');
    this.bar.hidden = status.kind === 'none' || status.kind === 'cancelled';
    this.fill.style.setProperty('--progress', String(status.fraction));
    this.bar.setAttribute('aria-valuenow', String(Math.round(status.fraction * 100)));
    const reached = status.kind === 'evicted' || status.kind === 'cancelled';
    if (this.countdown.playing && reached && this.shownKind && this.shownKind !== status.kind) this.announce(this.countdownText.textContent);
    this.shownKind = status.kind;
  }
}
