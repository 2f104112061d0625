package cli

import (
	"io"
	"os"
	"strconv"
	"strings"
)

// defaultWidth is the width the grouped table packs names to when COLUMNS
// does not say the terminal's.
const defaultWidth = 120

// terminalWidth is COLUMNS, as shells export it, else defaultWidth.
func terminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return defaultWidth
}

// namePrefix is a pod's name up to its last dash: its ReplicaSet's,
// DaemonSet's or StatefulSet's name and the dash, what the pods of one
// controller share. A name without a dash has none.
func namePrefix(name string) string {
	return name[:strings.LastIndex(name, "-")+1]
}

// writePackedNames writes pods' names, indented, as few lines of at most
// width columns as it can: the names that share a prefix (namePrefix) as
// the shell's brace expansion writes them, prefix{suffix,suffix,…}, so
// that 400 pods of one ReplicaSet take 25 lines, not 100, and a line
// pastes into `kubectl get pods` as it is. A name alone on its prefix is
// written whole; a line holds one brace at least, however narrow width.
func writePackedNames(w io.Writer, names []string, width int) {
	var prefixes []string
	byPrefix := map[string][]string{}
	for _, name := range names {
		prefix := namePrefix(name)
		if byPrefix[prefix] == nil {
			prefixes = append(prefixes, prefix)
		}
		byPrefix[prefix] = append(byPrefix[prefix], name[len(prefix):])
	}
	for _, prefix := range prefixes {
		suffixes := byPrefix[prefix]
		if len(suffixes) == 1 {
			printf(w, "  %s%s\n", prefix, suffixes[0])
			continue
		}
		line := []string{}
		used := len("  ") + len(prefix) + len("{}")
		for _, suffix := range suffixes {
			if len(line) > 0 && used+1+len(suffix) > width {
				printf(w, "  %s{%s}\n", prefix, strings.Join(line, ","))
				line, used = line[:0], len("  ")+len(prefix)+len("{}")
			}
			if len(line) > 0 {
				used++
			}
			line = append(line, suffix)
			used += len(suffix)
		}
		printf(w, "  %s{%s}\n", prefix, strings.Join(line, ","))
	}
}
