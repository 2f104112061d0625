package core_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/taint-playground/taint-playground/engine/core"
)

// upstreamObjectMeta is the apiserver's answer, by apimachinery's
// ValidateObjectMeta with NameIsDNSSubdomain (ValidatePodName,
// ValidateNodeName): the messages of the name, generateName and namespace
// errors. An empty namespace of a namespaced object is the request's, here
// "default".
func upstreamObjectMeta(name, generateName, namespace string, namespaced bool) []string {
	meta := &metav1.ObjectMeta{Name: name, GenerateName: generateName, Namespace: namespace}
	if namespaced && namespace == "" {
		meta.Namespace = "default"
	}
	if !namespaced {
		meta.Namespace = ""
	}
	var out []string
	generated := name == "" && generateName != ""
	if generated {
		meta.Name = generateName[:min(len(generateName), 58)] + "bcdfg" // names.SimpleNameGenerator
	}
	for _, err := range apivalidation.ValidateObjectMeta(meta, namespaced, apivalidation.NameIsDNSSubdomain, field.NewPath("metadata")) {
		if generated && err.Field == "metadata.name" {
			continue // the random name's error, which ValidateObjectMeta leaves out
		}
		out = append(out, err.Error())
	}
	return out
}

func ours(name, generateName, namespace string, namespaced bool) []string {
	var out []string
	for _, e := range core.ValidateObjectMeta(name, generateName, namespace, namespaced) {
		if !strings.HasPrefix(e.Message, "metadata."+e.Field+": ") {
			out = append(out, "field "+e.Field+" does not start "+e.Message)
		}
		out = append(out, e.Message)
	}
	return out
}

func TestValidateObjectMetaMatchesUpstream(t *testing.T) {
	long := strings.Repeat("a", 254)
	for _, tc := range []struct {
		name, objName, generateName, namespace string
		namespaced                             bool
		wantErrors                             int
	}{
		{name: "a valid pod name is accepted", objName: "web-0", namespaced: true},
		{name: "an underscore and bangs are refused", objName: "Bad_Name!!", wantErrors: 1},
		{name: "spaces in a pod name are refused", objName: "Pod Name With Spaces", namespace: "NS!", namespaced: true, wantErrors: 2},
		{name: "upper case is refused", objName: "Web", namespaced: true, wantErrors: 1},
		{name: "a dotted name is a subdomain", objName: "a.b.c", namespaced: true},
		{name: "a name of 254 bytes is too long", objName: long, wantErrors: 1},
		{name: "a name of 253 bytes is fine", objName: long[1:]},
		{name: "a long bad name gives both messages", objName: long + "_", wantErrors: 2},
		{name: "no name and no generateName is required", namespaced: true, wantErrors: 1},
		{name: "generateName alone is enough", generateName: "web-", namespaced: true},
		{name: "a bad generateName is refused", generateName: "Web_", namespaced: true, wantErrors: 1},
		{name: "generateName of one dash is refused", generateName: "-", namespaced: true, wantErrors: 1},
		{name: "a dotted namespace is refused", objName: "p", namespace: "a.b", namespaced: true, wantErrors: 1},
		{name: "a namespace of 64 bytes is refused", objName: "p", namespace: long[:64], namespaced: true, wantErrors: 1},
		{name: "a node's namespace is not judged", objName: "n1", namespace: "NS!"},
		{name: "an invisible character makes a name bad", objName: "web\u200b", namespaced: true, wantErrors: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := upstreamObjectMeta(tc.objName, tc.generateName, tc.namespace, tc.namespaced)
			got := ours(tc.objName, tc.generateName, tc.namespace, tc.namespaced)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-upstream +ours):\n%s", diff)
			}
			if len(got) != tc.wantErrors {
				t.Errorf("%d errors, want %d: %q", len(got), tc.wantErrors, got)
			}
		})
	}
}

func FuzzValidateObjectMeta(f *testing.F) {
	f.Add("Bad_Name!!", "", "NS!", true)
	f.Add("", "x-", "", true)
	f.Add("a.b", "", "a-b", false)
	f.Fuzz(func(t *testing.T, name, generateName, namespace string, namespaced bool) {
		want := upstreamObjectMeta(name, generateName, namespace, namespaced)
		if diff := cmp.Diff(want, ours(name, generateName, namespace, namespaced)); diff != "" {
			t.Errorf("%q %q %q %v (-upstream +ours):\n%s", name, generateName, namespace, namespaced, diff)
		}
	})
}
