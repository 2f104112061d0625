package manifest

import (
	"reflect"

	"github.com/taint-playground/taint-playground/engine/core"
)

var sourceType = reflect.TypeFor[core.Source]()

// moveAllSources moves every core.Source inside the value v points to (a
// wrapper's device objects, whose sources sit at every level: a slice, its
// devices, their taints) to the stream's lines.
func (s *streamDecoder) moveAllSources(v any) {
	eachSource(reflect.ValueOf(v), s.moveSource)
}

// eachSource calls move on every core.Source reachable from v through
// pointers, slices and struct fields.
func eachSource(v reflect.Value, move func(*core.Source)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachSource(v.Elem(), move)
		}
	case reflect.Slice:
		for i := range v.Len() {
			eachSource(v.Index(i), move)
		}
	case reflect.Struct:
		if v.Type() == sourceType {
			move(v.Addr().Interface().(*core.Source))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				eachSource(v.Field(i), move)
			}
		}
	}
}
