package tui

import (
	"bytes"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/msgs"
)

// A decision rings the bell and notifies unless the user watches the panel in this
// window, or asked for quiet.
func TestNudgeOnlyWhenNotLooking(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.Getenv = func(k string) string {
		if k == "TERM_PROGRAM" {
			return "WezTerm"
		}
		return ""
	}
	m := f.model(opts, 100, 30)
	var out bytes.Buffer
	m.bell.Out = &out
	decided := msgs.Notice{Bell: true, Text: "✓ Listing 7 was approved: active"}
	m, _ = f.run(m, decided)
	if out.String() != "\a\x1b]9;✓ Listing 7 was approved: active\a" {
		t.Fatalf("on the list: %q", out.String())
	}
	out.Reset()
	m, _ = f.press(m, "W")
	m, _ = f.run(m, decided)
	if out.Len() != 0 {
		t.Fatalf("on the watch panel, in focus: %q", out.String())
	}
	m, _ = f.run(m, tea.BlurMsg{})
	m, _ = f.run(m, decided)
	if out.Len() == 0 {
		t.Fatal("on the panel in another window: no nudge")
	}
	out.Reset()
	opts.Quiet = true
	q := f.model(opts, 100, 30)
	q.bell.Out = &out
	q, _ = f.run(q, decided)
	if out.Len() != 0 {
		t.Fatalf("quiet: %q", out.String())
	}
}
