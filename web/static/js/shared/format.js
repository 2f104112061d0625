// Text for taints, tolerations and durations, as people read them.

/** taintText renders a taint as kubectl prints it: key=value:Effect. */
export function taintText(taint) {
  const value = taint.value ? `=${taint.value}` : '';
  return taint.effect ? `${taint.key}${value}:${taint.effect}` : `${taint.key}${value}`;
}

/** tolerationText renders a toleration compactly: key, operator, value, effect, seconds. */
export function tolerationText(toleration) {
  const operator = toleration.operator || 'Equal';
  const parts = [toleration.key ? toleration.key : 'any key', operator];
  if (operator !== 'Exists') parts.push(JSON.stringify(toleration.value || ''));
  parts.push(toleration.effect ? `· ${toleration.effect}` : '· all effects');
  if (toleration.tolerationSeconds != null) parts.push(`· ${toleration.tolerationSeconds} s`);
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
  if (s < 60) return `${s} s`;
  const units = [
    ['d', 86400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ];
  const parts = [];
  let rest = s;
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${unit}`);
  }
  return parts.slice(0, 2).join(' ');
}

/** clockText renders the countdown's clock: "12.5 s" under a minute, then "2 min 5 s (125 s)". */
export function clockText(t) {
  return t < 60 ? `${t.toFixed(1)} s` : `${duration(t)} (${Math.floor(t)} s)`;
}

/** count writes a number as people read it: count(1000000) is "1,000,000". */
export function count(n) {
  return n.toLocaleString('en-US');
}

/** plural picks the word for a count: plural(1, "taint") is "1 taint". */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}
