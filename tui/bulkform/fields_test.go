package bulkform

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// phoneLine is the screen's line of the contact phone.
func phoneLine(t *testing.T, m Model) string {
	t.Helper()
	for _, l := range strings.Split(tuitest.Screen(m), "\n") {
		if strings.Contains(l, "contact phone") {
			return l
		}
	}
	t.Fatalf("no phone line:\n%s", tuitest.Screen(m))
	return ""
}

// The fields form at 80×24 (80×22 for the view, under the root's header and
// footer), on the phone.
func TestGoldenFieldsForm(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 22)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
	m, _ = loop.Press(m, "down", "down", "down")
	tuitest.CheckExactSize(t, m.View(), 80, 22)
	tuitest.Contains(t, phoneLine(t, m), "unchanged (e.g. +380501234567)")
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

// The phone's placeholder and a phone typed are whole at every size, also after a
// resize while the form is open; where the example does not fit, the placeholder is
// "unchanged" alone, not cut.
func TestFieldsFormPhoneIsWholeAtEverySize(t *testing.T) {
	for _, size := range [][2]int{{80, 22}, {60, 13}, {48, 13}} {
		m := newView(personal)
		m.SetSize(100, 30)
		m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
		m.SetSize(size[0], size[1])
		m, _ = loop.Press(m, "down", "down", "down")
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
		l := phoneLine(t, m)
		if !strings.Contains(l, "unchanged") || strings.Contains(l, "…") ||
			(strings.Contains(l, "(e.g.") && !strings.Contains(l, "(e.g. +380501234567)")) {
			t.Errorf("%dx%d: the placeholder is cut: %q", size[0], size[1], l)
		}
		if size[0] >= 60 && !strings.Contains(l, "(e.g. +380501234567)") {
			t.Errorf("%dx%d: the example is left out: %q", size[0], size[1], l)
		}
		m, _ = loop.Type(m, "+380501234567")
		if l := phoneLine(t, m); !strings.Contains(l, "+380501234567") || strings.Contains(l, "…") {
			t.Errorf("%dx%d: the phone is cut: %q", size[0], size[1], l)
		}
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
		s := tuitest.Screen(m)
		tuitest.Contains(t, s, "Only the fields you set are sent")
	}
}
