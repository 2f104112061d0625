package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// decodeArgs reads a function's one argument into args. Unknown fields are
// refused so that a misspelt name ({node: 1}) is an error, not a silent
// default; null or no argument leaves args as they are.
func decodeArgs(function string, arg []byte, args any) error {
	dec := json.NewDecoder(bytes.NewReader(arg))
	dec.DisallowUnknownFields()
	err := dec.Decode(args)
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return &Error{
			Message: fmt.Sprintf("%s: %s must be %s, not %s", function, typeErr.Field, jsonKind(typeErr.Type.Kind().String()), typeErr.Value),
			Field:   typeErr.Field,
		}
	case errors.As(err, &typeErr):
		return &Error{Message: fmt.Sprintf("%s: the argument must be an object, not %s", function, typeErr.Value)}
	case strings.HasPrefix(err.Error(), `json: unknown field "`):
		field := strings.TrimSuffix(strings.TrimPrefix(err.Error(), `json: unknown field "`), `"`)
		return &Error{Message: fmt.Sprintf("%s: unknown argument %q", function, field), Field: field}
	default:
		return &Error{Message: fmt.Sprintf("%s: %v", function, err)}
	}
}

// jsonKind names a Go kind the way a JavaScript caller thinks of it.
func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	default:
		return "a number"
	}
}
