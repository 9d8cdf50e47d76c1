package editor

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// TestEveryStepFits walks every step at the sizes the app supports: each frame is
// exactly the size given, never wider.
func TestEveryStepFits(t *testing.T) {
	for _, sz := range [][2]int{{60, 12}, {80, 21}, {250, 67}, {20, 5}} {
		f := newFixture(t, sandbox.KeyPersonal)
		f.m.SetSize(sz[0], sz[1])
		f.openDetails(1001)
		for _, k := range []string{"alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7"} {
			f.press(k)
			tuitest.CheckSize(t, f.m.View(), sz[0], sz[1])
		}
		f.press("alt+6", "p")
		tuitest.CheckSize(t, f.m.View(), sz[0], sz[1])
	}
}

func TestGoldenBasics(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(80, 21)
	f.openNew()
	f.typeText("Bike")
	f.press("tab")
	f.typeText("Almost new, with a bell.")
	golden.RequireEqual(t, []byte(f.screen()))
}

func TestGoldenDetails(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(80, 21)
	f.openDetails(1001)
	f.press("tab")
	f.typeText("12 500")
	golden.RequireEqual(t, []byte(f.screen()))
}

func TestGoldenReview(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(80, 21)
	f.openDetails(1001)
	f.press("tab")
	f.typeText("12 500")
	f.press("ctrl+s")
	golden.RequireEqual(t, []byte(f.screen()))
}

// Under NO_COLOR (these goldens have no colour) a select left by the cursor still
// shows its choice, with a mark: colour is not the only one.
func TestGoldenSelectWithoutColour(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(80, 21)
	f.openDetails(1001)
	for range 12 {
		if fld := f.m.forms[stepDetails].form.GetFocusedField(); fld != nil && fld.GetKey() == "attributes.frame_size" {
			break
		}
		f.press("tab")
	}
	f.press("down", "down", "tab")
	if !strings.Contains(f.screen(), "✓ S ") {
		t.Errorf("the chosen option has no mark:\n%s", f.screen())
	}
	golden.RequireEqual(t, []byte(f.screen()))
}
