package web

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAcceptedEncodings(t *testing.T) {
	tests := []struct {
		name   string
		header string
		want   map[string]bool
	}{
		{name: "empty header accepts nothing but identity", header: "", want: map[string]bool{"br": false, "gzip": false}},
		{name: "a browser's usual list", header: "gzip, deflate, br, zstd", want: map[string]bool{"br": true, "gzip": true}},
		{name: "q=0 refuses", header: "br;q=0, gzip", want: map[string]bool{"br": false, "gzip": true}},
		{name: "spaces and case do not matter", header: " GZip ; Q=0.8 ,BR", want: map[string]bool{"br": true, "gzip": true}},
		{name: "the wildcard covers the unlisted", header: "*;q=0.1, gzip;q=0", want: map[string]bool{"br": true, "gzip": false}},
		{name: "a malformed q-value refuses that coding", header: "br;q=high, gzip", want: map[string]bool{"br": false, "gzip": true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			accepted := acceptedEncodings(tc.header)
			got := map[string]bool{"br": accepted("br"), "gzip": accepted("gzip")}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("acceptedEncodings(%q) (-want +got):\n%s", tc.header, diff)
			}
		})
	}
}
