package main

import (
	"fmt"
	"os"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
)

// upstreamFlag makes the program decode a file as upstream does, in a child
// process of its own, so that the maximum RSS measured is decoding's alone.
const upstreamFlag = "-decode-upstream"

// decodeUpstream reads the file and decodes it as kubectl and the API
// machinery do: the universal deserializer (JSON or YAML) into a v1.List,
// then each item into a v1.Node or v1.Pod. It returns the exit status.
func decodeUpstream(file string) int {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	scheme := runtime.NewScheme()
	if err := corev1.AddToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	decoder := serializer.NewCodecFactory(scheme).UniversalDeserializer()
	object, _, err := decoder.Decode(data, nil, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	list, ok := object.(*corev1.List)
	if !ok {
		fmt.Fprintf(os.Stderr, "%s is a %T, not a v1 List\n", file, object)
		return 2
	}
	data = nil // as kubectl, keep the objects, not the text
	objects := make([]runtime.Object, 0, len(list.Items))
	for i := range list.Items {
		item, _, err := decoder.Decode(list.Items[i].Raw, nil, nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		list.Items[i].Raw = nil
		objects = append(objects, item)
	}
	fmt.Printf("%d objects\n", len(objects))
	return 0
}
