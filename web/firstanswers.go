package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
)

// FirstAnswersID is the id of index.html's JSON data block of the engine's
// answers to the page's first calls: mkdist writes it, js/bridge.js reads it.
const FirstAnswersID = "first-answers"

var firstAnswersBlock = regexp.MustCompile(`(?s)<script type="application/json" id="` + FirstAnswersID + `">(.*?)</script>`)

// FirstCallArg is the argument of the page's first call of fn, as the
// first-answers block of its index.html holds it.
func FirstCallArg(page []byte, fn string) (json.RawMessage, error) {
	m := firstAnswersBlock.FindSubmatch(page)
	if m == nil {
		return nil, errors.New("no first-answers block")
	}
	var calls []struct {
		Fn  string          `json:"fn"`
		Arg json.RawMessage `json:"arg"`
	}
	if err := json.Unmarshal(m[1], &calls); err != nil {
		return nil, fmt.Errorf("the first-answers block: %w", err)
	}
	for _, c := range calls {
		if c.Fn == fn {
			return c.Arg, nil
		}
	}
	return nil, fmt.Errorf("the first-answers block has no %s call", fn)
}
