package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/cli/words"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

func TestLanguage(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"nothing set is English", nil, "en"},
		{"Brazilian Portuguese with an encoding", map[string]string{"LANG": "pt_BR.UTF-8"}, "pt-br"},
		{"Japanese by its language alone", map[string]string{"LANG": "ja_JP"}, "ja"},
		{"Simplified Chinese with an encoding and a modifier", map[string]string{"LANG": "zh_CN.UTF-8@pinyin"}, "zh-cn"},
		{"C is English", map[string]string{"LANG": "C"}, "en"},
		{"POSIX is English", map[string]string{"LANG": "POSIX"}, "en"},
		{"a language without a catalog is English", map[string]string{"LANG": "fr_FR.UTF-8"}, "en"},
		{"another territory of Portuguese is English", map[string]string{"LANG": "pt_PT.UTF-8"}, "en"},
		{"Traditional Chinese is English", map[string]string{"LANG": "zh_TW.UTF-8"}, "en"},
		{"LC_ALL wins over the others", map[string]string{"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8", "LANG": "zh_CN.UTF-8"}, "ja"},
		{"LC_MESSAGES wins over LANG", map[string]string{"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "zh_CN.UTF-8"}, "pt-br"},
		{"LC_ALL=C is English whatever LANG says", map[string]string{"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Language(func(name string) string { return tc.env[name] }); got != tc.want {
				t.Errorf("Language(%v) = %q, want %q", tc.env, got, tc.want)
			}
		})
	}
}

// locales are a LANG for each catalog but English.
var locales = map[string]string{"pt-br": "pt_BR.UTF-8", "ja": "ja_JP.UTF-8", "zh-cn": "zh_CN.UTF-8"}

// TestCheckSpeaksTheLocale runs check on every example with LANG set to each
// language: the table writes the eviction reason of each running pod, and
// standard error each warning, from that language's catalog, not in
// English, as does each pod's device block, and -o json is the English
// run's, byte for byte.
func TestCheckSpeaksTheLocale(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		english := run(t, "", false, checkArgs(s, "json")...)
		var v engine.Verdicts
		if err := json.Unmarshal([]byte(english.stdout), &v); err != nil {
			t.Fatal(err)
		}
		for language, locale := range locales {
			env := map[string]string{"LANG": locale}
			c, err := catalog.Load(language)
			if err != nil {
				t.Fatal(err)
			}
			lang := Language(func(name string) string { return env[name] })
			if got, _ := runIn(lang, checkArgs(s, "json")); got != english.stdout {
				t.Errorf("LANG=%s check -o json differs from English:\n%s", locale, got)
			}
			table, stderr := runIn(lang, checkArgs(s, "table"))
			for _, d := range v.Diagnostics {
				if want := c.Render(d.MessageMessage); d.MessageMessage.ID != "" && (!strings.Contains(stderr, want) || strings.Contains(stderr, d.Message)) {
					t.Errorf("LANG=%s: warning %q is not %q in:\n%s", locale, d.Message, want, stderr)
				}
			}
			for _, p := range v.Pods {
				for _, m := range messagesIn(reflect.ValueOf(p.Devices)) {
					if want := c.Render(m); !strings.Contains(table, want) || strings.Contains(table, catalog.English().Render(m)) {
						t.Errorf("LANG=%s: pod %s's device explanation %s is not %q in:\n%s", locale, p.Name, m.ID, want, table)
					}
				}
				verdict := p.Verdict
				if verdict == engine.VerdictRejected {
					verdict = p.AsRead
				}
				if verdict != engine.VerdictStays && verdict != engine.VerdictEvictedNow && verdict != engine.VerdictEvictedLater {
					continue // the table prints no eviction reason
				}
				if deviceHeadline(io.Discard, speechIn(""), &p, p.Verdict) {
					continue // its device verdict, checked above, is printed instead of its node's reason
				}
				if want := c.Render(p.Eviction.ReasonMessage); !strings.Contains(table, want) || strings.Contains(table, p.Eviction.Reason) {
					t.Errorf("LANG=%s: pod %s's reason is not %q in:\n%s", locale, p.Name, want, table)
				}
			}
		}
	})
}

// messagesIn are the engine's explanations anywhere in v (a pod's device
// block: the verdict's, each claim's, each device's and each taint's).
func messagesIn(v reflect.Value) []message.Message {
	switch {
	case v.Type() == reflect.TypeFor[message.Message]():
		return []message.Message{v.Interface().(message.Message)}
	case v.Kind() == reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return messagesIn(v.Elem())
	case v.Kind() == reflect.Slice:
		var out []message.Message
		for i := range v.Len() {
			out = append(out, messagesIn(v.Index(i))...)
		}
		return out
	case v.Kind() == reflect.Struct:
		var out []message.Message
		for i := range v.NumField() {
			out = append(out, messagesIn(v.Field(i))...)
		}
		return out
	}
	return nil
}

// runIn runs the command line with the explanations in language and returns
// its standard output and error.
func runIn(language string, args []string) (stdout, stderr string) {
	var out, errs bytes.Buffer
	Run(&Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs, Language: language}, args)
	return out.String(), errs.String()
}

// englishWord is a literal piece of an English template, found only as
// words: not inside a longer word or a field path
// (status.allocation.devices, resourceClaimStatuses).
type englishWord struct {
	piece string
	found *regexp.Regexp
}

// englishWords are the literal pieces of the English templates, the
// command line's words and the engine's explanations, between their
// placeholders and cells, trimmed of spaces and punctuation ("blocked by",
// "can schedule on", "node(s)"). Those without a word of three letters or
// more ("on", "s") would be found in any name, and are left out.
func englishWords(t *testing.T) []englishWord {
	t.Helper()
	english := spokenIn(t, "en")
	threeLetters := regexp.MustCompile(`[A-Za-z]{3}`)
	seen := map[string]bool{}
	var pieces []englishWord
	for _, template := range english {
		for _, piece := range regexp.MustCompile(`\{[^{}]*\}|\t`).Split(template, -1) {
			piece = strings.Trim(piece, " :;,.")
			if strings.Count(piece, "(") != strings.Count(piece, ")") {
				piece = strings.Trim(piece, " ()")
			}
			if threeLetters.MatchString(piece) && !seen[piece] {
				seen[piece] = true
				const edge = `[^A-Za-z0-9._/-]`
				pieces = append(pieces, englishWord{piece, regexp.MustCompile(`(^|` + edge + `)` + regexp.QuoteMeta(piece) + `($|` + edge + `)`)})
			}
		}
	}
	return pieces
}

// upstreamMessage is what upstream components say in their own words,
// verbatim as they write them, which the scan leaves out: kube-scheduler's
// filters that fail ("1 node(s) had untolerated taint(s)": every "node(s)
// …" up to the next parenthesis, semicolon or line end), the kubelet's
// admission ("The node had condition: [MemoryPressure].") and the device
// taint eviction controller's DeviceTaintRule status ("status:
// EvictionInProgress=False (NoEffect): 2 published devices selected. …").
var upstreamMessage = regexp.MustCompile(`node\(s\) [^();\n]*|The node had condition: \[[^\]]*\]|status: EvictionInProgress=[^\n]*`)

// TestTablesSpeakTheLocale runs check, explain (every pod on every node),
// whatif (whatIfCommands) and simulate (a taint and its removal on the
// clock) on every example with each language but English: no piece of the
// English words (englishWords) may show on standard output or error,
// unless the language's own words hold it too (an API term such as
// NAMESPACE).
func TestTablesSpeakTheLocale(t *testing.T) {
	english := englishWords(t)
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		ws := engine.Load(s.Nodes, s.Pods, s.Settings)
		runs := [][]string{checkArgs(s, "table")}
		for p := range ws.Pods {
			for n := range ws.Nodes {
				runs = append(runs, append([]string{"explain", "-f", "nodes.yaml", "-f", "pods.yaml", podName(&ws.Pods[p]), ws.Nodes[n].Name}, optionFlags(s.Settings)...))
			}
		}
		for _, command := range whatIfCommands {
			runs = append(runs, append(append([]string{"whatif", "-f", "nodes.yaml", "-f", "pods.yaml"}, optionFlags(s.Settings)...), append([]string{"--"}, command...)...))
		}
		runs = append(runs, append([]string{"simulate", "-f", "nodes.yaml", "-f", "pods.yaml", "--until", "1h",
			"--event", "30s kubectl taint nodes --all probe=x:NoExecute", "--event", "10m kubectl taint nodes --all probe-"}, optionFlags(s.Settings)...))
		for language := range locales {
			for _, args := range runs {
				speaksTheLocale(t, english, language, args)
			}
		}
	})
}

// TestGroupedTablesSpeakTheLocale scans, as TestTablesSpeakTheLocale, the
// tables of more than groupAbove pods: check's rows by workload and the
// pods that need attention, whatif's totals by pool and by workload.
func TestGroupedTablesSpeakTheLocale(t *testing.T) {
	english := englishWords(t)
	writeFiles(t, map[string]string{"cluster.json": snapshotText(t, clustersnapshot.Spec{Nodes: 8, Pods: 400, Seed: 2})})
	for language := range locales {
		for _, args := range [][]string{
			{"check", "-f", "cluster.json"},
			{"whatif", "-f", "cluster.json", "--", "kubectl", "taint", "nodes", "--all", "probe=x:NoExecute"},
		} {
			if stdout := speaksTheLocale(t, english, language, args); !strings.Contains(stdout, "NAMESPACE") {
				t.Errorf("%s %s is not grouped:\n%s", language, strings.Join(args, " "), stdout)
			}
		}
	}
}

// speaksTheLocale runs the command line in language and fails the test
// when a piece of the English words shows on standard output or error,
// upstream's own messages left out (upstreamMessage, and the verbatim
// ones given), unless the language's own words hold it too. It returns
// standard output.
func speaksTheLocale(t *testing.T, english []englishWord, language string, args []string, verbatim ...string) string {
	t.Helper()
	ownText := strings.Join(spokenIn(t, language), "\n")
	stdout, stderr := runIn(language, args)
	said := upstreamMessage.ReplaceAllString(stdout+stderr, "")
	for _, v := range verbatim {
		said = strings.ReplaceAll(said, v, "")
	}
	for _, w := range english {
		if w.found.MatchString(said) && !strings.Contains(ownText, w.piece) {
			t.Errorf("%s %s: %q is English:\n%s%s", language, strings.Join(args, " "), w.piece, stdout, stderr)
		}
	}
	return stdout
}

// spokenIn are the templates of a language: the command line's words and
// the engine's explanations.
func spokenIn(t *testing.T, language string) []string {
	t.Helper()
	own, err := words.Templates(language)
	if err != nil {
		t.Fatal(err)
	}
	explanations, err := catalog.Load(language)
	if err != nil {
		t.Fatal(err)
	}
	return append(slices.Collect(maps.Values(own)), slices.Collect(maps.Values(explanations))...)
}
