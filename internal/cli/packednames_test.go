package cli

import (
	"strings"
	"testing"
)

func TestWritePackedNames(t *testing.T) {
	names := []string{"web-7d9f-aaaaa", "web-7d9f-bbbbb", "db-0", "web-7d9f-ccccc", "solo", "db-1", "web-7d9f-ddddd"}
	var b strings.Builder
	writePackedNames(&b, names, len("  web-7d9f-{aaaaa,bbbbb}"))
	want := "  web-7d9f-{aaaaa,bbbbb}\n  web-7d9f-{ccccc,ddddd}\n  db-{0,1}\n  solo\n"
	if b.String() != want {
		t.Errorf("packed names:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	writePackedNames(&b, names[:2], 1)
	if want := "  web-7d9f-{aaaaa}\n  web-7d9f-{bbbbb}\n"; b.String() != want {
		t.Errorf("narrower than one name, each name is its own line:\n%s\nwant:\n%s", b.String(), want)
	}
}
