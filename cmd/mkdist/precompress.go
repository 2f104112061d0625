package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// compressible are the extensions worth a precompressed copy; images such as
// PNG are compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".wasm": true, ".svg": true, ".txt": true, ".yaml": true,
}

// encoders write the precompressed copies the server picks from with
// Accept-Encoding, at the highest levels: the work is done once, at build time.
var encoders = []struct {
	suffix string
	encode func(io.Writer) io.WriteCloser
}{
	{".br", func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestCompression) }},
	{".gz", func(w io.Writer) io.WriteCloser {
		zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid
		return zw
	}},
}

// earlier maps the SHA-256 of a file of an earlier build, then a suffix, to
// that file's precompressed copy. Brotli's best level takes ~15 s on the WASM,
// so a rebuild that changes only the page reuses the WASM's copies.
type earlier map[[sha256.Size]byte]map[string][]byte

// readEarlier collects the precompressed copies in dir and the hashes of
// their originals; a missing or unreadable folder gives an empty map.
func readEarlier(dir string) earlier {
	found := earlier{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(path)] {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		copies := map[string][]byte{}
		for _, enc := range encoders {
			if compressed, err := os.ReadFile(path + enc.suffix); err == nil {
				copies[enc.suffix] = compressed
			}
		}
		found[sha256.Sum256(data)] = copies
		return nil
	})
	return found
}

// precompressFolder writes name.br and name.gz next to each compressible file,
// unless compressing does not make it smaller, taking the copies of an
// identical file from an earlier build.
func precompressFolder(dir string, reuse earlier) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(path)] {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		previous := reuse[sha256.Sum256(data)]
		for _, enc := range encoders {
			compressed, ok := previous[enc.suffix]
			if !ok {
				if compressed, err = compress(data, enc.encode); err != nil {
					return err
				}
			}
			if len(compressed) >= len(data) {
				continue
			}
			if err := os.WriteFile(path+enc.suffix, compressed, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
}

func compress(data []byte, encode func(io.Writer) io.WriteCloser) ([]byte, error) {
	var buf bytes.Buffer
	w := encode(&buf)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
