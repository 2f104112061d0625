package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"reflect"

	"sigs.k8s.io/yaml"
)

// writeYAMLStream writes v, a struct, as sigs.k8s.io/yaml writes it (its
// JSON as YAML, keys sorted), field by field and each element of a slice
// field on its own, so that a cluster's report costs one pod's YAML at a
// time: yaml.Marshal of the whole report holds its JSON and a tree of maps
// of it at once, many times the document. The document reads back as the
// one yaml.Marshal writes (TestYAMLStreamIsTheDocument).
func writeYAMLStream(w io.Writer, v any) error {
	out := bufio.NewWriterSize(w, 256<<10)
	value := reflect.ValueOf(v)
	for value.Kind() == reflect.Pointer {
		value = value.Elem()
	}
	fields := map[string]reflect.Value{}
	for i := 0; i < value.NumField(); i++ {
		name, omitEmpty, ok := jsonField(value.Type().Field(i))
		if ok && !(omitEmpty && isEmptyJSON(value.Field(i))) {
			fields[name] = value.Field(i)
		}
	}
	order, err := yamlKeyOrder(fields)
	if err != nil {
		return err
	}
	for _, name := range order {
		field := fields[name]
		if field.Kind() != reflect.Slice || field.IsNil() || field.Len() == 0 {
			if err := writeYAMLValue(out, map[string]any{name: field.Interface()}, "", ""); err != nil {
				return err
			}
			continue
		}
		out.WriteString(name + ":\n")
		for e := 0; e < field.Len(); e++ {
			if err := writeYAMLValue(out, field.Index(e).Interface(), "- ", "  "); err != nil {
				return err
			}
		}
	}
	return out.Flush()
}

// yamlKeyOrder is the order yaml.Marshal writes the keys of a map in.
func yamlKeyOrder(fields map[string]reflect.Value) ([]string, error) {
	keys := make(map[string]int, len(fields))
	for name := range fields {
		keys[name] = 0
	}
	data, err := yaml.Marshal(keys)
	if err != nil {
		return nil, err
	}
	var order []string
	for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var entry map[string]int
		if err := yaml.Unmarshal(line, &entry); err != nil || len(entry) != 1 {
			return nil, fmt.Errorf("-o yaml: the key order of %q", line)
		}
		for name := range entry {
			order = append(order, name)
		}
	}
	return order, nil
}

// writeYAMLValue writes v as yaml.Marshal does, its first line after first and
// each other line that is not empty after rest.
func writeYAMLValue(out *bufio.Writer, v any, first, rest string) error {
	data, err := yaml.Marshal(v)
	if err != nil {
		return fmt.Errorf("-o yaml: %w", err)
	}
	for i, line := range bytes.SplitAfter(data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if i == 0 {
			out.WriteString(first)
		} else if len(line) > 1 {
			out.WriteString(rest)
		}
		out.Write(line)
	}
	return nil
}
