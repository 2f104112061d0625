package cli

import (
	"encoding/json"
	"io"

	"sigs.k8s.io/yaml"
)

// writeDocument writes v as indented JSON, or as YAML (sigs.k8s.io/yaml:
// the same object under the same names, as kubectl's -o yaml is its JSON).
func writeDocument(w io.Writer, format string, v any) error {
	if format == "yaml" {
		data, err := yaml.Marshal(v)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
