package draftnote

import (
	"testing"

	"github.com/listings-tui/listings/tui/draft"
)

// The count says nothing of none, and the right word of one and of several.
func TestCountSaysTheUnsentDrafts(t *testing.T) {
	for n, want := range map[int]string{0: "", 1: "1 unsent draft: D lists them", 3: "3 unsent drafts: D lists them"} {
		if got := (Count{n}).Notice(); got != want {
			t.Errorf("Count{%d}.Notice() = %q, want %q", n, got, want)
		}
	}
}

// The saver's banner is told from another by its operation.
func TestTheFailingSaversBannerIsKnown(t *testing.T) {
	if !IsFailing(FailingOp()) || IsFailing("load the page") {
		t.Fatal("the failing saver's banner is not told apart")
	}
}

// A store with no drafts of the service counts none.
func TestCountUnsentReadsTheStore(t *testing.T) {
	store := draft.OpenStore(t.TempDir())
	if got := CountUnsent(store, "https://example.test")(); got != (Count{0}) {
		t.Fatalf("an empty store: %#v", got)
	}
}
