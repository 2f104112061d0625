// The what-if's lists: a titled section per kind of outcome, shared by the
// blast radius of a `kubectl taint` command (whatif.js) and of a
// DeviceTaintRule (rule.js). Names come from the engine's answers, so they
// enter as text only.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

/** LIST_LIMIT caps each list: a whole 5,000-node cluster is counted, not drawn. */
const LIST_LIMIT = 200;

/** podName is namespace/name, or the name alone without a namespace. */
export function podName(pod) {
  return pod.namespace ? `${pod.namespace}/${pod.name}` : pod.name;
}

/**
 * section is a titled list of at most LIST_LIMIT items, or nothing when empty;
 * tone ("bad", "later" or "") colours the title.
 */
export function section(title, hook, tone, items, render) {
  if (items.length === 0) return null;
  const shown = items.slice(0, LIST_LIMIT).map((item) => h('li', {}, render(item)));
  if (items.length > LIST_LIMIT) shown.push(h('li', { class: 'note' }, t('whatif.more', { count: items.length - LIST_LIMIT })));
  return h('div', { class: `whatif-section${tone ? ` whatif-section--${tone}` : ''} ${hook}` },
    h('h3', {}, `${title} (${items.length})`),
    h('ul', { class: 'whatif-list' }, shown));
}
