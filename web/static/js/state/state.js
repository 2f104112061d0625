// The playground's whole state: both editors, the cluster settings and the
// countdown clock. A share link and localStorage carry exactly this object, so
// readState is the one gate every outside copy passes through.

import { DEFAULT_OPTIONS } from '../contract.js';

/** STATE_VERSION changes when the shape changes incompatibly. */
export const STATE_VERSION = 1;

/** defaultOptions is a copy of core.DefaultOptions, the generated DEFAULT_OPTIONS, for a caller to change. */
export function defaultOptions() {
  return { ...DEFAULT_OPTIONS };
}

/** SPEEDS are the countdown's playback rates. */
const SPEEDS = [1, 10, 60, 600];

/** defaultClock is a paused clock at zero with no added events. */
export function defaultClock() {
  return { at: 0, speed: 1, events: [] };
}

/** StateError says which field of an outside state is wrong. */
export class StateError extends Error {
  constructor(field, problem) {
    super(`${field} ${problem}`);
    this.name = 'StateError';
  }
}

const MAX_EVENTS = 1000;
const EFFECTS = new Set(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);

function expect(ok, field, problem) {
  if (!ok) throw new StateError(field, problem);
}

function readOptions(raw) {
  expect(raw && typeof raw === 'object' && !Array.isArray(raw), 'options', 'must be an object');
  const options = defaultOptions();
  for (const [name, fallback] of Object.entries(options)) {
    if (!(name in raw)) continue;
    const value = raw[name];
    if (typeof fallback === 'boolean') {
      expect(typeof value === 'boolean', `options.${name}`, 'must be true or false');
    } else {
      expect(Number.isSafeInteger(value) && value >= 0, `options.${name}`, 'must be a whole number of seconds');
    }
    options[name] = value;
  }
  return options;
}

function readTaint(raw, field) {
  expect(raw && typeof raw === 'object', field, 'must be an object');
  expect(typeof raw.key === 'string', `${field}.key`, 'must be a string');
  expect(raw.value === undefined || typeof raw.value === 'string', `${field}.value`, 'must be a string');
  expect(raw.effect === undefined || raw.effect === '' || EFFECTS.has(raw.effect), `${field}.effect`,
    'must be NoSchedule, PreferNoSchedule or NoExecute');
  return { key: raw.key, value: raw.value || '', effect: raw.effect || '' };
}

function readToleration(raw, field) {
  expect(raw && typeof raw === 'object', field, 'must be an object');
  const toleration = {};
  for (const name of ['key', 'operator', 'value', 'effect']) {
    expect(raw[name] === undefined || typeof raw[name] === 'string', `${field}.${name}`, 'must be a string');
    if (raw[name]) toleration[name] = raw[name];
  }
  const seconds = raw.tolerationSeconds;
  expect(seconds == null || Number.isSafeInteger(seconds), `${field}.tolerationSeconds`, 'must be a whole number');
  if (seconds != null) toleration.tolerationSeconds = seconds;
  return toleration;
}

/**
 * readEvent checks one clock event, in the engine's Event form: addTaint and
 * removeTaint name a node and a taint; bind a node and a pod (its index);
 * setTolerations a pod and its new tolerations.
 */
function readEvent(raw, index) {
  const field = `clock.events[${index}]`;
  expect(raw && typeof raw === 'object', field, 'must be an object');
  expect(Number.isFinite(raw.at) && raw.at >= 0, `${field}.at`, 'must be a time in seconds');
  const event = { at: raw.at, kind: raw.kind };
  const needsNode = raw.kind === 'addTaint' || raw.kind === 'removeTaint' || raw.kind === 'bind';
  const needsPod = raw.kind === 'bind' || raw.kind === 'setTolerations';
  expect(needsNode || needsPod, `${field}.kind`, 'must be addTaint, removeTaint, bind or setTolerations');
  if (needsNode) {
    expect(typeof raw.node === 'string' && raw.node !== '', `${field}.node`, 'must name a node');
    event.node = raw.node;
  }
  if (needsPod) {
    expect(Number.isSafeInteger(raw.pod) && raw.pod >= 0, `${field}.pod`, 'must be a pod index');
    event.pod = raw.pod;
  }
  if (raw.kind === 'addTaint' || raw.kind === 'removeTaint') event.taint = readTaint(raw.taint, `${field}.taint`);
  if (raw.kind === 'setTolerations') {
    expect(Array.isArray(raw.tolerations), `${field}.tolerations`, 'must be a list');
    event.tolerations = raw.tolerations.map((toleration, i) => readToleration(toleration, `${field}.tolerations[${i}]`));
  }
  return event;
}

function readClock(raw) {
  expect(raw && typeof raw === 'object', 'clock', 'must be an object');
  expect(Number.isFinite(raw.at) && raw.at >= 0, 'clock.at', 'must be a time in seconds');
  expect(SPEEDS.includes(raw.speed), 'clock.speed', `must be one of ${SPEEDS.join(', ')}`);
  expect(Array.isArray(raw.events), 'clock.events', 'must be a list');
  expect(raw.events.length <= MAX_EVENTS, 'clock.events', `must have at most ${MAX_EVENTS} entries`);
  return { at: raw.at, speed: raw.speed, events: raw.events.map(readEvent) };
}

/**
 * readState checks an outside state and returns a clean copy, or throws a
 * StateError naming the first wrong field. Missing settings and clock take
 * their defaults, so older links keep working.
 */
export function readState(raw) {
  expect(raw && typeof raw === 'object' && !Array.isArray(raw), 'the state', 'must be an object');
  expect(raw.v === STATE_VERSION, 'v', `must be ${STATE_VERSION} (this link comes from another version of the page)`);
  expect(typeof raw.nodes === 'string', 'nodes', 'must be text');
  expect(typeof raw.pods === 'string', 'pods', 'must be text');
  return {
    v: STATE_VERSION,
    nodes: raw.nodes,
    pods: raw.pods,
    options: raw.options === undefined ? defaultOptions() : readOptions(raw.options),
    clock: raw.clock === undefined ? defaultClock() : readClock(raw.clock),
    kubernetes: typeof raw.kubernetes === 'string' ? raw.kubernetes : '',
  };
}
