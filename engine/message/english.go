package message

import (
	_ "embed"
	"encoding/json"
	"sync"
)

// englishJSON is the English catalog. It lives here, not with the other
// languages in package catalog, because the engine writes every explanation's
// English text itself (the report's string fields, byte for byte as before
// issue 24), so the WASM links English and no other language.
//
//go:embed en.json
var englishJSON []byte

// English is the English catalog, which renders the English text beside
// every message. The embedded file is checked by package catalog's tests, so
// it cannot fail to load in a build that passed them.
var English = sync.OnceValue(func() Catalog {
	var c Catalog
	if err := json.Unmarshal(englishJSON, &c); err != nil {
		panic("message: en.json: " + err.Error())
	}
	return c
})

// InEnglish is m rendered by the English catalog: the text of the string
// field each message stands beside.
func InEnglish(m Message) string { return English().Render(m) }
