// The countdown panel: the taint-eviction controller over a simulated clock.
// The engine's Simulate gives the timeline (scheduled, cancelled, evicted);
// this panel plays it back at 1× to 600×, draws it whole as a chart
// (timeline.js) with a cursor at the clock's time, and turns "add taint" (a
// kubectl line) and "remove taint" into clock events at the current time.
// Other views of the same clock (the presenter view) drive it through its
// methods and listen to its events: "update" whenever the time, the timeline
// or the play state changes, "status" (detail: the sentence) whenever it says
// something.

import { $, coalesce, h, setText } from '../shared/dom.js';
import { clockText, taintText } from '../shared/format.js';
import { nextEviction, pairStatus, taintsAt } from './clock.js';
import { commandEvents } from './taint-command.js';
import { cellOf } from '../verdicts/cells.js';
import { TimelineChart } from './timeline.js';
import { HORIZON } from '../contract.js';
import { t, tn } from '../shared/i18n.js';
import { explanation } from '../shared/explain.js';
import { deviceTaintsOn } from '../devices/device-taints.js';
import { deviceLanes } from './timeline-devices.js';
import { clockAnchor } from './clock-anchor.js';

/** timelineArg is what simulate is asked for a clock: its events, and the timeline to HORIZON past the last one. */
export function timelineArg(clock) {
  const lastEvent = Math.max(0, ...clock.events.map((event) => event.at));
  return { events: clock.events, until: Math.max(lastEvent, clock.at) + HORIZON };
}

export class Countdown extends EventTarget {
  /**
   * engine calls the bridge; onChange(clock) runs whenever the clock's
   * state (time, speed, events) changes, so it can be saved and shared.
   */
  constructor(root, { engine, onChange }) {
    super();
    this.engine = engine;
    this.onChange = onChange;
    this.time = $('.js-clock-time', root);
    this.anchor = $('.js-clock-anchor', root);
    this.playButton = $('.js-clock-play', root);
    this.speeds = $('.js-clock-speeds', root);
    this.status = $('.js-clock-status', root);
    this.rowsRoot = $('.js-clock-rows', root);
    this.eventsRoot = $('.js-clock-events', root);
    this.taintForm = $('.js-taint-form', root);
    this.taintLine = $('.js-taint-line', root);
    this.taintError = $('.js-taint-error', root);
    this.chart = new TimelineChart($('.js-timeline', root));
    this.timeline = null;
    this.clock = null;
    this.report = null;
    this.entries = [];
    this.playing = false;
    this.loops = 0;
    this.rows = [];
    this.anchorTime = null;
    this.phase = '';
    this.resimulate = coalesce(() => this.simulate());

    this.playButton.addEventListener('click', () => this.setPlaying(!this.playing));
    this.speeds.addEventListener('change', (event) => this.setSpeed(Number(event.target.value)));
    $('.js-clock-skip', root).addEventListener('click', () => this.skip());
    $('.js-clock-reset', root).addEventListener('click', () => this.reset());
    this.taintForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.applyCommand(this.taintLine.value);
    });
  }

  /** setClock shows a clock (from a link, storage or defaults), paused. */
  setClock(clock) {
    this.clock = { ...clock, events: [...clock.events] };
    this.setPlaying(false);
    this.checkSpeed();
  }

  /** speedChoices are the speeds the panel offers, slowest first. */
  speedChoices() {
    return [...this.speeds.querySelectorAll('input')].map((radio) => Number(radio.value));
  }

  /** setSpeed plays the clock at speed (one of speedChoices) from now on. */
  setSpeed(speed) {
    this.clock.speed = speed;
    this.checkSpeed();
    this.changed();
    this.updated();
  }

  checkSpeed() {
    for (const radio of this.speeds.querySelectorAll('input')) radio.checked = Number(radio.value) === this.clock.speed;
  }

  /** say shows a sentence about the clock and passes it to the listeners of "status". */
  say(text) {
    setText(this.status, text);
    this.dispatchEvent(new CustomEvent('status', { detail: text }));
  }

  updated() {
    this.dispatchEvent(new Event('update'));
  }

  /** setReport re-runs the timeline for a freshly evaluated workspace. */
  setReport(report) {
    this.report = report;
    return this.resimulate();
  }

  changed() {
    this.onChange({ ...this.clock, events: [...this.clock.events] });
  }

  /** simulate asks the engine for the timeline; a failure is shown, not thrown. */
  async simulate() {
    try {
      const timeline = await this.engine.call('simulate', timelineArg(this.clock));
      this.timeline = timeline;
      this.entries = timeline.entries || [];
    } catch (error) {
      this.say(t('clock.failed', { error: error.message }));
      return;
    }
    this.render();
  }

  setPlaying(playing) {
    this.playing = playing;
    this.playButton.textContent = t(playing ? 'clock.pause' : 'clock.play');
    this.playButton.classList.toggle('button--active', playing);
    this.updated();
    if (!playing) return;
    // Each Play starts one loop; a loop from an earlier Play stops at its next frame.
    const loop = ++this.loops;
    let last = performance.now();
    const frame = (now) => {
      if (!this.playing || loop !== this.loops) return;
      this.clock.at += ((now - last) / 1000) * this.clock.speed;
      last = now;
      this.tick();
      this.changed();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  skip() {
    const next = nextEviction(this.entries, this.clock.at);
    if (next === null) {
      this.say(t('clock.noahead'));
      return;
    }
    this.clock.at = next;
    this.say(t('clock.skipped', { time: clockText(next) }));
    this.tick();
    this.changed();
  }

  reset() {
    this.setPlaying(false);
    this.clock.at = 0;
    this.clock.events = [];
    this.say(t('clock.wasreset'));
    this.changed();
    this.resimulate();
  }

  /** addEvents puts events at the current time and re-runs the timeline. */
  addEvents(events) {
    this.clock.events.push(...events);
    this.changed();
    return this.resimulate();
  }

  removeTaint(node, taint) {
    this.say(`Removed ${taintText(taint)} from ${node.name} at ${clockText(this.clock.at)}.`);
    return this.addEvents([{ at: this.clock.at, kind: 'removeTaint', node: node.name, taint: { key: taint.key, value: taint.value || '', effect: taint.effect } }]);
  }

  async applyCommand(line) {
    this.taintError.textContent = '';
    try {
      const command = await this.engine.call('parseTaintCommand', { line });
      const at = this.clock.at;
      const events = commandEvents(command, this.report, this.clock.events, at);
      this.say(t('clock.applied', { time: clockText(at), line: line.trim() }));
      this.taintLine.value = '';
      await this.addEvents(events);
    } catch (error) {
      setText(this.taintError, `error: ${error.message}`);
    }
  }

  /** anchorNote says what t = 0 means, and keeps the wall-clock time it stands for. */
  anchorNote() {
    const { note, time } = clockAnchor(this.report);
    this.anchorTime = time;
    return note;
  }

  /** pairs are the pod × node pairs to show: every running pod, and every pair in the timeline. */
  pairs() {
    const seen = new Map();
    for (const cell of this.report.cells) if (cell.running) seen.set(`${cell.pod}/${cell.node}`, [cell.pod, cell.node]);
    for (const entry of this.entries) seen.set(`${entry.pod}/${entry.node}`, [entry.pod, entry.node]);
    return [...seen.values()];
  }

  render() {
    if (!this.report) return;
    const anchor = this.anchorNote();
    const pairs = this.pairs();
    this.phase = this.phaseAt(this.clock.at);
    // Most evaluations leave the rows as they were: they stay on screen
    // rather than being built again for the browser to lay out and paint.
    const shown = this.shownKey(anchor, pairs);
    if (shown !== this.shown) {
      this.shown = shown;
      this.renderRows(anchor, pairs);
    }
    this.drawChart();
    this.tick();
  }

  /** renderRows shows the anchor note, the events and a row per pair, grouped by node. */
  renderRows(anchor, pairs) {
    this.anchor.textContent = anchor;
    this.renderEvents();
    const byNode = new Map();
    for (const [pod, node] of pairs) {
      if (!byNode.has(node)) byNode.set(node, []);
      byNode.get(node).push(pod);
    }
    this.rows = [];
    const groups = [...byNode].map(([nodeIndex, pods]) => {
      const rows = pods.map((podIndex) => this.renderRow(podIndex, nodeIndex));
      this.rows.push(...rows);
      return this.renderNode(this.report.nodes[nodeIndex], rows);
    });
    this.rowsRoot.replaceChildren(...(groups.length > 0
      ? groups
      : [h('p', { class: 'note' }, t('clock.norunning'))]));
  }

  /**
   * shownKey is everything the rows, the events list and the anchor note
   * show, as one string: the anchor, the events and the phase, and each
   * pair's names, node taints and eviction verdict, and the device verdicts.
   */
  shownKey(anchor, pairs) {
    const { nodes, pods } = this.report;
    const podName = (index) => (pods[index] ? pods[index].name : null);
    return JSON.stringify([anchor, this.phase, this.clock.events, this.clock.events.map((event) => podName(event.pod)),
      pairs.map(([pod, node]) => [podName(pod), nodes[node].name, nodes[node].taints, (cellOf(this.report, pod, node) || {}).eviction]),
      this.report.devices || null]);
  }

  /** drawChart draws the timeline of the report, if the engine gave one. */
  drawChart() {
    if (!this.timeline) return;
    const { nodes, pods } = this.report;
    this.chart.draw({ timeline: this.timeline, nodes, pods, events: this.clock.events, at: this.clock.at, deviceLanes: deviceLanes(this.report) });
  }

  /** eventText says what one clock event does, in words. */
  eventText(event) {
    const pod = this.report.pods[event.pod];
    const podName = pod ? pod.name : t('clock.event.podn', { n: event.pod + 1 });
    switch (event.kind) {
      case 'addTaint':
        return [h('code', {}, taintText(event.taint)), t('clock.event.added', { node: event.node })];
      case 'removeTaint':
        return [h('code', {}, taintText(event.taint)), t('clock.event.removed', { node: event.node })];
      case 'bind':
        return [h('code', {}, podName), t('clock.event.bound', { node: event.node })];
      default:
        return [h('code', {}, podName), tn('clock.event.tolerations', event.tolerations.length)];
    }
  }

  renderEvents() {
    this.eventsRoot.replaceChildren(...this.clock.events.map((event, index) => h('li', {},
      `t = ${clockText(event.at)}: `, this.eventText(event), ' ',
      h('button', {
        type: 'button',
        class: 'button button--small',
        onclick: () => {
          this.clock.events.splice(index, 1);
          this.changed();
          this.resimulate();
        },
      }, t('clock.undo')))));
  }

  /** renderNode groups a node's rows under its NoExecute taints at the current time, each removable. */
  renderNode(node, rows) {
    const noExecute = taintsAt(node.taints, this.clock.events, node.name, this.clock.at)
      .filter((taint) => taint.effect === 'NoExecute');
    return h('section', { class: 'countdown-node', 'aria-label': t('clock.node.label', { node: node.name }) },
      h('h3', { class: 'countdown-node-title' }, t('clock.node'), h('code', {}, node.name)),
      h('p', { class: 'countdown-taints' }, noExecute.length === 0 ? t('clock.nonoexecute') : [
        t('clock.noexecute.now'),
        noExecute.map((taint) => h('button', {
          type: 'button',
          class: 'button button--small js-remove-taint',
          onclick: () => this.removeTaint(node, taint),
        }, t('clock.remove', { taint: taintText(taint) }))),
      ]),
      this.deviceTaints(node),
      rows.map((row) => row.element));
  }

  /** deviceTaints lists the NoExecute taints of the devices allocated to the node's pods, which the clock does not change; null when none. */
  deviceTaints(node) {
    const taints = deviceTaintsOn(this.report, node.name).filter(({ tracked }) => tracked.taint.effect === 'NoExecute');
    if (taints.length === 0) return null;
    return h('p', { class: 'countdown-taints js-countdown-device-taints' }, t('clock.device.noexecute'),
      taints.map(({ device, tracked }) => h('code', { class: 'countdown-device-taint', dataset: { device } }, t('clock.device.taint', { device, taint: taintText(tracked.taint) }))));
  }

  renderRow(podIndex, nodeIndex) {
    const pod = this.report.pods[podIndex];
    const node = this.report.nodes[nodeIndex];
    const cell = cellOf(this.report, podIndex, nodeIndex);
    const statusText = h('span', { class: 'countdown-status js-countdown-status' });
    const fill = h('span', { class: 'bar-fill' });
    const bar = h('div', {
      class: 'bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100,
      'aria-label': t('clock.bar', { pod: pod.name, node: node.name }),
    }, fill);
    const reason = h('p', { class: 'reason js-countdown-reason' });
    const element = h('div', { class: 'countdown-row js-countdown-row', dataset: { pod: pod.name, node: node.name } },
      h('p', { class: 'countdown-pair' }, t('clock.pod'), h('code', {}, pod.name), ': ', statusText),
      bar, reason);
    // Before the timeline has an entry for the pair, the cell's eviction verdict says why it stays.
    const idle = cell && cell.eviction ? cell.eviction : { reason: '' };
    return { element, podIndex, nodeIndex, statusText, bar, reason, idle };
  }

  /** phaseAt changes whenever an event or a timeline entry passes, to redraw rows then. */
  phaseAt(t) {
    const passed = (list) => list.filter((item) => item.at <= t).length;
    return `${passed(this.entries)}/${passed(this.clock.events)}`;
  }

  /** tick updates the time, the statuses and the bars for the current time. */
  tick() {
    const { at } = this.clock;
    if (this.phaseAt(at) !== this.phase) {
      this.render();
      return;
    }
    this.time.textContent = this.timeText(at);
    this.chart.setTime(at);
    for (const row of this.rows) {
      const { kind, entry, fraction, text } = pairStatus(this.entries, row.podIndex, row.nodeIndex, at);
      row.element.dataset.state = kind;
      row.statusText.textContent = text;
      const said = explanation(entry || row.idle, 'reason');
      setText(row.reason, said.text);
      if (said.lang) row.reason.lang = said.lang;
      else row.reason.removeAttribute('lang');
      row.bar.hidden = kind === 'none' || kind === 'cancelled';
      row.bar.style.setProperty('--progress', String(fraction));
      row.bar.setAttribute('aria-valuenow', String(Math.round(fraction * 100)));
    }
    this.updated();
  }

  /** timeText is the clock's reading at t, with the wall-clock time when a timeAdded anchors it (clock-anchor.js). */
  timeText(t) {
    return this.anchorTime === null
      ? `t = ${clockText(t)}`
      : `t = ${clockText(t)} · ${new Date(this.anchorTime + t * 1000).toISOString()}`;
  }
}
