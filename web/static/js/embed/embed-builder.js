// The embed snippet builder ("Copy embed snippet"): the author picks what
// readers get (?view=), and the builder shows the snippet and the height of
// the frame, measured: it loads the embed, hidden and 800 px wide, in a
// frame of its own, and reads the height the embedded page posts, as
// embed-host.js does on the docs page. The snippet's height attribute is
// that height, so the frame is the right size before embed-host.js runs.

import { $, h } from '../shared/dom.js';
import { copyText } from '../shared/clipboard.js';
import { DEFAULT_VIEW, embedSnippet, HEIGHT_MESSAGE, VIEW_PARAM } from './embed.js';
import { t } from '../shared/i18n.js';

/** MEASURE_WIDTH is the docs column width, in CSS pixels, the height is measured at. */
const MEASURE_WIDTH = 800;

/** FALLBACK_HEIGHT is the snippet's height until the measurement comes in. */
const FALLBACK_HEIGHT = 640;

/** withView is the embed address url (a string) asking for view; its other parameters keep their form. */
function withView(url, view) {
  const address = new URL(url);
  address.search = `${address.search}${address.search ? '&' : '?'}${VIEW_PARAM}=${view}`;
  return address.href;
}

export class EmbedBuilder {
  /** root is the builder's section, with the view choice, the snippet and its copy button; the hidden frame joins it when first needed. */
  constructor(root) {
    this.root = root;
    this.views = $('.js-embed-views', root);
    this.output = $('.js-embed-output', root);
    this.status = $('.js-embed-status', root);
    this.height = $('.js-embed-height', root);
    /** frame is the hidden frame the height is measured in, made on the first measure: a frame in the markup cost every page load a document of its own. */
    this.frame = null;
    this.url = '';
    this.measured = null;
    this.views.addEventListener('change', () => this.measure());
    $('.js-embed-copy', root).addEventListener('click', () => copyText(this.output.value, this.status, this.output));
    $('.js-embed-close', root).addEventListener('click', () => this.close());
    window.addEventListener('message', (event) => this.onMessage(event));
  }

  /** view is the author's choice of ?view=. */
  get view() {
    const checked = this.views.querySelector('input:checked');
    return checked ? checked.value : DEFAULT_VIEW;
  }

  /** open shows the builder for url, the embed address of what is on screen, and measures it. */
  open(url) {
    this.url = url;
    this.root.hidden = false;
    this.measure();
    this.output.focus();
  }

  close() {
    this.root.hidden = true;
    if (this.frame) this.frame.removeAttribute('src');
  }

  /** measure loads the chosen view in the hidden frame; its height messages update the snippet. */
  measure() {
    const src = withView(this.url, this.view);
    this.measured = null;
    this.status.textContent = '';
    if (!this.frame) {
      this.frame = h('iframe', { class: 'embed-measure', title: 'The embed being measured', 'aria-hidden': 'true', tabindex: '-1', width: MEASURE_WIDTH, height: 600 });
      this.root.append(this.frame);
    }
    this.frame.src = src;
    this.show(src);
  }

  onMessage(event) {
    if (!this.frame || event.source !== this.frame.contentWindow || !event.data || event.data.type !== HEIGHT_MESSAGE) return;
    const height = Math.ceil(Number(event.data.height));
    if (!(height > 0)) return;
    this.measured = { height, settled: Boolean(event.data.settled) };
    this.show(this.frame.src);
  }

  /** show writes the snippet for src and says what is known of its height. */
  show(src) {
    const { measured } = this;
    this.output.value = embedSnippet(src, measured ? measured.height : FALLBACK_HEIGHT);
    if (!measured || !measured.settled) {
      this.height.dataset.height = '';
      this.height.textContent = t('embed.measuring', { width: MEASURE_WIDTH });
      return;
    }
    this.height.dataset.height = String(measured.height);
    this.height.textContent = t('embed.measured', { width: MEASURE_WIDTH, height: measured.height });
  }
}
