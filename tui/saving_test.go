package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// A draft that cannot be written is said in the banner for as long as it lasts, and
// its recovery too: typing on must not be lost without a word.
func TestDraftSaveFailureIsShown(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.run(m, draftnote.Health{Err: errors.New("open drafts/x.json.tmp: no space left on device")})
	screen := flat(m)
	for _, want := range []string{"save the draft", "no space left on device"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the banner lacks %q:\n%s", want, tuitest.Screen(m))
		}
	}
	m, _ = f.run(m, draftnote.Health{})
	if m.under.Banner != nil || !strings.Contains(flat(m), "drafts are saved again") {
		t.Errorf("after recovery:\n%s", tuitest.Screen(m))
	}
}

var errFull = errors.New("open drafts/x.json.tmp: no space left on device")
