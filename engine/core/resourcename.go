package core

import "strings"

// Resource name classes (pkg/apis/core/helper).

// resourceDefaultNamespacePrefix marks native resources that carry a prefix.
const resourceDefaultNamespacePrefix = "kubernetes.io/"

// resourceRequestsPrefix is the quota form of a request ("requests.cpu").
const resourceRequestsPrefix = "requests."

// isNativeResource reports whether a resource name is in the kubernetes.io
// namespace: unprefixed names are, implicitly (upstream IsNativeResource).
func isNativeResource(name string) bool {
	return !strings.Contains(name, "/") || strings.Contains(name, resourceDefaultNamespacePrefix)
}

// IsExtendedResourceName reports whether a resource is an extended one such as
// "example.com/gpu" (upstream IsExtendedResourceName):
//
//  1. it is not native;
//  2. it does not start with "requests.", which quota uses;
//  3. "requests." + name is a valid qualified name.
func IsExtendedResourceName(name string) bool {
	if isNativeResource(name) || strings.HasPrefix(name, resourceRequestsPrefix) {
		return false
	}
	return IsLabelKey(resourceRequestsPrefix + name)
}
