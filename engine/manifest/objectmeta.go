package manifest

import "github.com/taint-playground/taint-playground/engine/core"

// metaValue is one metadata field as the decoder read it: where it is
// written, and its value (ok false when it could not be read, an error
// already reported).
type metaValue struct {
	f     yamlField
	value string
	ok    bool
}

// checkObjectMeta reports the errors core.ValidateObjectMeta finds in an
// object's name, generateName and namespace, each at the value it names
// (at the object when that field is not written), as CodeInvalid errors:
// the object is Rejected, as the apiserver would refuse it. namespaced is
// false for a Node, whose namespace the apiserver clears. Nothing is said
// about a field that could not be read.
func (d *decoder) checkObjectMeta(obj yamlField, namespaced bool, name, generateName, namespace metaValue) {
	if !name.ok || !generateName.ok || !namespace.ok {
		return
	}
	for _, e := range core.ValidateObjectMeta(name.value, generateName.value, namespace.value, namespaced) {
		f := name.f
		switch e.Field {
		case "generateName":
			f = generateName.f
		case "namespace":
			f = namespace.f
		}
		src := obj.source()
		if f.present() {
			src = f.valueSource()
		}
		src.Field = "metadata." + e.Field
		d.add(core.SeverityError, core.CodeInvalid, src, e.Message, "")
	}
}
