package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// progressBytes is the input above which a terminal is shown a progress
// line: about a second of reading.
const progressBytes = 64 << 20

// progressEvery is how often the progress line is drawn again.
const progressEvery = 200 * time.Millisecond

// showProgress reports whether reading a large input shows a progress line
// on standard error: only when it is a terminal (never in a pipe or a CI
// log) and only for the table, whose reader is a person.
func showProgress(env *Env, output string) bool {
	return env.StderrTerminal && (output == "table" || output == "wide")
}

// progressLine draws "reading FILE: 1.2 GB of 1.9 GB, 104,000 objects" on
// one line of standard error, once the input has passed progressBytes, and
// erases it when reading is over, so that nothing is left in the output.
type progressLine struct {
	w      io.Writer
	s      *speech
	name   string
	size   int64 // the file's size; 0 for a stream
	last   time.Time
	drawn  bool
	nowFor func() time.Time
}

func newProgressLine(w io.Writer, s *speech, name string, size int64) *progressLine {
	return &progressLine{w: w, s: s, name: name, size: size, nowFor: time.Now}
}

// The progress line's words.
const (
	wordReading       words.ID = "progress.reading"
	wordReadingOfSize words.ID = "progress.reading.of-size"
)

// update is the decoder's manifest.Progress.
func (p *progressLine) update(bytes int64, objects int) {
	if bytes < progressBytes {
		return
	}
	now := p.nowFor()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last, p.drawn = now, true
	io.WriteString(p.w, "\r\x1b[K")
	if p.size > 0 {
		p.s.write(p.w, wordReadingOfSize, "file", p.name, "read", megabytes(bytes), "size", megabytes(p.size), "objects", thousands(objects))
	} else {
		p.s.write(p.w, wordReading, "file", p.name, "read", megabytes(bytes), "objects", thousands(objects))
	}
}

// clear erases the line, if it was drawn.
func (p *progressLine) clear() {
	if p.drawn {
		printf(p.w, "\r\x1b[K")
	}
}

// megabytes writes a size in MB, one decimal.
func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// thousands writes n with commas between thousands.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
