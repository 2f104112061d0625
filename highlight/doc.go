// Package highlight turns the text of a Taint Playground editor into HTML
// with chroma: a Kubernetes-aware YAML lexer, written by hand against chroma's
// Lexer interface (so the WASM carries neither chroma's registry of 279
// lexers nor a regular-expression engine run), and chroma's HTML formatter's
// markup with classes, never inline styles, so the page works under a strict
// Content-Security-Policy. The markup is written by a small writer of its
// own (markup.go), byte for byte the formatter's, several times faster, and
// also straight into the JSON string the bridge answers with (AppendJSON).
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
// Stylesheet writes their colours as CSS variables for light and dark themes.
package highlight
