package message

import "testing"

func TestRender(t *testing.T) {
	c := Catalog{
		"taint.tolerated": "toleration #{n} tolerates {taint}",
		"plain":           "no placeholders",
		"unclosed":        "left {open",
		"colon":           "{pod} runs: {why|lower}",
		"kept":            "{pod} runs: {why}",
		"capital":         "The {what}",
	}
	for _, tc := range []struct {
		m    Message
		want string
	}{
		{New("taint.tolerated", "n", "2", "taint", "gpu=true:NoSchedule"), "toleration #2 tolerates gpu=true:NoSchedule"},
		{New("taint.tolerated", "n", "2"), "toleration #2 tolerates {taint}"},
		{New("plain", "n", "1"), "no placeholders"},
		{New("unclosed", "open", "x"), "left {open"},
		{New("missing"), "missing"},
		{New("taint.tolerated", "n", "{taint}", "taint", "t"), "toleration #{taint} tolerates t"},
		{New("taint.tolerated", "n", "3").With("taint", New("unclosed", "open", "x")), "toleration #3 tolerates left {open"},
		{New("plain").With("n", New("missing")), "no placeholders"},
		{New("colon", "pod", "Web").With("why", New("capital", "what", "taint")), "Web runs: the taint"},
		{New("capital").With("what", New("capital", "what", "taint")), "The The taint"},
		{New("kept", "pod", "Web").With("why", New("capital", "what", "taint")), "Web runs: The taint"},
		{New("taint.tolerated", "n", "1").With("taint", New("taint.tolerated", "n", "2", "taint", "inner")), "toleration #1 tolerates toleration #2 tolerates inner"},
	} {
		if got := c.Render(tc.m); got != tc.want {
			t.Errorf("Render(%v) = %q, want %q", tc.m, got, tc.want)
		}
	}
}
