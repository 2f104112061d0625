package cli

import (
	"reflect"
	"slices"
	"strings"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// Language is the catalog language of the locale the environment names, as
// kubectl picks its translations (k8s.io/kubectl/pkg/util/i18n,
// loadSystemLanguage): the first of LC_ALL, LC_MESSAGES and LANG that is
// set, its encoding (.UTF-8) and modifier (@…) dropped, then the catalog of
// its language and territory (pt_BR → pt-br, zh_CN → zh-cn) or of its
// language alone (ja_JP → ja). Unlike kubectl it also takes a locale without
// an encoding. Anything else, C and POSIX included, is English.
func Language(getenv func(string) string) string {
	locale := ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	locale, _, _ = strings.Cut(locale, ".")
	locale, _, _ = strings.Cut(locale, "@")
	tag := strings.ToLower(strings.ReplaceAll(locale, "_", "-"))
	language, _, _ := strings.Cut(tag, "-")
	for _, candidate := range []string{tag, language} {
		if slices.Contains(catalog.Languages, candidate) {
			return candidate
		}
	}
	return "en"
}

// explanations is the catalog the table output renders the engine's
// explanations with: nil for English (or "", or a language without a
// catalog), which they already are.
func explanations(language string) message.Catalog {
	if language == "" || language == "en" {
		return nil
	}
	c, err := catalog.Load(language)
	if err != nil {
		return nil
	}
	return c
}

// translate rewrites, everywhere in the document doc points to, each string
// field X that has a message.Message sibling XMessage (the engine's
// explanations, issue 24) with that message rendered by c. The table output
// calls it; -o json and yaml stay English, with the messages beside.
func translate(c message.Catalog, doc any) {
	if c != nil {
		translateValue(c, reflect.ValueOf(doc))
	}
}

var messageType = reflect.TypeFor[message.Message]()

func translateValue(c message.Catalog, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			translateValue(c, v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			translateValue(c, v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			field, f := v.Type().Field(i), v.Field(i)
			if !field.IsExported() {
				continue
			}
			if m := v.FieldByName(field.Name + "Message"); f.Kind() == reflect.String && m.IsValid() && m.Type() == messageType && f.CanSet() {
				if msg := m.Interface().(message.Message); msg.ID != "" {
					f.SetString(c.Render(msg))
				}
				continue
			}
			translateValue(c, f)
		}
	}
}
