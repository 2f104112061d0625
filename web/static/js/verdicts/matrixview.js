// The matrix's view: which pods and nodes it shows, and in which order. It
// reads only what every report carries for every pod and node, windowed or
// not: the names and counts.podFits (how many nodes each pod fits), so the
// order and the filters cover the whole workspace, not just the cells in
// hand; results.js fetches the cells the chosen page then needs.

import { h } from '../shared/dom.js';
import { t, tn } from '../shared/i18n.js';

const POD_ORDERS = {
  text: ['matrix.order.text', null],
  name: ['matrix.order.name', (report) => (a, b) => report.pods[a].name.localeCompare(report.pods[b].name)],
  fewest: ['matrix.order.fewest', (report) => (a, b) => report.counts.podFits[a] - report.counts.podFits[b]],
  most: ['matrix.order.most', (report) => (a, b) => report.counts.podFits[b] - report.counts.podFits[a]],
};

const NODE_ORDERS = {
  text: ['matrix.order.text', null],
  name: ['matrix.order.name', (report) => (a, b) => report.nodes[a].name.localeCompare(report.nodes[b].name)],
};

function choice(label, name, orders, onChange) {
  return h('label', { class: 'matrix-control' }, label, ' ',
    h('select', { name, class: `js-matrix-${name}`, onchange: onChange },
      Object.entries(orders).map(([value, [id]]) => h('option', { value }, t(id)))));
}

function filter(label, name, placeholder, onInput) {
  return h('label', { class: 'matrix-control' }, label, ' ',
    h('input', { type: 'search', name, class: `js-matrix-${name}`, placeholder, autocomplete: 'off', spellcheck: 'false', oninput: onInput }));
}

/** indexes is 0…n−1, kept when keep(i), sorted by the comparator when there is one. */
function indexes(n, keep, compare) {
  const kept = [];
  for (let i = 0; i < n; i++) if (keep(i)) kept.push(i);
  return compare ? kept.sort((a, b) => compare(a, b) || a - b) : kept;
}

export class MatrixView {
  /** onChange runs whenever the user changes the order or a filter. */
  constructor(onChange) {
    const changed = () => onChange();
    this.status = h('span', { class: 'note matrix-view-status js-matrix-status', role: 'status' });
    this.element = h('div', { class: 'matrix-view js-matrix-view', role: 'group', 'aria-label': t('matrix.controls') },
      filter(t('matrix.filter.pods'), 'pods', t('matrix.filter.placeholder'), changed),
      filter(t('matrix.filter.nodes'), 'nodes', t('matrix.filter.placeholder'), changed),
      choice(t('matrix.sort.pods'), 'podSort', POD_ORDERS, changed),
      choice(t('matrix.sort.nodes'), 'nodeSort', NODE_ORDERS, changed),
      h('label', { class: 'matrix-control matrix-check' },
        h('input', { type: 'checkbox', name: 'blocked', class: 'js-matrix-blocked', onchange: changed }),
        t('matrix.blocked')),
      this.status);
  }

  value(name) {
    const control = this.element.querySelector(`[name="${name}"]`);
    return control.type === 'checkbox' ? control.checked : control.value;
  }

  /** order is the pods (rows) and nodes (columns) shown, as indexes into the report, in order. */
  order(report) {
    const podText = this.value('pods').trim().toLowerCase();
    const nodeText = this.value('nodes').trim().toLowerCase();
    const blocked = this.value('blocked');
    const nodeCount = report.nodes.length;
    const podOrder = POD_ORDERS[this.value('podSort')][1];
    const nodeOrder = NODE_ORDERS[this.value('nodeSort')][1];
    const rows = indexes(report.pods.length,
      (p) => report.pods[p].name.toLowerCase().includes(podText) && (!blocked || report.counts.podFits[p] < nodeCount),
      podOrder && podOrder(report));
    const columns = indexes(nodeCount, (n) => report.nodes[n].name.toLowerCase().includes(nodeText), nodeOrder && nodeOrder(report));
    const identity = rows.length === report.pods.length && columns.length === nodeCount && !podOrder && !nodeOrder;
    this.status.textContent = identity ? '' : t('matrix.showing', {
      pods: tn('count.pods', rows.length), podTotal: report.pods.length, nodes: tn('count.nodes', columns.length), nodeTotal: nodeCount,
    });
    return { rows, columns, identity };
  }
}
