// Text for taints, tolerations and durations, as people read them.

import { t } from './i18n.js';

/** taintText renders a taint as kubectl prints it: key=value:Effect. */
export function taintText(taint) {
  const value = taint.value ? `=${taint.value}` : '';
  return taint.effect ? `${taint.key}${value}:${taint.effect}` : `${taint.key}${value}`;
}

/** tolerationText renders a toleration compactly: key, operator, value, effect, seconds. */
export function tolerationText(toleration) {
  const operator = toleration.operator || 'Equal';
  const parts = [toleration.key ? toleration.key : t('toleration.anykey'), operator];
  if (operator !== 'Exists') parts.push(JSON.stringify(toleration.value || ''));
  parts.push(`· ${toleration.effect || t('toleration.alleffects')}`);
  if (toleration.tolerationSeconds != null) parts.push(`· ${t('unit.s', { count: toleration.tolerationSeconds })}`);
  return parts.join(' ');
}

/**
 * tolerationYAML renders a toleration as the tolerations list of a pod spec,
 * ready to paste. Strings are JSON-quoted, which YAML reads verbatim.
 */
export function tolerationYAML(toleration) {
  const operator = toleration.operator || 'Equal';
  const fields = [];
  if (toleration.key) fields.push(`key: ${JSON.stringify(toleration.key)}`);
  fields.push(`operator: ${JSON.stringify(operator)}`);
  if (operator !== 'Exists') fields.push(`value: ${JSON.stringify(toleration.value || '')}`);
  if (toleration.effect) fields.push(`effect: ${JSON.stringify(toleration.effect)}`);
  if (toleration.tolerationSeconds != null) fields.push(`tolerationSeconds: ${toleration.tolerationSeconds}`);
  return ['tolerations:', ...fields.map((field, i) => (i === 0 ? `- ${field}` : `  ${field}`))].join('\n');
}

/** duration renders seconds as "45 s", "5 min", "5 min 3 s", "2 h 5 min" or "3 d 4 h". */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('unit.s', { count: s });
  const units = [
    ['unit.d', 86400],
    ['unit.h', 3600],
    ['unit.min', 60],
    ['unit.s', 1],
  ];
  const parts = [];
  let rest = s;
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(t(unit, { count }));
  }
  return parts.slice(0, 2).join(' ');
}

/** clockText renders the countdown's clock: "12.5 s" under a minute, then "2 min 5 s (125 s)". */
export function clockText(time) {
  return time < 60 ? t('unit.s', { count: time.toFixed(1) }) : `${duration(time)} (${t('unit.s', { count: Math.floor(time) })})`;
}

/** count writes a number as people read it: count(1000000) is "1,000,000". */
export function count(n) {
  return n.toLocaleString('en-US');
}

/** plural picks the word for a count: plural(1, "taint") is "1 taint". */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}
