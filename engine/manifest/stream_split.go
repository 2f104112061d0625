package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// listSplitter cuts a stream into the items of the List it holds, as
// `kubectl get -o json|yaml` prints one, and the rest (the wrapper), so that
// each item can be decoded and dropped before the next is read:
//
//   - JSON (the first byte that is not a blank is "{"): the items are the
//     objects of the top-level object's "items" array, found by a scanner
//     that follows strings and nesting. Each is given with blanks in place
//     of what precedes it on its first line, so columns count as in the file.
//   - YAML: the items are the block sequence under an "items:" line at
//     indentation 0: each starts at a "- " line at indentation 0 and runs
//     while lines are indented, blank or comments.
//
// The wrapper is the text around the items, each List's items taken out of
// it at a junction (streamLine maps its lines back to the stream's). A
// stream may hold several Lists, in documents of their own; one with no
// List is all wrapper: the caller decodes it whole.
type listSplitter struct {
	r *bufio.Reader
	// onItem receives each item's text, the stream line it starts on, and
	// whether it is a YAML sequence entry ("- …") rather than a JSON object.
	onItem func(text []byte, firstLine int, entry bool)
	// maxWrapper bounds the wrapper, and each item: past it the
	// splitter stops.
	maxWrapper int

	// wrapper is the text outside the Lists' items; junctions say where
	// items were taken out of it, in order; dropped counts the lines taken
	// out so far.
	wrapper   []byte
	junctions []junction
	dropped   int
	read      int64
	line      int // the stream line being read, from 1
	item      []byte
	itemLine  int
	// itemsLine is the wrapper line of the "items:" line, or of the line
	// of the JSON array's "[", of the List being read.
	itemsLine int
}

// junction is where a List's items were taken out of the wrapper: its lines
// after line after are dropped lines further down in the stream.
type junction struct {
	after, dropped int
}

// streamLine is the stream line of a line of the wrapper.
func (s *listSplitter) streamLine(wrapperLine int) int {
	shift := 0
	for _, j := range s.junctions {
		if wrapperLine > j.after {
			shift = j.dropped
		}
	}
	return wrapperLine + shift
}

// endItems marks the end of a List's items.
func (s *listSplitter) endItems() {
	s.junctions = append(s.junctions, junction{after: s.itemsLine, dropped: s.dropped})
}

// ErrPartTooLarge stops DecodeStream on a stream whose text outside a
// List's items, or one of whose items or lines, is over MaxInputBytes:
// decoding it would be refused anyway, and reading on would only cost
// memory (`-f /dev/zero`).
var ErrPartTooLarge = errors.New("a line, an item of a List or the text around a List's items is over 16 MiB (16777216 bytes), the most the decoder reads at once")

// appendBounded appends chunk to buf unless that makes buf longer than max.
// A buffer that must grow past a quarter of max is given max at once, so
// that an endless line costs about max and a quarter, not the sum of the
// slices append would make on the way.
func appendBounded(buf, chunk []byte, max int) ([]byte, error) {
	need := len(buf) + len(chunk)
	if need > max {
		return buf, ErrPartTooLarge
	}
	if need > cap(buf) {
		size := 2 * need
		if size > max/4 {
			size = max
		}
		grown := make([]byte, len(buf), size)
		copy(grown, buf)
		buf = grown
	}
	return append(buf, chunk...), nil
}

// split reads the whole stream.
func (s *listSplitter) split() error {
	s.line = 1
	first, err := s.firstByte()
	if err != nil {
		return err
	}
	if first == '{' {
		return s.splitJSON()
	}
	return s.splitYAML()
}

// firstByte peeks at the first byte that is not a blank; 0 for an empty stream.
func (s *listSplitter) firstByte() (byte, error) {
	for n := 1; ; n++ {
		b, err := s.r.Peek(n)
		if len(b) < n {
			if err == io.EOF || err == bufio.ErrBufferFull {
				return 0, nil
			}
			return 0, err
		}
		if c := b[n-1]; c != ' ' && c != '\t' && c != '\n' {
			return c, nil
		}
	}
}

// addWrapper adds text to the wrapper, within maxWrapper.
func (s *listSplitter) addWrapper(text []byte) (err error) {
	s.wrapper, err = appendBounded(s.wrapper, text, s.maxWrapper)
	return err
}

// splitYAML reads line by line.
func (s *listSplitter) splitYAML() error {
	inItems := false
	var line []byte
	for {
		chunk, err := s.r.ReadSlice('\n')
		var grow error
		if line, grow = appendBounded(line, chunk, s.maxWrapper); grow != nil {
			return grow
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if len(line) > 0 {
			s.read += int64(len(line))
			if werr := s.yamlLine(line, &inItems); werr != nil {
				return werr
			}
			s.line++
		}
		line = line[:0]
		if err != nil {
			s.endItem()
			if inItems {
				s.endItems()
			}
			return nil
		}
	}
}

// yamlLine places one line (with its newline) of a YAML stream.
func (s *listSplitter) yamlLine(line []byte, inItems *bool) error {
	if *inItems {
		switch {
		case isEntryLine(line):
			s.endItem()
			s.item, s.itemLine = append(s.item[:0], line...), s.line
			s.dropped++
			return nil
		case line[0] == ' ' || line[0] == '#' || line[0] == '\n' || line[0] == '\t':
			if s.itemLine > 0 {
				s.dropped++
				var err error
				s.item, err = appendBounded(s.item, line, s.maxWrapper)
				return err
			}
		default:
			s.endItem()
			s.endItems()
			*inItems = false
		}
		if *inItems {
			// A blank line or comment before the first entry.
			s.dropped++
			return nil
		}
	}
	if string(bytes.TrimRight(line, " \n")) == "items:" {
		*inItems = true
		s.itemsLine = s.line - s.dropped
	}
	return s.addWrapper(line)
}

// isEntryLine reports whether a line starts an entry of a block sequence at
// indentation 0: "- …" or "-" alone.
func isEntryLine(line []byte) bool {
	return line[0] == '-' && (len(line) == 1 || line[1] == ' ' || line[1] == '\n')
}

// endItem hands over the item being read, if any.
func (s *listSplitter) endItem() {
	if s.itemLine > 0 {
		s.onItem(s.item, s.itemLine, true)
		s.itemLine = 0
	}
}

// jsonScan is where the JSON scanner is.
type jsonScan struct {
	depth            int
	inString, escape bool
	// key holds the start of the string being read at depth 1, and
	// itemsKey is true from the end of a key "items" to the value's "[".
	key      []byte
	itemsKey bool
	// inItems is true inside the top-level "items" array; column counts
	// the runes of the current line before the byte being read.
	inItems bool
	column  int
}

// splitJSON reads chunk by chunk, byte by byte.
func (s *listSplitter) splitJSON() error {
	var j jsonScan
	buf := make([]byte, 256<<10)
	for {
		n, err := s.r.Read(buf)
		s.read += int64(n)
		if werr := s.jsonBytes(&j, buf[:n]); werr != nil {
			return werr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// jsonBytes places a chunk of a JSON stream.
func (s *listSplitter) jsonBytes(j *jsonScan, chunk []byte) error {
	start := 0 // the first byte of chunk not yet placed
	for i, c := range chunk {
		if j.inString {
			j.stringByte(c)
		} else {
			switch c {
			case '"':
				j.inString, j.key = true, j.key[:0]
			case '{', '[':
				if j.inItems && j.depth == 2 && c == '{' {
					s.item = append(s.item[:0], bytes.Repeat([]byte{' '}, j.column)...)
					s.itemLine, start = s.line, i
				}
				if !j.inItems && j.depth == 1 && c == '[' && j.itemsKey {
					if err := s.addWrapper(chunk[start : i+1]); err != nil {
						return err
					}
					j.inItems, s.itemsLine, start = true, s.line-s.dropped, i+1
				}
				j.depth++
			case '}', ']':
				j.depth--
				if j.inItems && j.depth == 2 && c == '}' && s.itemLine > 0 {
					var err error
					if s.item, err = appendBounded(s.item, chunk[start:i+1], s.maxWrapper); err != nil {
						return err
					}
					s.onItem(s.item, s.itemLine, false)
					s.itemLine, start = 0, i+1
				}
				if j.inItems && j.depth == 1 {
					s.endItems()
					j.inItems, start = false, i
				}
			}
			if c != '"' && c != ':' && c != ' ' && c != '\n' && c != '\t' {
				j.itemsKey = false
			}
		}
		switch {
		case c == '\n':
			s.line++
			j.column = 0
			if j.inItems {
				s.dropped++
			}
		case c&0xC0 != 0x80:
			j.column++
		}
	}
	switch {
	case s.itemLine > 0:
		var err error
		if s.item, err = appendBounded(s.item, chunk[start:], s.maxWrapper); err != nil {
			return err
		}
	case !j.inItems:
		return s.addWrapper(chunk[start:])
	}
	return nil
}

// stringByte reads one byte of a JSON string; a key at depth 1 is kept
// while it may still be "items".
func (j *jsonScan) stringByte(c byte) {
	switch {
	case j.escape:
		j.escape = false
	case c == '\\':
		j.escape = true
	case c == '"':
		j.inString = false
		j.itemsKey = j.depth == 1 && !j.inItems && string(j.key) == "items"
		return
	}
	if j.depth == 1 && len(j.key) <= len("items") {
		j.key = append(j.key, c)
	}
}
