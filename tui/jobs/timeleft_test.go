package jobs

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

var timeLeftLine = regexp.MustCompile(`time left: about (\S+)`)

// timeLeftOn is the time left the panel shows.
func timeLeftOn(t *testing.T, m Model) time.Duration {
	t.Helper()
	s := tuitest.Screen(m)
	l := timeLeftLine.FindStringSubmatch(s)
	if l == nil {
		t.Fatalf("no time left shown:\n%s", s)
	}
	d, err := time.ParseDuration(l[1])
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The panel: a job of 1 333 under a 600-a-minute key whose minute is spent
// showed "time left: about 2m0s" from 212/1333 to 556/1333. The time left follows
// the job: it falls between two answers, and between ticks of the clock.
func TestTimeLeftFollowsTheJob(t *testing.T) {
	f := newFake()
	f.gate = make(chan struct{}) // the run's own answers wait: the test tells the panel
	clock := now
	f.budget = api.Budget{PerMinute: 600, PerDay: 100000, Known: true}
	m := New(f, Config{Dir: func() string { return t.TempDir() }, BaseURL: base, Now: func() time.Time { return clock }})
	m.SetSize(100, 30)
	m, r := startJob(t, m, deactivate(1333))
	t.Cleanup(func() { r.cancel(); close(f.gate) })
	answer := func(done int) {
		f.budget.UsedMinute, f.budget.MinuteResetsAt = min(done, 600), now.Add(time.Minute)
		m, _ = m.Update(eventMsg{job: r.job, n: r.n, done: done, left: 1333 - done})
	}
	for done := 1; done <= 212; done++ {
		clock = clock.Add(10 * time.Millisecond)
		answer(done)
	}
	at212 := timeLeftOn(t, m)
	tuitest.Contains(t, tuitest.Screen(m), "212/1333")
	clock = clock.Add(30 * time.Second)
	m, _ = m.Update(msgs.Tick{At: clock})
	ticked := timeLeftOn(t, m)
	for done := 213; done <= 556; done++ {
		clock = clock.Add(10 * time.Millisecond)
		answer(done)
	}
	at556 := timeLeftOn(t, m)
	tuitest.Contains(t, tuitest.Screen(m), "556/1333")
	if !(ticked < at212 && at556 < ticked) {
		t.Errorf("time left %s at 212/1333, %s 30s later, %s at 556/1333: it must fall", at212, ticked, at556)
	}
}

// After a cancel the footer no longer says the job goes on: esc only goes back.
func TestFooterAfterACancel(t *testing.T) {
	f := newFake()
	f.gate = make(chan struct{})
	m := newPanel(f, t.TempDir(), false)
	m, r := startJob(t, m, deactivate(10))
	if h := helpOf(m); !strings.Contains(h, "esc back (the job goes on)") {
		t.Errorf("running: %q", h)
	}
	f.gate <- struct{}{}
	m, _ = m.Update(<-r.ch)
	m, _ = m.Update(tuitest.Key("c"))
	m, _ = m.Update(tuitest.Key("y"))
	if h := helpOf(m); !strings.Contains(h, "esc back (the job is being cancelled)") {
		t.Errorf("cancelling: %q", h)
	}
	close(f.gate)
	m, _ = drain(m, r)
	tuitest.Contains(t, tuitest.Screen(m), "cancelled")
	if h := helpOf(m); strings.Contains(h, "goes on") || !strings.HasSuffix(h, "esc back") {
		t.Errorf("after a cancel the footer says %q", h)
	}
}

// helpOf is the footer the root draws of the panel's keys.
func helpOf(m Model) string {
	var parts []string
	for _, b := range m.KeyMap().ShortHelp() {
		parts = append(parts, b.Help().Key+" "+b.Help().Desc)
	}
	return strings.Join(parts, " · ")
}

// The interrupted job offered at start at 80×24: the keys and what they do are whole
// (they were cut to "r resume · d disc…" after a job's id).
func TestGoldenOffer(t *testing.T) {
	dir := t.TempDir()
	interrupted(t, dir, base, 40, 12)
	m := newPanel(newFake(), dir, true)
	m.SetSize(80, 24)
	m, _ = tuitest.Loop[Model]{Own: tuitest.Is[offersMsg]}.Drain(m, m.Init())
	tuitest.CheckExactSize(t, m.View(), 80, 24)
	tuitest.Contains(t, tuitest.Screen(m), "r resume · d discard · esc later")
	golden.RequireEqual(t, []byte(m.View()))
}
