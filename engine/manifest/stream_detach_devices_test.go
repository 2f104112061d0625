package manifest

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestDetachValueCopiesStrings cuts a slice's and a claim's strings from one
// text, as the decoder does, and detaches them: no string they keep,
// through pointers, slices and map keys and values, points into the text
// any more, and each reads as before.
func TestDetachValueCopiesStrings(t *testing.T) {
	text := "node-1-gpu gpu.example.com a100 memory 80Gi trainer-gpu pod-uid"
	word := func(w string) string { i := strings.Index(text, w); return text[i : i+len(w)] }
	model := word("a100")
	slice := core.ResourceSlice{Name: word("node-1-gpu"), Driver: word("gpu.example.com"), Devices: []core.Device{{
		Attributes: map[string]core.DeviceAttribute{word("memory"): {String: &model}}, Capacity: map[string]string{word("memory"): word("80Gi")}}}}
	claim := core.ResourceClaim{Name: word("trainer-gpu"), ReservedFor: []core.ResourceClaimConsumerReference{{UID: word("pod-uid")}}}
	detachValue(reflect.ValueOf(&slice).Elem())
	detachValue(reflect.ValueOf(&claim).Elem())
	device := &slice.Devices[0]
	var kept []string
	for k, v := range device.Attributes {
		kept = append(kept, k, *v.String)
	}
	for k, v := range device.Capacity {
		kept = append(kept, k, v)
	}
	kept = append(kept, slice.Name, slice.Driver, claim.Name, claim.ReservedFor[0].UID)
	start := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	for _, s := range kept {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p >= start && p < start+uintptr(len(text)) || !strings.Contains(text, s) {
			t.Errorf("%q still points into the text, or reads otherwise", s)
		}
	}
	if len(kept) != 8 {
		t.Errorf("kept %q, want 8 strings", kept)
	}
}
