package frame

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// The meter says when the limits are only assumed and when another client spends the
// same key; a narrow footer gets the short form.
func TestMeter(t *testing.T) {
	b := api.Budget{UsedMinute: 12, PerMinute: 60, UsedToday: 340, PerDay: 5000}
	if got := meter(b, true); got != "~12/60 min · ~340/5,000 today" {
		t.Errorf("assumed: %q", got)
	}
	b.Known, b.Foreign = true, 25
	if got := meter(b, true); got != "12/60 min · 340/5,000 today (25 by another client)" {
		t.Errorf("known: %q", got)
	}
	if got := meter(b, false); got != "12/60 · 340/5,000" {
		t.Errorf("short: %q", got)
	}
}

// A summary goes before the meter only when it fits with it in half the width, and
// every line is exactly as wide as the screen, its left side cut first.
func TestLinesFitTheWidth(t *testing.T) {
	b := api.Budget{Known: true, UsedMinute: 1, PerMinute: 60, PerDay: 5000}
	if s := ansi.Strip(Status(b, 120, "2 watched")); !strings.HasPrefix(s, "2 watched · ") {
		t.Errorf("wide: %q", s)
	}
	if s := ansi.Strip(Status(b, 70, "2 watched")); strings.Contains(s, "watched") {
		t.Errorf("narrow: %q", s)
	}
	// The running job's word comes first: at 80 columns it stays, the watch's goes.
	if s := ansi.Strip(Status(b, 80, "job: 12/40", "watching 2 · next in 30s")); !strings.HasPrefix(s, "job: 12/40 · ") {
		t.Errorf("job and watch at 80: %q", s)
	}
	for _, w := range []int{20, 40, 80} {
		h := Header("a-very-long-profile-name", Host("https://api.example.com/v1"), "uk", w)
		if ansi.StringWidth(h) != w || !strings.HasSuffix(ansi.Strip(h), "lang uk") {
			t.Errorf("%d: header %q", w, ansi.Strip(h))
		}
	}
	if Host("https://api.example.com/v1") != "api.example.com" || Host("not a url") != "not a url" {
		t.Error("host")
	}
}
