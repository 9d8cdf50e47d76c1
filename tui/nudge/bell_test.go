package nudge

import (
	"bytes"
	"testing"
)

// The bell and the notification go to the terminal unless the user asked for quiet
// or watches the panel in a window with focus.
func TestRingOnlyWhenNotLooking(t *testing.T) {
	var out bytes.Buffer
	b := Bell{Out: &out, Term: Terminal{Kind: OSC9}, Focused: true}
	if cmd := b.Ring("approved", false); cmd == nil || cmd() != nil || out.String() != "\a\x1b]9;approved\a" {
		t.Fatalf("not watching: %q", out.String())
	}
	out.Reset()
	if b.Ring("approved", true) != nil {
		t.Fatal("watching in focus: a nudge")
	}
	b.Focused = false
	if b.Ring("approved", true) == nil {
		t.Fatal("watching in another window: no nudge")
	}
	b.Quiet = true
	if b.Ring("approved", false) != nil {
		t.Fatal("quiet: a nudge")
	}
}
