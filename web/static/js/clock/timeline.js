// The timeline chart: the simulated clock drawn at once, an SVG with a row per
// node and its taints over time, a bar per pod from its binding to its
// eviction (or to the end when it stays), the countdowns with their deadlines,
// and a cursor at the clock's time. It only draws the engine's Timeline
// (entries, taint and pod spans); the table under it lists the same events in
// words and is the chart's accessible equivalent. User text enters the SVG and
// the table only as text nodes.

import { clockText, taintText } from '../shared/format.js';
import { shortTime, svg, title } from './timeline-svg.js';
import { eventTable } from './timeline-table.js';
import { t, tn } from '../shared/i18n.js';
import { addDeviceLanes, deviceRow } from './timeline-devices.js';

/** MAX_ROWS caps the chart's rows (node, taint and pod rows); the table lists everything. */
const MAX_ROWS = 48;

const AXIS = 32;
const NODE_ROW = 24;
const TAINT_ROW = 18;
const POD_ROW = 22;
const RIGHT = 56;

/** Tick steps in seconds, from 1 s to a year. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200,
  86400, 172800, 604800, 2592000, 7776000, 31536000];

/** textWidth is about how wide the chart's 12 px bold text is, for placing it without a layout pass. */
function textWidth(text) {
  return text.length * 7.5;
}

/** taintKey names a node's taint lane: taints are unique by key and effect. */
function taintKey(taint) {
  return `${taint.key}:${taint.effect}`;
}

export class TimelineChart {
  /** root holds .js-timeline-chart, .js-timeline-note, .js-timeline-table and .js-timeline-toggle. */
  constructor(root) {
    this.chartRoot = root.querySelector('.js-timeline-chart');
    this.note = root.querySelector('.js-timeline-note');
    this.tableRoot = root.querySelector('.js-timeline-table');
    this.toggle = root.querySelector('.js-timeline-toggle');
    this.data = null;
    this.width = 0;
    this.toggle.addEventListener('click', () => {
      const shown = this.toggle.getAttribute('aria-pressed') !== 'true';
      this.toggle.setAttribute('aria-pressed', String(shown));
      this.toggle.textContent = t(shown ? 'timeline.table.hide' : 'timeline.table.show');
      this.tableRoot.classList.toggle('sr-only', !shown);
      // Shown, the table scrolls within its box, which keys must reach too.
      if (shown) this.tableRoot.tabIndex = 0;
      else this.tableRoot.removeAttribute('tabindex');
    });
    // The observer reads the width when layout is fresh anyway: draw, which
    // runs after each evaluation, reading it itself would force a layout of
    // the page it has just changed (3 ms of each docs example's evaluation).
    this.observedWidth = null;
    new ResizeObserver(() => {
      this.observedWidth = this.chartRoot.clientWidth;
      if (this.data && this.observedWidth !== this.width) this.draw(this.data);
    }).observe(this.chartRoot);
  }

  /**
   * draw shows a timeline: data is { timeline, nodes, pods, events, at,
   * deviceLanes } with the engine's Timeline, the report's nodes and pods,
   * the clock's events and its time, and the device taints on the nodes
   * (timeline-devices.js).
   */
  draw(data) {
    const available = this.observedWidth ?? this.chartRoot.clientWidth;
    // Most evaluations leave the timeline as it was: the chart and the
    // table on screen stay, rather than being built again for the browser
    // to lay out and paint anew.
    const drawn = drawnKey(data, available);
    if (this.data && drawn === this.drawn) {
      this.data = data;
      return;
    }
    this.drawn = drawn;
    this.data = data;
    this.width = available;
    const { timeline } = data;
    this.end = this.viewEnd(data);
    const groups = this.groups(timeline, data.deviceLanes || []);
    const { shown, hiddenPods, hiddenNodes } = this.cap(groups);

    const width = Math.max(320, this.width);
    const labelWidth = Math.round(Math.min(190, width * 0.32));
    this.x0 = labelWidth;
    this.x1 = width - RIGHT;
    const rows = [];
    let y = AXIS;
    for (const group of shown) {
      rows.push(this.nodeRow(group, y));
      y += NODE_ROW;
      for (const lane of group.lanes) {
        rows.push(this.taintRow(group, lane, y));
        y += TAINT_ROW;
      }
      for (const span of group.pods) {
        rows.push(this.podRow(span, timeline, y));
        y += POD_ROW;
      }
    }
    const height = Math.max(y, AXIS + NODE_ROW) + 6;
    this.cursor = svg('g', { class: 'timeline-cursor js-timeline-cursor' },
      svg('line', { y1: 16, y2: height }),
      svg('text', { y: AXIS - 4, 'text-anchor': 'middle' }, t('timeline.now')));
    const chart = svg('svg', {
      class: 'timeline-svg js-timeline-svg',
      role: 'img',
      'aria-label': this.summary(groups, timeline),
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      dataset: { end: String(this.end), x0: String(this.x0), x1: String(this.x1), until: String(timeline.until) },
    }, this.axis(height), rows, this.cursor);
    this.chartRoot.replaceChildren(chart);
    this.setTime(data.at);

    const total = groups.reduce((sum, group) => sum + group.pods.length, 0);
    this.note.textContent = groups.length === 0
      ? t('timeline.empty')
      : hiddenPods + hiddenNodes > 0
        ? tn('timeline.drawn', total, { drawn: total - hiddenPods, hidden: hiddenNodes > 0 ? tn('timeline.drawn.nodes', hiddenNodes) : '' })
        : '';
    this.tableRoot.replaceChildren(eventTable(timeline, (index) => this.nodeName(index), (index) => this.podName(index), data.deviceLanes));
  }

  /** x is where time t falls on the chart, which starts at t = 0 and ends at data-end. */
  x(time) {
    return this.x0 + (Math.min(time, this.end) / this.end) * (this.x1 - this.x0);
  }

  /** setTime moves the cursor to the clock's time, widening the chart when the clock passes its end. */
  setTime(at) {
    if (!this.data) return;
    this.data.at = at;
    if (at > this.end && this.end < this.data.timeline.until) {
      this.draw(this.data);
      return;
    }
    const x = this.x(at);
    this.cursor.dataset.at = String(at);
    for (const line of this.cursor.querySelectorAll('line')) {
      line.setAttribute('x1', x);
      line.setAttribute('x2', x);
    }
    this.cursor.querySelector('text').setAttribute('x', x);
  }

  /**
   * viewEnd is the time at the chart's right edge: past the last thing that
   * happens (an event, an entry, a deadline) and the clock, so nothing is
   * squeezed against the edge; the simulated horizon beyond is not drawn.
   */
  viewEnd({ timeline, events, at }) {
    let last = at;
    for (const event of events) last = Math.max(last, event.at);
    for (const entry of timeline.entries) last = Math.max(last, entry.at, entry.deadline || 0);
    const end = Math.max(60, last * 1.1);
    return Math.min(end, Math.max(timeline.until, 60));
  }

  /**
   * groups are the nodes to draw: each with its taint lanes (its own, then
   * its devices') and its pods. Pods the controller acts on come first, so
   * a cap hides the quiet ones.
   */
  groups(timeline, devices) {
    const acted = new Set(timeline.entries.map((entry) => entry.pod));
    const pods = [...timeline.pods].sort((a, b) => Number(acted.has(b.pod)) - Number(acted.has(a.pod)));
    const byNode = new Map();
    const group = (node) => {
      if (!byNode.has(node)) byNode.set(node, { node, lanes: [], pods: [] });
      return byNode.get(node);
    };
    for (const span of pods) group(span.node).pods.push(span);
    for (const span of timeline.taints) {
      const { lanes } = group(span.node);
      const key = taintKey(span.taint);
      let lane = lanes.find((candidate) => candidate.key === key);
      if (!lane) {
        lane = { key, taint: span.taint, spans: [] };
        lanes.push(lane);
      }
      lane.spans.push(span);
    }
    addDeviceLanes(devices, group);
    return [...byNode.values()];
  }

  /**
   * cap keeps the groups that fit MAX_ROWS with at least one pod row each
   * (the first always), trimming the pods of the last one kept.
   */
  cap(groups) {
    const shown = [];
    let used = 0;
    let hiddenPods = 0;
    let hiddenNodes = 0;
    for (const group of groups) {
      const fixed = 1 + group.lanes.length;
      const room = MAX_ROWS - used - fixed;
      if (shown.length > 0 && room < Math.min(1, group.pods.length)) {
        hiddenPods += group.pods.length;
        hiddenNodes++;
        continue;
      }
      const pods = group.pods.slice(0, Math.max(1, room));
      hiddenPods += group.pods.length - pods.length;
      shown.push({ ...group, pods });
      used += fixed + pods.length;
    }
    return { shown, hiddenPods, hiddenNodes };
  }

  nodeName(index) {
    const node = this.data.nodes[index];
    return node ? node.name : `node #${index + 1}`;
  }

  podName(index) {
    const pod = this.data.pods[index];
    return pod ? pod.name : `pod #${index + 1}`;
  }

  /** label is a row's name in the left column, cut to fit with the whole name as its tooltip. */
  label(text, y, cls) {
    const room = Math.floor((this.x0 - 12) / 7);
    const shown = text.length > room ? `${text.slice(0, Math.max(1, room - 1))}…` : text;
    return svg('text', { class: cls, x: 4, y }, title(text), shown);
  }

  axis(height) {
    const step = STEPS.find((candidate) => this.end / candidate <= 6) || STEPS[STEPS.length - 1];
    const ticks = [];
    for (let time = 0; time <= this.end; time += step) {
      const x = this.x(time);
      ticks.push(svg('g', { class: 'timeline-tick' },
        svg('line', { x1: x, x2: x, y1: 16, y2: height }),
        svg('text', { x, y: 12, 'text-anchor': time === 0 ? 'start' : 'middle' }, shortTime(time))));
    }
    return svg('g', { class: 'timeline-axis', 'aria-hidden': 'true' }, ticks);
  }

  nodeRow(group, y) {
    return svg('g', { class: 'timeline-node', dataset: { node: this.nodeName(group.node) } },
      svg('line', { class: 'timeline-node-rule', x1: 0, x2: this.x1 + RIGHT, y1: y + 2, y2: y + 2 }),
      this.label(this.nodeName(group.node), y + 17, 'timeline-node-label'));
  }

  /** taintRow draws one taint (key and effect) on a node: a segment for each time it is there. */
  taintRow(group, lane, y) {
    const node = this.nodeName(group.node);
    if (lane.device) return deviceRow(this, node, lane, y);
    const segments = lane.spans.map((span) => {
      const x = this.x(span.from);
      const text = t('timeline.taint.span', { taint: taintText(span.taint), node, from: clockText(span.from), until: span.ended ? t(`timeline.taint.${span.ended}`, { time: clockText(span.to) }) : '' });
      return svg('rect', {
        class: 'timeline-taint js-timeline-taint',
        x, y: y + 4, width: Math.max(1, this.x(span.to) - x), height: 10, rx: 2,
        dataset: { node, taint: taintText(span.taint), effect: span.taint.effect, from: String(span.from), to: String(span.to), ended: span.ended || '' },
      }, title(text));
    });
    return svg('g', { class: 'timeline-taint-row', dataset: { effect: lane.taint.effect } },
      this.label(`${lane.taint.key}:${lane.taint.effect}`, y + 13, 'timeline-taint-label'), segments);
  }

  /**
   * podRow draws a pod's bar from its binding to its eviction or the end, its
   * countdowns over it, a mark at each deadline (faint when the countdown was
   * cancelled first) and how it ends: evicted, or stays.
   */
  podRow(span, timeline, y) {
    const pod = this.podName(span.pod);
    const node = this.nodeName(span.node);
    const x = this.x(span.from);
    const end = this.x(span.to);
    const marks = [svg('rect', {
      class: 'timeline-pod js-timeline-pod',
      x, y: y + 5, width: Math.max(0, end - x), height: 12, rx: 3,
      dataset: { pod, node, from: String(span.from), to: String(span.to), end: span.evicted ? 'evicted' : 'stays' },
    }, title(t('timeline.pod.span', { pod, node, from: clockText(span.from), until: span.evicted ? t('timeline.pod.until', { time: clockText(span.to) }) : '' })))];
    for (const countdown of countdowns(timeline.entries, span.pod)) {
      const from = this.x(countdown.from);
      marks.push(svg('rect', {
        class: 'timeline-countdown js-timeline-countdown',
        x: from, y: y + 5, width: Math.max(0, this.x(countdown.to) - from), height: 12, rx: 3,
        dataset: { pod, from: String(countdown.from), to: String(countdown.to), deadline: String(countdown.deadline) },
      }, title(countdown.reason)));
      const dx = this.x(countdown.deadline);
      marks.push(svg('path', {
        class: `timeline-deadline js-timeline-deadline${countdown.cancelled ? ' timeline-deadline--cancelled' : ''}`,
        d: `M${dx} ${y + 1}v20M${dx - 5} ${y}h10l-5 6z`,
        dataset: { pod, deadline: String(countdown.deadline), x: String(dx), cancelled: String(countdown.cancelled) },
      }, title(t(countdown.cancelled ? 'timeline.deadline.cancelled' : 'timeline.deadline', { pod, time: clockText(countdown.deadline) }))));
    }
    if (span.evicted) {
      marks.push(svg('path', {
        class: 'timeline-evicted', d: `M${end - 4} ${y + 7}l8 8M${end + 4} ${y + 7}l-8 8`,
      }, title(t('timeline.evicted.at', { pod, time: clockText(span.to) }))));
    }
    // The eviction's time when it fits right of the mark, else the word alone.
    let outcome = t('timeline.outcome.stays');
    let outcomeX = this.x1 + 4;
    if (span.evicted) {
      outcome = t('timeline.outcome.evictedat', { time: shortTime(Math.round(span.to)) });
      if (end + 8 + textWidth(outcome) > this.x1 + RIGHT) outcome = t('timeline.outcome.evicted');
      outcomeX = Math.min(end + 8, this.x1 + RIGHT - textWidth(outcome));
    }
    marks.push(svg('text', { class: `timeline-outcome timeline-outcome--${span.evicted ? 'evicted' : 'stays'}`, x: outcomeX, y: y + 15 }, outcome));
    return svg('g', { class: 'timeline-pod-row', dataset: { pod } },
      this.label(pod, y + 15, 'timeline-pod-label'), marks);
  }

  /** summary is the chart's aria-label: what happens to whom, in one sentence. */
  summary(groups, timeline) {
    const evicted = timeline.pods.filter((span) => span.evicted);
    const stay = timeline.pods.filter((span) => !span.evicted);
    const names = (spans, when) => spans.slice(0, 5)
      .map((span) => (when ? t('timeline.summary.at', { pod: this.podName(span.pod), time: clockText(span.to) }) : this.podName(span.pod)))
      .join(', ') + (spans.length > 5 ? t('timeline.summary.more', { count: spans.length - 5 }) : '');
    return t('timeline.summary', {
      end: clockText(this.end),
      pods: tn('count.pods', timeline.pods.length),
      nodes: tn('count.nodes', groups.length),
      evicted: t('timeline.summary.evicted', { count: evicted.length, names: evicted.length ? ` (${names(evicted, true)})` : '' }),
      stay: tn('timeline.summary.stay', stay.length, { names: stay.length ? ` (${names(stay, false)})` : '' }),
    });
  }

}

/**
 * drawnKey is everything draw reads, as one string: two equal keys draw the
 * same chart and table.
 */
function drawnKey({ timeline, nodes, pods, events, at, deviceLanes }, width) {
  const name = (list, index) => (list[index] ? list[index].name : null);
  const names = [
    ...timeline.taints.map((span) => name(nodes, span.node)),
    ...[...timeline.pods, ...timeline.entries].flatMap((item) => [name(nodes, item.node), name(pods, item.pod)]),
  ];
  return JSON.stringify([width, at, events, timeline, names, deviceLanes || []]);
}

/**
 * countdowns are a pod's countdowns: each from a "scheduled" entry to its
 * eviction or cancellation, with the deadline it had ("kept" entries leave it).
 */
function countdowns(entries, pod) {
  const list = [];
  let open = null;
  for (const entry of entries) {
    if (entry.pod !== pod) continue;
    if (entry.kind === 'scheduled') {
      open = { from: entry.at, to: entry.deadline, deadline: entry.deadline, cancelled: false, reason: entry.reason };
      list.push(open);
    } else if (open && (entry.kind === 'cancelled' || entry.kind === 'evicted')) {
      open.to = entry.at;
      open.cancelled = entry.kind === 'cancelled';
      open = null;
    }
  }
  return list;
}

