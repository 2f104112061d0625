// Package highlight turns the text of a Taint Playground editor into HTML
// in chroma's classes, without linking chroma: a Kubernetes-aware YAML lexer,
// written by hand with token types of its own that carry the class names of
// the chroma types they stand for (tokens.go), and chroma's HTML formatter's
// markup with classes, never inline styles, so the page works under a strict
// Content-Security-Policy. The markup is written by a small writer of its
// own (markup.go), byte for byte the formatter's, several times faster, and
// also straight into the JSON string the bridge answers with (AppendJSON).
// The WASM links this package, so it imports no chroma: chroma's start-up
// alone was 59.5 KB of WASM code and kept a regular-expression engine linked.
// Chroma runs as itself beside it: package chromatoken is the lexer as a
// chroma.Lexer, package stylesheet writes the page's stylesheet with chroma's
// CSS writer, and the tests hold the lexer and the markup to chroma's.
//
// Besides YAML and JSON it reads the other forms the Nodes editor takes:
// `kubectl taint nodes …` lines, bare `key=value:Effect` specs, and the Taints
// and Tolerations lines of `kubectl describe`.
//
// The classes, all prefixed "hl-", and what they mark:
//
//	hl-nt  a mapping key                  hl-kd  taints: or tolerations:
//	hl-py  a taint or toleration key      hl-kt  an effect (NoSchedule, …)
//	hl-ow  an operator (Exists, Equal, …) hl-gd  the "-" that removes a taint
//	hl-kp  kubectl                        hl-kr  taint, nodes
//	hl-na  a flag (--overwrite, -l, op)   hl-sx  a plain string
//	hl-s2, hl-s1  a quoted string         hl-sh, hl-sd  | or >, and its block
//	hl-mi  a number (hl-ld a timestamp)   hl-kc  true, false, null, <none>
//	hl-c1  a comment                      hl-p   punctuation
//	hl-nn  --- or ...                     hl-nl, hl-nd  an anchor or alias, a tag
//	hl-n   a node name, a misspelt effect
//
// Palette gives their colours, which package stylesheet writes as CSS
// variables for light and dark themes.
package highlight
