package yaml11

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
)

// Value returns what the scalar is as a field's value in the JSON kubectl
// sends: nil, a bool, a json.Number written as encoding/json writes the
// number goyaml.v2 resolved, or a string. It fails where kubectl does: a
// text that is not of its tag (!!int abc), a !!binary that is not base64,
// and the floats JSON has no number for (.nan, .inf).
func (s Scalar) Value() (any, error) {
	v, err := s.decode()
	if err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case int64:
		return json.Number(strconv.FormatInt(v, 10)), nil
	case uint64:
		return json.Number(strconv.FormatUint(v, 10)), nil
	case float64:
		return jsonNumber(v)
	case string:
		return jsonString(v), nil
	}
	return v, nil
}

// Key returns the string the scalar is as a map key in the JSON kubectl
// sends: sigs.k8s.io/yaml writes an integer, a float (as a float32, its
// infinities and not-a-number as YAML spells them) and a boolean as text,
// and fails on a null key and an integer above int64. The merge key "<<"
// is no key at all: it merges the map it is given.
func (s Scalar) Key() (string, error) {
	if s.Text == "<<" && (s.Tag == "" || s.Tag == mergeTag) {
		return "", errors.New(`"<<" is the merge key`)
	}
	v, err := s.decode()
	if err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return jsonString(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case float64:
		return floatKey(v), nil
	case bool:
		return strconv.FormatBool(v), nil
	}
	return "", errors.New("unsupported map key of type: " + typeName(v))
}

// decode is goyaml.v2's decoding of a scalar into an interface{}: its
// resolved value, a !!binary's bytes decoded from base64.
func (s Scalar) decode() (any, error) {
	tag, v, err := resolve(s.Tag, s.Text)
	if err != nil || tag != binaryTag {
		return v, err
	}
	data, err := base64.StdEncoding.DecodeString(s.Text)
	if err != nil {
		return nil, errors.New("!!binary value contains invalid base64 data")
	}
	return string(data), nil
}

// typeName names the Go type of a value decode gives that JSON has no key for.
func typeName(v any) string {
	if v == nil {
		return "<nil>"
	}
	return "uint64"
}
