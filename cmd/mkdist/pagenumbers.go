package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// pageNumbers are the numbers the page's first calls carry, read from its
// modules: CARD_LIMIT of js/verdicts/results.js, the most pairs shown as cards (its
// evaluate asks for their details), and HORIZON of js/clock/countdown.js, how far
// past the last event the countdown's timeline is simulated.
type pageNumbers struct {
	cardLimit int
	horizon   float64
}

// pageConstants finds the numbers in their modules: a const line whose
// value is a product of whole numbers.
var pageConstants = []struct {
	module, name string
	set          func(*pageNumbers, int64)
}{
	{"js/verdicts/results.js", "CARD_LIMIT", func(n *pageNumbers, v int64) { n.cardLimit = int(v) }},
	{"js/clock/countdown.js", "HORIZON", func(n *pageNumbers, v int64) { n.horizon = float64(v) }},
}

// readPageNumbers reads pageNumbers from the page's modules in dir.
func readPageNumbers(dir string) (pageNumbers, error) {
	var numbers pageNumbers
	for _, c := range pageConstants {
		path := filepath.Join(dir, filepath.FromSlash(c.module))
		source, err := os.ReadFile(path)
		if err != nil {
			return numbers, err
		}
		m := regexp.MustCompile(`(?m)^const ` + c.name + ` = ([0-9][0-9 *]*);`).FindSubmatch(source)
		if m == nil {
			return numbers, fmt.Errorf("%s: no line const %s = <whole numbers multiplied>;", path, c.name)
		}
		value := int64(1)
		for _, factor := range strings.Split(string(m[1]), "*") {
			n, err := strconv.ParseInt(strings.TrimSpace(factor), 10, 64)
			if err != nil {
				return numbers, fmt.Errorf("%s: %s: %w", path, c.name, err)
			}
			value *= n
		}
		c.set(&numbers, value)
	}
	return numbers, nil
}
