package manifest

import (
	"sort"
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
)

// What a decode reports: every step adds its problems through report or
// add, which keep them under the decode's cap (core.ProblemCap) and keep an
// object's errors for its Rejected; sorted lists them when the text is read.

// report adds a diagnostic whose message names the line and the field:
// "line 12: spec.tolerations[0].tolerationSeconds: 9223372036854775808
// overflows int64".
func (d *decoder) report(severity, code string, src core.Source, msg string) {
	if src.Field != "" {
		msg = src.Field + ": " + msg
	}
	d.add(severity, code, src, msg, "")
}

// add adds a diagnostic whose message already names the field, after the
// line, and a hint of ours after it: "line 12: unknown field
// \"spec.toleration\"; did you mean \"tolerations\"?". An error that means
// the apiserver would refuse the object being read (CodeDecode, CodeStrict,
// CodeInvalid)
// is also kept, without the line and the hint, for the object's Rejected,
// whether or not the diagnostic is listed: d.problems decides that, and past
// its cap only counts, so memory stays bounded.
func (d *decoder) add(severity, code string, src core.Source, msg, hint string) {
	src.Editor = d.editor
	if severity == core.SeverityError && (code == core.CodeDecode || code == core.CodeStrict || code == core.CodeInvalid) {
		d.rejected = append(d.rejected, msg)
	}
	diag := core.Diagnostic{Severity: severity, Code: code, Message: msg + hint, Source: src}
	if !d.problems.Admit(&diag) {
		return
	}
	if src.Line > 0 {
		diag.Message = "line " + strconv.Itoa(src.Line) + ": " + diag.Message
	}
	d.diags = append(d.diags, diag)
}

// objectRejections returns the errors reported since the object being
// read began (eachObject), for its Rejected.
func (d *decoder) objectRejections() []string {
	rejected := d.rejected
	d.rejected = nil
	return rejected
}

// sorted returns the diagnostics in line order; kubectl commands run after
// the whole text is read, so theirs come last otherwise.
func (d *decoder) sorted() []core.Diagnostic {
	if d.notes {
		d.diags = append(d.diags, d.problems.Notes()...)
	}
	sort.SliceStable(d.diags, func(i, j int) bool { return d.diags[i].Source.Line < d.diags[j].Source.Line })
	return d.diags
}
