package cli

import (
	"io"

	"github.com/taint-playground/taint-playground/engine"
	"sigs.k8s.io/yaml"
)

// writeDocument writes v as JSON in the page's download form
// (engine.WriteJSONDocument), or as YAML (sigs.k8s.io/yaml:
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
	return engine.WriteJSONDocument(w, v)
}
