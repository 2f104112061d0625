package bench

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// ShareBomb is a share fragment, #s=<data>, as the page's share.js writes
// them (deflate-raw at best compression, base64url), whose data inflates to
// mib MiB of zeros: a hostile link about 1/1,000 of what it expands to. Each
// MiB after the first compresses, after a flush, to the same bytes, so the
// block is repeated rather than compressed mib times (44 ms instead of 4 s
// for 1 GiB).
func ShareBomb(mib int) string {
	var out bytes.Buffer
	w, _ := flate.NewWriter(&out, flate.BestCompression)
	zeros := make([]byte, 1<<20)
	w.Write(zeros)
	w.Flush()
	first := out.Len()
	if mib > 1 {
		w.Write(zeros)
		w.Flush()
		block := bytes.Clone(out.Bytes()[first:])
		for range mib - 2 {
			out.Write(block)
		}
	}
	w.Close()
	return "#s=" + base64.RawURLEncoding.EncodeToString(out.Bytes())
}

// BombResult is what opening a bomb link cost the page: the time its
// decoder ran, the bytes it fed the decompressor and got out of it (the
// page's 'share-inflate' measure), and the JavaScript heap after.
type BombResult struct {
	LinkBytes      int
	Decode         time.Duration
	Fed, Inflated  int64
	JSHeapUsedSize int64
}

// inflateMeasure is the page's 'share-inflate' measure: duration, fed, inflated.
const inflateMeasure = `(() => {
	const m = performance.getEntriesByName('share-inflate', 'measure')[0];
	return m ? [m.duration, m.detail.fed, m.detail.inflated] : null;
})()`

// OpenBomb opens url with a fragment inflating to mib MiB in a fresh browser
// context, waits until the page has refused it, and reads what it cost.
func OpenBomb(b *browsertest.Browser, url string, mib int) (BombResult, error) {
	fragment := ShareBomb(mib)
	result := BombResult{LinkBytes: len(url) + len(fragment)}
	ctx, closeTab, err := openFresh(b, url+fragment, loadTimeout)
	if err != nil {
		return result, err
	}
	defer closeTab()
	measure, err := chromedp.Run(ctx, chromedp.Poll[[]float64](inflateMeasure))
	if err != nil {
		return result, fmt.Errorf("waiting for the page's share-inflate measure: %w", err)
	}
	result.Decode = milliseconds(measure[0])
	result.Fed, result.Inflated = int64(measure[1]), int64(measure[2])
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return result, err
	}
	metrics, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return result, err
	}
	for _, m := range metrics.Metrics {
		if m.Name == "JSHeapUsedSize" {
			result.JSHeapUsedSize = int64(m.Value)
		}
	}
	return result, nil
}
