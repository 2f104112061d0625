package cli

import (
	"fmt"
	"io"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// ruleFlagUsage is the --rule flag's help.
const ruleFlagUsage = "a file holding one DeviceTaintRule: print what applying it would do (its blast radius, and for effect None what NoExecute would evict) instead of a kubectl taint command"

// answerRule is `whatif --rule rule.yaml`: the blast radius of applying
// one DeviceTaintRule to the devices of the loaded input
// (engine.DeviceRuleWhatIf), replacing a rule of the same name. Its exit
// status is whatif's: 1 when the rule evicts a pod or leaves a request with
// no device.
func answerRule(env *Env, c *common, l *loaded, path string) int {
	rule, ok := readRule(env, path)
	if !ok {
		return ExitInvalid
	}
	radius := engine.DeviceRuleWhatIf(l.ws.DeviceInput(l.ws.Now), rule)
	if !writeOutput(env, c.output, func(w io.Writer) { writeRuleRadius(w, speechIn(env.Language), &radius) }, radius) {
		return ExitInvalid
	}
	switch {
	case l.invalid():
		return ExitInvalid
	case len(radius.Evicted)+len(radius.Unallocatable) > 0:
		return ExitProblems
	}
	return ExitOK
}

// readRule reads the one DeviceTaintRule of a file, decoded and validated
// as the Nodes editor reads it; its problems are printed at their place.
func readRule(env *Env, path string) (core.DeviceTaintRule, bool) {
	files, err := readInputs([]string{path}, env.Stdin)
	if err == nil && len(files) != 1 {
		err = fmt.Errorf("--rule %s: give one file", path)
	}
	if err != nil {
		printf(env.Stderr, "error: %v\nSee 'taint-playground whatif --help'.\n", err)
		return core.DeviceTaintRule{}, false
	}
	_, inventory, diagnostics := manifest.DecodeInventory(files[0].text, core.NewProblemCap())
	invalid := false
	for i := range diagnostics {
		diagnostics[i].Source.Editor = files[0].name
		invalid = invalid || diagnostics[i].Severity == core.SeverityError
	}
	printDiagnostics(env.Stderr, speechIn(env.Language), diagnostics)
	if n := len(inventory.DeviceTaintRules); !invalid && n != 1 {
		printf(env.Stderr, "error: --rule %s holds %d DeviceTaintRule(s); give one\n", files[0].name, n)
		invalid = true
	}
	if invalid {
		return core.DeviceTaintRule{}, false
	}
	return inventory.DeviceTaintRules[0], true
}

// writeRuleRadius prints a rule's blast radius: the devices it selects, the
// pods it evicts, the requests it leaves without device, for effect None
// The rule's blast radius's words.
const (
	wordSelectsDevices words.ID = "rule.selects-devices"
	wordRuleEvicted    words.ID = "rule.list.evicted"
	wordRuleDryRun     words.ID = "rule.list.dry-run"
	wordNoDeviceLeft   words.ID = "rule.no-device-left"
	wordRequestOfClaim words.ID = "rule.request-of-claim"
	wordKeepsItsDevice words.ID = "rule.keeps-its-device"
	wordRuleStatus     words.ID = "rule.status"
)

// writeRuleRadius prints a rule's blast radius: the devices it selects, the
// pods it evicts, the requests it leaves without device, for effect None
// the dry run, and the status the eviction controller would write (its
// message the controller's own, verbatim).
func writeRuleRadius(w io.Writer, s *speech, r *engine.DeviceRuleRadius) {
	printf(w, "%s\n", s.render(r.Reason))
	s.line(w, wordSelectsDevices, "count", len(r.Devices))
	for _, d := range r.Devices {
		printf(w, "  %s\n", d.String())
	}
	pods := func(title words.ID, list []engine.RadiusPod) {
		s.line(w, wordListPods, "title", s.say(title), "count", len(list))
		for _, p := range list {
			printf(w, "  %s: %s\n", qualified(p.Namespace, p.Name), radiusWords(s, &p))
		}
	}
	pods(wordRuleEvicted, r.Evicted)
	if r.Effect == core.DeviceTaintEffectNone {
		pods(wordRuleDryRun, r.DryRun)
	}
	s.line(w, wordNoDeviceLeft, "count", len(r.Unallocatable))
	for _, q := range r.Unallocatable {
		io.WriteString(w, "  ")
		s.write(w, wordRequestOfClaim, "request", q.Request, "claim", qualified(q.Namespace, q.Claim))
		if q.Allocated {
			s.write(w, wordKeepsItsDevice)
		}
		io.WriteString(w, "\n")
	}
	s.line(w, wordRuleStatus, "type", r.Status.Type, "status", r.Status.Status, "reason", r.Status.Reason, "message", r.Status.Message)
}

// radiusWords is a pod's new verdict in a few words.
func radiusWords(s *speech, p *engine.RadiusPod) string {
	if p.Verdict == engine.VerdictEvictedNow {
		return s.say(wordEvictedNow)
	}
	return s.say(wordEvictedAfter, "seconds", p.Seconds)
}

// qualified writes namespace/name, or the name alone without a namespace.
func qualified(namespace, name string) string {
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}
