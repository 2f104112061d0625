package clustersnapshot

import (
	"bytes"
	"os"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
)

// TestUpstreamDecodes decodes a snapshot as kubectl and the API machinery
// do (the universal deserializer, JSON or YAML, into a v1.List, then each
// item into its type) and wants the nodes and pods written: what the
// generator writes is what Kubernetes reads.
func TestUpstreamDecodes(t *testing.T) {
	spec := Spec{Nodes: 30, Pods: 200, Seed: 2, ManagedFields: true}
	inputs := map[string][]byte{}
	if file := os.Getenv(UpstreamDecodeEnv); file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs[file], spec = data, Spec{}
	} else {
		for _, format := range []Format{JSON, YAML} {
			var b bytes.Buffer
			if err := Write(&b, spec, format); err != nil {
				t.Fatal(err)
			}
			inputs[string(format)] = b.Bytes()
		}
	}
	for name, data := range inputs {
		nodes, pods := decodeUpstream(t, data)
		t.Logf("%s: %d nodes, %d pods", name, nodes, pods)
		if spec.Nodes > 0 && (nodes != spec.Nodes || pods != spec.Pods) {
			t.Errorf("%s: upstream read %d nodes and %d pods, want %d and %d", name, nodes, pods, spec.Nodes, spec.Pods)
		}
	}
}

// decodeUpstream decodes a v1 List of nodes and pods, keeping the objects
// (not the text) as kubectl does, and counts them.
func decodeUpstream(t *testing.T, data []byte) (nodes, pods int) {
	t.Helper()
	scheme := runtime.NewScheme()
	if err := corev1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	decoder := serializer.NewCodecFactory(scheme).UniversalDeserializer()
	object, _, err := decoder.Decode(data, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	list, ok := object.(*corev1.List)
	if !ok {
		t.Fatalf("a %T, not a v1 List", object)
	}
	objects := make([]runtime.Object, 0, len(list.Items))
	for i := range list.Items {
		item, _, err := decoder.Decode(list.Items[i].Raw, nil, nil)
		if err != nil {
			t.Fatalf("item %d: %v", i, err)
		}
		list.Items[i].Raw = nil
		switch item.(type) {
		case *corev1.Node:
			nodes++
		case *corev1.Pod:
			pods++
		default:
			t.Fatalf("item %d is a %T", i, item)
		}
		objects = append(objects, item)
	}
	return nodes, pods
}
