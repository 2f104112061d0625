// Embed mode (?embed): a compact page for an <iframe> in a docs page. It
// posts its height to the parent so the frame can size itself to the content.

/** HEIGHT_MESSAGE is the type of the message an embedded page posts to its parent. */
const HEIGHT_MESSAGE = 'taint-playground:height';

/** isEmbedded reports whether the page was opened in embed mode. */
export function isEmbedded() {
  return new URLSearchParams(window.location.search).has('embed');
}

/** startEmbed switches to the compact layout and reports height changes. */
export function startEmbed() {
  document.documentElement.classList.add('is-embed');
  if (window.parent === window) return;
  let posted = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === posted) return;
    posted = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  }).observe(document.documentElement);
}

/**
 * embedSnippet is the HTML a docs page pastes: the iframe, and a script that
 * resizes it when the playground reports its height.
 */
export function embedSnippet(url) {
  const { origin } = new URL(url);
  return `<iframe src="${url}" title="Taint Playground: Kubernetes taints and tolerations" width="100%" height="640" loading="lazy"></iframe>
<script>
addEventListener('message', (e) => {
  if (e.origin !== ${JSON.stringify(origin)} || !e.data || e.data.type !== ${JSON.stringify(HEIGHT_MESSAGE)}) return;
  for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.height = e.data.height;
});
</script>`;
}
