package core

import (
	"strconv"
)

// MetaError is one error of ValidateObjectMeta: the metadata field it names
// ("name", "generateName" or "namespace") and the message, as the apiserver's
// field.Error prints it ("metadata.name: Invalid value: …").
type MetaError struct {
	Field   string
	Message string
}

// ValidateObjectMeta checks an object's name and namespace as the apiserver's
// ValidateObjectMeta (apimachinery pkg/api/validation/objectmeta.go) does on
// create for a Pod (ValidatePodName), a Node (ValidateNodeName) and the
// workloads, which all use NameIsDNSSubdomain:
//
//  1. A non-empty generateName, with one trailing '-' masked, must be a
//     DNS-1123 subdomain (one Invalid error per message).
//  2. An empty name is Required ("name or generateName is required") unless
//     generateName is set: the apiserver generates the name (the prefix and
//     five random characters) before it validates, and says of a bad
//     generated name what rule 1 says of its prefix, under metadata.name
//     with a random value; that repetition is left out.
//  3. A non-empty name must be a DNS-1123 subdomain: at most 253 bytes of
//     lower-case alphanumerics, '-' and '.'.
//  4. A non-empty namespace of a namespaced object must be a DNS-1123 label
//     (ValidateNamespaceName): at most 63 bytes, no dots. An empty one is
//     the request's (kubectl's current namespace); a cluster-scoped object's
//     namespace is cleared by the apiserver, so namespaced false skips it.
func ValidateObjectMeta(name, generateName, namespace string, namespaced bool) []MetaError {
	var errs []MetaError
	if generateName != "" {
		masked := generateName
		if n := len(masked); n > 1 && masked[n-1] == '-' {
			masked = masked[:n-2] + "a"
		}
		errs = appendInvalid(errs, "generateName", generateName, subdomainErrors(masked))
	}
	if name == "" && generateName == "" {
		errs = append(errs, MetaError{Field: "name", Message: "metadata.name: " + errRequired + ": name or generateName is required"})
	} else if name != "" {
		errs = appendInvalid(errs, "name", name, subdomainErrors(name))
	}
	if namespaced && namespace != "" {
		errs = appendInvalid(errs, "namespace", namespace, labelErrors(namespace))
	}
	return errs
}

// The messages of apimachinery pkg/util/validation (v0.37.2, Apache-2.0),
// which the apiserver's name checks use; its copy in validate/content says
// "bytes" where this one says "characters".
const (
	dns1123LabelFmt        = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123LabelErrMsg     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '" + dns1123LabelFmt + "')"
	dns1123SubdomainFmt    = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" + dns1123SubdomainFmt + "')"
)

// subdomainErrors is validation.IsDNS1123Subdomain: too long, and not
// lower-case dot-separated labels, each its own message.
func subdomainErrors(s string) []string {
	var errs []string
	if len(s) > dnsSubdomainMaxLength {
		errs = append(errs, maxLenError(dnsSubdomainMaxLength))
	}
	if !matchesDNS1123Subdomain(s) {
		errs = append(errs, dns1123SubdomainErrMsg)
	}
	return errs
}

// labelErrors is validation.IsDNS1123Label: too long, and either dots in
// what would be a subdomain or not a label at all.
func labelErrors(s string) []string {
	var errs []string
	if len(s) > labelNameMaxLength {
		errs = append(errs, maxLenError(labelNameMaxLength))
	}
	switch {
	case isDNS1123Label(s):
	case matchesDNS1123Subdomain(s):
		errs = append(errs, "must not contain dots")
	default:
		errs = append(errs, dns1123LabelErrMsg)
	}
	return errs
}

func maxLenError(n int) string {
	return "must be no more than " + strconv.Itoa(n) + " characters"
}

// appendInvalid adds one field.Invalid error on metadata.<field> per message.
func appendInvalid(errs []MetaError, field, value string, messages []string) []MetaError {
	for _, msg := range messages {
		errs = append(errs, MetaError{Field: field,
			Message: "metadata." + field + ": " + errInvalid + ": " + strconv.Quote(value) + ": " + msg})
	}
	return errs
}
