package notice

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// The stack is what the root leaves out of the view: Fit's count, Height and Lines
// agree, in the order banner, notice, wait line.
func TestUnderStacksWhatIsSaid(t *testing.T) {
	now := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	u := NewUnder()
	if n := u.Fit(now, 80, 24); n != 0 || len(u.Lines()) != 0 {
		t.Fatalf("an empty stack takes %d lines: %q", n, u.Lines())
	}
	u.Banner = NewBanner("load the page", errors.New("boom"), Why{}, now, time.Time{})
	u.Notice.Say(Line{Text: "saved"}, false, now)
	u.Waits.Note(api.Wait{For: 42 * time.Second, Until: now.Add(42 * time.Second), PerMinute: 60})
	u.Refresh(now, true)
	n := u.Fit(now, 80, 24)
	lines := u.Lines()
	if n != len(lines) || n != u.Height() || n < 3 {
		t.Fatalf("Fit %d, Height %d, Lines %d", n, u.Height(), len(lines))
	}
	if !strings.Contains(lines[len(lines)-1], "esc gives up") || !strings.Contains(strings.Join(lines, "\n"), "saved") {
		t.Fatalf("the stack's order:\n%s", strings.Join(lines, "\n"))
	}
	u.GiveUp()
	if _, ok := u.Waits.Active(now); ok || u.Wait.Text != "" {
		t.Fatal("a wait given up is still there")
	}
	u.Refresh(now, true)
	if u.Wait.Text != "" {
		t.Fatalf("a given up wait came back: %q", u.Wait.Text)
	}
}

// Without a client nothing waits, and a job's waits never reach the user's line.
func TestUnderShowsTheUsersWaitsOnly(t *testing.T) {
	now := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	u := NewUnder()
	note := u.Waits.Users()
	note(api.Wait{For: time.Minute, Until: now.Add(time.Minute), Background: true})
	if u.Refresh(now, true); u.Wait.Text != "" {
		t.Fatalf("a job's wait is on the user's line: %q", u.Wait.Text)
	}
	note(api.Wait{For: time.Minute, Until: now.Add(time.Minute), PerMinute: 60})
	if u.Refresh(now, false); u.Wait.Text != "" {
		t.Fatalf("a wait without a client: %q", u.Wait.Text)
	}
	if u.Refresh(now, true); u.Wait.Text == "" {
		t.Fatal("the user's wait is not shown")
	}
}

// A notice said stays for Stays and goes at the tick after; a background one waits
// while an answer holds the line.
func TestUnderSaysForAWhile(t *testing.T) {
	now := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	u := NewUnder()
	u.Say("saved", false, false, now)
	u.Say("approved", false, true, now)
	if u.Notice.Text != "saved" {
		t.Fatalf("a background notice replaced the answer: %q", u.Notice.Text)
	}
	u.Tick(now.Add(Hold), 80, 24)
	if u.Notice.Text != "approved" {
		t.Fatalf("after the hold: %q", u.Notice.Text)
	}
	u.Tick(now.Add(Hold+Stays), 80, 24)
	if u.Notice.Text != "" {
		t.Fatalf("after its time: %q", u.Notice.Text)
	}
}
