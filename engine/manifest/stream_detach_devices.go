package manifest

import (
	"reflect"
	"strings"
)

// detachLatest copies the strings of the resource.k8s.io object of that
// kind that deviceObject kept last, as detachNode and detachPod do for
// nodes and pods: a claim's names would otherwise keep its item's text
// alive, and the 20,000 claims of issue 23's cluster held about 400 MB
// (benchcluster's max RSS). Their many kinds are walked by reflection
// (detachValue); a kind deviceObject did not keep (its object could not
// be read) copies the one before again, which changes nothing.
func detachLatest(d *decoder, kind string) {
	var list reflect.Value
	switch kind {
	case "ResourceSlice":
		list = reflect.ValueOf(d.inventory.Slices)
	case "DeviceTaintRule":
		list = reflect.ValueOf(d.inventory.DeviceTaintRules)
	case "DeviceClass":
		list = reflect.ValueOf(d.inventory.DeviceClasses)
	case "ResourceClaim":
		list = reflect.ValueOf(d.claims.Claims)
	case "ResourceClaimTemplate":
		list = reflect.ValueOf(d.claims.Templates)
	}
	if list.IsValid() && list.Len() > 0 {
		detachValue(list.Index(list.Len() - 1))
	}
}

// detachValue copies every string v holds, through pointers, slices and
// maps (whose keys and values it copies into a new map).
func detachValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			v.SetString(strings.Clone(v.String()))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			detachValue(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			detachValue(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			detachValue(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() || !v.CanSet() {
			return
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for entry := v.MapRange(); entry.Next(); {
			key, value := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			key.Set(entry.Key())
			value.Set(entry.Value())
			detachValue(key)
			detachValue(value)
			out.SetMapIndex(key, value)
		}
		v.Set(out)
	}
}
