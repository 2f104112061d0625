package clustersnapshot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"sigs.k8s.io/yaml"
)

// Format is how the snapshot is written: kubectl's -o json or -o yaml.
type Format string

// The formats, as kubectl's -o names them.
const (
	JSON Format = "json"
	YAML Format = "yaml"
)

// listWriter writes a v1 List one item at a time, as kubectl prints
// `get nodes,pods -A -o json|yaml`, so that writing a snapshot holds one
// object at a time, not the gigabyte.
type listWriter struct {
	out    *bufio.Writer
	format Format
	items  int
}

// newListWriter starts the List.
func newListWriter(out io.Writer, format Format) (*listWriter, error) {
	l := &listWriter{out: bufio.NewWriterSize(out, 1<<20), format: format}
	switch format {
	case JSON:
		l.out.WriteString("{\n    \"apiVersion\": \"v1\",\n    \"items\": [")
	case YAML:
		l.out.WriteString("apiVersion: v1\nitems:\n")
	default:
		return nil, fmt.Errorf("format %q is neither json nor yaml", format)
	}
	return l, nil
}

// add writes one item, with kubectl's indentation: four spaces per level
// in JSON, the item's lines under "- " in YAML.
func (l *listWriter) add(item map[string]any) error {
	if l.format == JSON {
		text, err := json.MarshalIndent(item, "        ", "    ")
		if err != nil {
			return err
		}
		if l.items > 0 {
			l.out.WriteByte(',')
		}
		l.out.WriteString("\n        ")
		l.out.Write(text)
		l.items++
		return nil
	}
	text, err := yaml.Marshal(item)
	if err != nil {
		return err
	}
	for i, line := range bytes.SplitAfter(text, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if i == 0 {
			l.out.WriteString("- ")
		} else {
			l.out.WriteString("  ")
		}
		l.out.Write(line)
	}
	l.items++
	return nil
}

// close ends the List and flushes it.
func (l *listWriter) close() error {
	if l.format == JSON {
		l.out.WriteString("\n    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n")
	} else {
		l.out.WriteString("kind: List\nmetadata:\n  resourceVersion: \"\"\n")
	}
	return l.out.Flush()
}
