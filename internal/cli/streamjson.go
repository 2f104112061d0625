package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"reflect"
	"strings"
)

// writeJSONStream writes v, a struct, exactly as engine.WriteJSONDocument
// does (indented by two spaces, HTML escaped, a newline at the end, each
// rune a terminal could act on escaped by jsonEscapeUnprintable), but field
// by field and each element of a slice field on its own, so that a cluster's
// 150,000 pods cost one pod's JSON at a time, not the document's gigabyte
// twice over (TestJSONStreamIsTheDocument).
func writeJSONStream(w io.Writer, v any) error {
	out := bufio.NewWriterSize(w, 256<<10)
	value := reflect.ValueOf(v)
	for value.Kind() == reflect.Pointer {
		value = value.Elem()
	}
	out.WriteString("{")
	first := true
	for i := 0; i < value.NumField(); i++ {
		name, omitEmpty, ok := jsonField(value.Type().Field(i))
		field := value.Field(i)
		if !ok || (omitEmpty && isEmptyJSON(field)) {
			continue
		}
		if !first {
			out.WriteString(",")
		}
		first = false
		key, _ := json.Marshal(name)
		out.WriteString("\n  " + string(key) + ": ")
		if err := writeJSONValue(out, field); err != nil {
			return err
		}
	}
	out.WriteString("\n}\n")
	return out.Flush()
}

// writeJSONValue writes one field's value at the document's second level:
// a slice element by element, anything else at once.
func writeJSONValue(out *bufio.Writer, field reflect.Value) error {
	if field.Kind() != reflect.Slice || field.IsNil() || field.Len() == 0 {
		return writeIndented(out, field.Interface(), "  ")
	}
	out.WriteString("[")
	for e := 0; e < field.Len(); e++ {
		if e > 0 {
			out.WriteString(",")
		}
		out.WriteString("\n    ")
		if err := writeIndented(out, field.Index(e).Interface(), "    "); err != nil {
			return err
		}
	}
	out.WriteString("\n  ]")
	return nil
}

// writeIndented writes v as json.MarshalIndent does at the prefix.
func writeIndented(out *bufio.Writer, v any, prefix string) error {
	data, err := json.MarshalIndent(v, prefix, "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(jsonEscapeUnprintable(data))
	return err
}

// jsonField is a struct field's JSON name and whether it has omitempty; ok
// is false for a field JSON leaves out.
func jsonField(f reflect.StructField) (name string, omitEmpty, ok bool) {
	if !f.IsExported() {
		return "", false, false
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false, false
	}
	name, options, _ := strings.Cut(tag, ",")
	if name == "" {
		name = f.Name
	}
	return name, strings.Contains(","+options+",", ",omitempty,"), true
}

// isEmptyJSON is encoding/json's test for omitempty.
func isEmptyJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}
