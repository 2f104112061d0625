// The generated large cluster of the what-if: 5,000 nodes (the Kubernetes
// scalability limit) with 30 pods each, built by the engine from a seed
// (loadGenerated) instead of typed into the editors. As YAML it would be far
// over the editors' 16 MiB, and the matrix of every pod on every node would
// not fit in memory, so the page shows a summary of it, and the what-if runs
// on it (whatIfGenerated) with counts, totals by pool and by workload, and
// its pods one page at a time (whatIfRows, radiustables.js), so the main
// thread never parses or draws 150,000 pods.

import { $, h, setText } from '../shared/dom.js';
import { count } from '../shared/format.js';
import { t, tn } from '../shared/i18n.js';
import { radiusTables } from './radiustables.js';

/** LARGE is the cluster of the issue: the same seed always builds the same one. */
export const LARGE = { nodes: 5000, podsPerNode: 30, seed: 1 };

/** PAGE is how many kubectl errors the list shows at first and adds per click. */
const PAGE = 100;

/** SUGGESTIONS are commands an operator would try on this cluster. */
const SUGGESTIONS = [
  'kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute',
  'kubectl taint nodes -l topology.kubernetes.io/zone=zone-a node.kubernetes.io/unreachable:NoExecute',
  'kubectl taint nodes --all maintenance=now:NoExecute',
  'kubectl taint nodes -l pool=db upgrade=now:NoSchedule',
];

const megabytes = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;

/** GeneratedCluster is the what-if's second cluster, loaded on request. */
export class GeneratedCluster {
  /**
   * root is the what-if panel; onLoad runs once the cluster is loaded,
   * onSuggest(command) when a suggested command is picked.
   */
  constructor(root, { engine, onLoad, onSuggest }) {
    this.engine = engine;
    this.active = false;
    this.button = $('.js-whatif-load-generated', root);
    this.status = $('.js-whatif-cluster', root);
    this.timing = $('.js-whatif-timing', root);
    // loads counts load requests, so that an answer for a cluster left since is dropped.
    this.loads = 0;
    this.button.addEventListener('click', () => this.load().then(onLoad));
    this.onSuggest = onSuggest;
  }

  async load() {
    const load = ++this.loads;
    this.button.disabled = true;
    this.status.replaceChildren(h('p', { class: 'note' }, t('generated.building')));
    try {
      const summary = await this.engine.call('loadGenerated', LARGE);
      if (load !== this.loads) return;
      this.active = true;
      this.renderSummary(summary);
    } catch (error) {
      this.status.replaceChildren(h('p', { class: 'error-text' }, t('generated.failed', { error: error.message })));
    } finally {
      this.button.disabled = false;
    }
  }

  /** leave returns the what-if to the editors' cluster (the engine has dropped this one). */
  leave() {
    if (!this.active) return;
    this.loads++;
    this.active = false;
    this.status.replaceChildren(h('p', { class: 'note' },
      t('generated.left')));
    this.timing.textContent = '';
  }

  renderSummary(s) {
    const pools = s.pools.map((p) => `${p.pool} ${count(p.nodes)}`).join(', ');
    this.status.replaceChildren(
      h('p', { class: 'whatif-cluster-summary js-whatif-cluster-summary' },
        t('generated.summary', {
          nodes: count(s.nodes), pools, cordoned: count(s.cordoned), pods: count(s.pods), running: count(s.running), pending: count(s.pending),
          ms: Math.round(s.milliseconds), memory: megabytes(this.engine.memory), heap: megabytes(s.heapInuse),
        })),
      h('p', { class: 'note' },
        t('generated.why', { cells: count(s.nodes * s.pods) })),
      h('p', { class: 'note' }, t('generated.try')),
      h('ul', { class: 'whatif-suggestions', 'aria-label': t('generated.suggestions') }, SUGGESTIONS.map((command) => h('li', {},
        h('button', { type: 'button', class: 'button button--small js-whatif-suggestion', onclick: () => this.onSuggest(command) }, command)))),
    );
  }

  /**
   * answer runs command on the generated cluster and fills output, or error
   * with the engine's message; it shows how long the round trip took in the
   * page, from the call to the lists drawn, and the WASM's memory.
   */
  async answer(command, { error, output }) {
    const load = this.loads;
    const begin = performance.now();
    let view;
    try {
      view = await this.engine.call('whatIfGenerated', { command, limit: PAGE });
    } catch (failure) {
      if (load !== this.loads) return;
      setText(error, failure.message);
      output.replaceChildren();
      this.timing.textContent = '';
      return;
    }
    if (load !== this.loads) return;
    const drawn = await this.render(view);
    if (load !== this.loads) return;
    error.textContent = '';
    output.replaceChildren(...drawn);
    const elapsed = performance.now() - begin;
    // make bench reads these two: the round trip in ms and the linear memory in bytes.
    this.timing.dataset.milliseconds = elapsed.toFixed(1);
    this.timing.dataset.memory = String(this.engine.memory);
    this.timing.textContent = t('generated.timing', {
      ms: Math.round(elapsed), engine: Math.round(view.milliseconds), memory: megabytes(this.engine.memory),
    });
  }

  /** render is the answer's summary, kubectl's errors and the radius's tables, to put in the output. */
  async render(view) {
    const c = view.counts;
    const summary = t('whatif.summary', {
      nodes: tn('whatif.summary.nodes', c.nodes, { count: count(c.nodes) }),
      now: tn('whatif.summary.now', c.evictedNow, { count: count(c.evictedNow) }),
      later: count(c.evictedLater),
      stay: tn('whatif.summary.stay', c.stay, { count: count(c.stay) }),
      stranded: tn('whatif.summary.stranded', c.noLongerSchedulable, { count: count(c.noLongerSchedulable) }),
      freed: count(c.newlySchedulable),
    });
    return [
      h('p', { class: 'whatif-summary js-whatif-summary' }, summary),
      this.section(view, 'errors', t('whatif.section.errors'), 'js-whatif-errors', 'bad', (message) => message),
      c.nodes > 0 && await radiusTables(this.engine, view.totals, { pods: true }),
    ].filter(Boolean);
  }

  /**
   * section is one list with its total in the title and its first page of
   * items; a button adds the next page from the engine, so a list of
   * 145,000 pods is drawn 100 at a time.
   */
  section(view, list, title, hook, tone, render) {
    const total = view.counts[list];
    if (total === 0) return null;
    const items = h('ul', { class: 'whatif-list' }, view.lists[list].map((item) => h('li', {}, render(item))));
    const more = h('button', { type: 'button', class: 'button button--small whatif-more js-whatif-more' });
    const load = this.loads;
    const update = () => {
      const shown = items.children.length;
      more.hidden = shown >= total;
      more.textContent = t('generated.more', { more: count(Math.min(PAGE, total - shown)), shown: count(shown), total: count(total) });
    };
    more.addEventListener('click', async () => {
      more.disabled = true;
      try {
        const page = await this.engine.call('whatIfItems', { list, offset: items.children.length, limit: PAGE });
        if (load === this.loads) items.append(...page.items.map((item) => h('li', {}, render(item))));
      } finally {
        more.disabled = false;
        update();
      }
    });
    update();
    return h('div', { class: `whatif-section${tone ? ` whatif-section--${tone}` : ''} ${hook}`, dataset: { total } },
      h('h3', {}, `${title} (${count(total)})`), items, more);
  }
}
