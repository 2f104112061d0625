package web

import "testing"

func TestHashedName(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		content string
		want    string
	}{
		// The digest is the first 12 hex digits of sha256("wasm"), as `printf wasm | sha256sum` prints it.
		{name: "the digest goes before the extension", file: "taint-playground.wasm", content: "wasm",
			want: "taint-playground.336154bf67f7.wasm"},
		{name: "a folder is kept", file: "assets/app.js", content: "wasm", want: "assets/app.336154bf67f7.js"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := HashedName(tc.file, []byte(tc.content))
			if got != tc.want {
				t.Errorf("HashedName(%q) = %q; want %q", tc.file, got, tc.want)
			}
			if !IsHashedName(got) {
				t.Errorf("IsHashedName(%q) = false for a name HashedName gave", got)
			}
		})
	}
}

func TestIsHashedName(t *testing.T) {
	tests := []struct {
		name string
		file string
		want bool
	}{
		{name: "plain name", file: "main.js", want: false},
		{name: "too short a digest", file: "main.0123.js", want: false},
		{name: "upper-case hex is not ours", file: "main.0123456789AB.js", want: false},
		{name: "a digest in the middle of the path only", file: "a.0123456789ab.d/main.js", want: false},
		{name: "hashed", file: "main.0123456789ab.js", want: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsHashedName(tc.file); got != tc.want {
				t.Errorf("IsHashedName(%q) = %v; want %v", tc.file, got, tc.want)
			}
		})
	}
}
