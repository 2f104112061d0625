// embed-host.js is the one script a docs page includes to embed Taint
// Playground: served by the playground itself, beside the page's <iframe>s of
// it, it gives each frame the height its playground reports, so the frame
// fits its content without scrolling. The docs page needs no inline script,
// so it runs under a strict Content-Security-Policy that allows the
// playground's origin in script-src and frame-src.
//
//   <iframe src="https://playground.example.org/?embed&example=docs-three-taints"
//           title="Taint Playground: the docs' three taints" width="100%" height="640"></iframe>
//   <script src="https://playground.example.org/embed-host.js" defer></script>
//
// It is a classic script (not a module), so that it knows its own address,
// and with it the only origin whose messages it trusts.
(() => {
  /** HEIGHT_MESSAGE is what the playground posts; MEASURE_MESSAGE asks it to post again. */
  const HEIGHT_MESSAGE = 'taint-playground:height';
  const MEASURE_MESSAGE = 'taint-playground:measure';
  const playground = new URL(document.currentScript.src).origin;

  addEventListener('message', (event) => {
    if (event.origin !== playground || !event.data || event.data.type !== HEIGHT_MESSAGE) return;
    const height = Math.ceil(Number(event.data.height));
    if (!(height > 0)) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) frame.height = String(height);
    }
  });

  // A frame that laid itself out before this script ran has posted its
  // height already: ask every frame of the playground for it again. The
  // target is '*' because a frame may still be at about:blank, and the
  // message carries nothing.
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow && new URL(frame.src, window.location.href).origin === playground) {
      frame.contentWindow.postMessage({ type: MEASURE_MESSAGE }, '*');
    }
  }
})();
