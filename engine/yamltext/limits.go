package yamltext

import (
	"fmt"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// Limits on a parsed document, which the page parses whatever anyone
// pastes: each turns a hostile or mistaken text into an Error that names it.
const (
	// MaxExpandedNodes bounds a YAML document's nodes counted with every alias
	// expanded where it is used, which stops alias bombs.
	MaxExpandedNodes = 4_000_000
	// MaxDepth bounds the nesting of a YAML document; Kubernetes objects nest
	// about 15 levels.
	MaxDepth = 100
)

// checkTree measures a document before anything reads it: its depth, and
// its size with every alias counted as the nodes it stands for. The sizes of
// anchored nodes are memoized, so the walk is linear in the tree even for an
// alias bomb.
func checkTree(root *yaml3.Node) *Error {
	c := treeCheck{sizes: make(map[*yaml3.Node]int)}
	c.size(root, 0)
	return c.err
}

type treeCheck struct {
	// sizes holds the expanded size of each anchored node (the only ones an
	// alias can stand for); -1 while the node is being measured.
	sizes map[*yaml3.Node]int
	err   *Error
}

func (c *treeCheck) size(n *yaml3.Node, depth int) int {
	if c.err != nil {
		return 0
	}
	if depth > MaxDepth {
		c.err = &Error{Line: n.Line, Column: n.Column, Message: fmt.Sprintf("the YAML nests deeper than %d levels", MaxDepth)}
		return 0
	}
	if n.Kind == yaml3.AliasNode {
		target := n.Alias
		size, seen := c.sizes[target]
		switch {
		case size < 0:
			c.err = &Error{Line: n.Line, Column: n.Column, Message: fmt.Sprintf("alias *%s refers to the value that contains it", n.Value)}
			return 0
		case !seen:
			size = c.size(target, depth)
		}
		return c.add(n, 1, size)
	}
	if n.Anchor != "" {
		c.sizes[n] = -1
	}
	total := 1
	for _, child := range n.Content {
		total = c.add(n, total, c.size(child, depth+1))
	}
	if n.Anchor != "" {
		c.sizes[n] = total
	}
	return total
}

// add sums sizes and stops the walk once a document is too large.
func (c *treeCheck) add(at *yaml3.Node, a, b int) int {
	if c.err == nil && a+b > MaxExpandedNodes {
		c.err = &Error{Line: at.Line, Column: at.Column, Message: fmt.Sprintf("the YAML expands to more than %d nodes through its aliases", MaxExpandedNodes)}
	}
	return a + b
}
