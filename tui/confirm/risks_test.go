package confirm

import (
	"strings"
	"testing"
)

// Quitting costs what the facts say, in words the user can act on; nothing at risk
// asks nothing.
func TestRisksSayWhatQuittingLoses(t *testing.T) {
	cases := []struct {
		r    AtRisk
		want []string
	}{
		{AtRisk{}, nil},
		{AtRisk{OnEditor: true, Busy: true, Unsent: true}, []string{"the open draft is still uploading"}},
		{AtRisk{Unsent: true}, []string{"the draft you left in the editor is not sent; it is kept"}},
		// The sandbox's one draft is the editor's: said once.
		{AtRisk{OnEditor: true, Unsent: true, Sandbox: true, Drafts: 1}, []string{"the open draft is lost: the sandbox keeps nothing"}},
		{AtRisk{Sandbox: true, Drafts: 3, Job: true}, []string{"a job is running", "3 drafts are lost"}},
		{AtRisk{Drafts: 3}, nil}, // kept on disk
	}
	for _, c := range cases {
		got := Risks(c.r)
		if len(got) != len(c.want) {
			t.Errorf("%+v: %q", c.r, got)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(got[i], w) {
				t.Errorf("%+v: %q, want %q…", c.r, got[i], w)
			}
		}
	}
}
