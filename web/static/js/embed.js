// Embed mode (?embed): a compact page for an <iframe> in a docs page. It
// posts its height to the parent, where embed-host.js (served beside this
// page) sizes the frame to the content.

import { param } from './address.js';

/** HEIGHT_MESSAGE is the type of the message an embedded page posts to its parent. */
const HEIGHT_MESSAGE = 'taint-playground:height';

/** MEASURE_MESSAGE is what embed-host.js sends when it starts after the frame reported. */
const MEASURE_MESSAGE = 'taint-playground:measure';

/** isEmbedded reports whether the page was opened in embed mode. */
export function isEmbedded() {
  return param('embed') !== null;
}

/** startEmbed switches to the compact layout and reports height changes. */
export function startEmbed() {
  document.documentElement.classList.add('is-embed');
  if (window.parent === window) return;
  let posted = 0;
  const post = () => {
    posted = Math.ceil(document.documentElement.getBoundingClientRect().height);
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height: posted }, '*');
  };
  new ResizeObserver(() => {
    if (Math.ceil(document.documentElement.getBoundingClientRect().height) !== posted) post();
  }).observe(document.documentElement);
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data && event.data.type === MEASURE_MESSAGE) post();
  });
}

/**
 * embedSnippet is the HTML a docs page pastes: the iframe, and embed-host.js
 * from beside this page, which resizes it when the playground reports its
 * height (no inline script, for docs sites with a strict CSP).
 */
export function embedSnippet(url) {
  const host = new URL('embed-host.js', url).href;
  return `<iframe src="${url.replaceAll('&', '&amp;')}" title="Taint Playground: Kubernetes taints and tolerations" width="100%" height="640" loading="lazy" allow="clipboard-write"></iframe>
<script src="${host}" defer></script>`;
}
