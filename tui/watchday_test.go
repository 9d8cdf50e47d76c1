package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/watch"
)

// Issue 23, "A shop's day at 10 000 listings": the watch's notices, its list per
// service, and a bulk watch of hundreds.

// grown is a fixture on a sandbox whose business account has n listings, its reviews
// taking delay (listings made pending stay so while the clock moves minutes).
func grown(t *testing.T, n int, delay time.Duration) *fixture {
	t.Helper()
	clk := apitest.ClockAt(start)
	svc := apitest.Serve(t, sandbox.Options{Now: clk.Now, ModerationDelay: delay,
		Grow: []sandbox.Grow{{Key: "business", Listings: n}}})
	c := svc.Client(t, sandbox.KeyBusiness, api.WithClock(clk.Now), api.WithRetry(0, 0))
	t.Cleanup(func() { i18n.Use(i18n.English) }) // as newFixture's: L is the process's
	return &fixture{t: t, clock: clk, ts: svc.Server, client: c}
}

// watching are the fixture's options for the business key with the watch polling.
func watching(f *fixture) Options {
	opts := f.options()
	opts.Key, opts.Sandbox, opts.WatchInterval = sandbox.KeyBusiness, false, watch.DefaultInterval
	opts.JobsDir = f.t.TempDir()
	return opts
}

// active lists n active listings of the fixture's account.
func active(t *testing.T, f *fixture, n int) []api.Listing {
	t.Helper()
	var out []api.Listing
	for page, err := range f.client.AllListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 100}) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Listings...)
		if len(out) >= n {
			return out[:n]
		}
	}
	t.Fatalf("%d active listings, want %d", len(out), n)
	return nil
}

// submit edits the price of each listing, which sends it back to moderation; the clock
// moves a minute every 200 edits, within the key's 600 a minute.
func submit(t *testing.T, f *fixture, ls []api.Listing) {
	t.Helper()
	for i, l := range ls {
		if i > 0 && i%200 == 0 {
			f.clock.Advance(time.Minute)
		}
		r, err := f.client.EditListing(t.Context(), l.ID, &api.ListingEdit{Price: api.Set(api.PriceInt(int64(1000 + i)))})
		if err != nil || r.Status != api.StatusPending {
			t.Fatalf("edit %d: %+v %v", l.ID, r, err)
		}
	}
}

// pending counts the account's listings awaiting moderation.
func pending(t *testing.T, f *fixture) int {
	t.Helper()
	n := 0
	for page, err := range f.client.AllListings(t.Context(), api.ListParams{Status: "all", Limit: 100}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Listings {
			if l.Status == api.StatusPending {
				n++
			}
		}
	}
	return n
}

// Forty decisions that come within a second are one line, and one bell; no line
// says a single listing of them.
func TestDecisionsOfABurstAreOneLine(t *testing.T) {
	f := grown(t, 100, 20*time.Second)
	m := f.model(watching(f), 100, 30)
	var bell bytes.Buffer
	m.bell.Out = &bell
	m, _ = f.settle(m, m.Init())
	ls := active(t, f, 40)
	submit(t, f, ls)
	for _, l := range ls {
		m, _ = f.run(m, msgs.Watch{ID: l.ID, Title: l.Title}) // checked now: pending
	}
	f.clock.Advance(21 * time.Second) // the service decided them all
	for range 40 {                    // the watch finds one a check
		f.clock.Advance(25 * time.Millisecond)
		m, _ = f.run(m, msgs.Tick{})
		lacks(t, m, "was approved", "was blocked")
	}
	if m.watch.M.Summary() != "watch: 40 decided" {
		t.Fatalf("the decisions did not come: %q", m.watch.M.Summary())
	}
	for range 4 {
		f.clock.Advance(time.Second)
		m, _ = f.run(m, msgs.Tick{})
		lacks(t, m, "was approved", "was blocked")
	}
	line := regexp.MustCompile(`(\d+) approved(, (\d+) blocked)? — W to see them`).FindStringSubmatch(flat(m))
	if line == nil {
		t.Fatalf("no line for the decisions:\n%s", tuitest.Screen(m))
	}
	if n, _ := strconv.Atoi(line[1]); n+atoi(line[3]) != 40 {
		t.Errorf("the line counts %q", line[0])
	}
	if bell.String() != "\a" {
		t.Errorf("bell %q, want one", bell.String())
	}
	m, _ = f.press(m, "W")
	if s := tuitest.Screen(m); strings.Count(s, "decided 12:") < 20 {
		t.Errorf("the panel does not show them:\n%s", s)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// The answer to the user's key stays on the notice line for notice.Hold although the
// watch's decisions come meanwhile; they show after it.
func TestAnAnswerOutlastsTheDecisions(t *testing.T) {
	f := grown(t, 60, 20*time.Second)
	m := f.model(watching(f), 100, 30)
	m, _ = f.settle(m, m.Init())
	ls := active(t, f, 2)
	submit(t, f, ls)
	for _, l := range ls {
		m, _ = f.run(m, msgs.Watch{ID: l.ID, Title: l.Title}) // checked now: pending
	}
	f.clock.Advance(21 * time.Second) // the service decided both; the watch looks again
	m, _ = f.press(m, "L")
	said := i18n.T("app.language", "Lang", i18n.Russian.Name()) // in Russian now
	has(t, m, said)
	answered := f.clock.Now()
	for f.clock.Now().Sub(answered) < 4*time.Second-300*time.Millisecond {
		f.clock.Advance(300 * time.Millisecond)
		m, _ = f.run(m, msgs.Tick{})
		has(t, m, said)
		lacks(t, m, "W to see them", "was approved", "was blocked")
	}
	if m.watch.M.Summary() != "watch: 2 decided" {
		t.Fatalf("the decisions did not come meanwhile: %q", m.watch.M.Summary())
	}
	f.clock.Advance(300 * time.Millisecond)
	m, _ = f.run(m, msgs.Tick{})
	if s := flat(m); strings.Contains(s, said) || !strings.Contains(s, "— W to see them") {
		t.Errorf("the decisions do not show after the answer:\n%s", tuitest.Screen(m))
	}
}

// A bulk watch of 666 marked listings is accepted, and is one line of the panel.
func TestBulkWatchOf666IsOneLine(t *testing.T) {
	f := grown(t, 700, 24*time.Hour)
	submit(t, f, active(t, f, 666))
	n := pending(t, f) // and the seed's own
	if n < 666 {
		t.Fatalf("%d pending", n)
	}
	m := f.model(watching(f), 120, 40)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "shift+tab")
	for range 20 { // each G at the end loads the next page
		m, _ = f.press(m, "G")
	}
	m, _ = f.press(m, "*", "w")
	has(t, m, fmt.Sprintf("watching %d marked listings awaiting moderation", n))
	lacks(t, m, "not added", "full")
	m, _ = f.press(m, "W")
	has(t, m, fmt.Sprintf("▸ marked listings: %d pending", n))
	if s := tuitest.Screen(m); strings.Count(s, "◔ pending") != 0 {
		t.Errorf("the listings are lines of their own:\n%s", s)
	}
	m, _ = f.press(m, "enter")
	has(t, m, "Moderation watch › marked listings", "◔ pending")
	m, _ = f.press(m, "esc")
	has(t, m, fmt.Sprintf("▸ marked listings: %d pending", n))
	tuitest.CheckSize(t, m.View(), 120, 40)
}

// The advice of a full watch names a key that does what it says in the panel: c
// clears the decided listings (D, which it named before, opens the drafts).
func TestFullWatchAdviceWorks(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.WatchInterval = 0
	m := f.model(opts, 100, 30)
	m, _ = f.settle(m, m.Init())
	for id := 1; id <= 200; id++ { // the bound of the panel, before and after issue 23
		m, _ = f.run(m, msgs.Watch{ID: id})
	}
	for id := 1; id <= 10; id++ { // ten of them decided, as a poll would find them
		m, _ = f.run(m, msgs.ListingChanged{ID: id, Status: api.StatusActive})
	}
	m, _ = f.run(m, msgs.Watch{ID: 5000})
	has(t, m, "full", "c in the panel (W) clears the decided listings")
	m, _ = f.press(m, "W", "c")
	has(t, m, "Moderation watch", "Removed 10 decided listings")
	m, _ = f.press(m, "esc")
	m, _ = f.run(m, msgs.Watch{ID: 5000})
	has(t, m, "Watching listing 5000")
}

// runPanel runs the app on client (key at its service) with the watch list of before
// at legacy, opens the watch panel and waits for want to show on it.
func runPanel(t *testing.T, f *fixture, c *api.Client, key, legacy string, want ...string) string {
	t.Helper()
	opts := f.options()
	opts.Client, opts.Key, opts.Sandbox, opts.WatchPath, opts.WatchInterval = c, key, false, legacy, 0
	out := &tuitest.SyncBuffer{}
	opts.Input, opts.Output, opts.CrashDir, opts.JobsDir = tuitest.KeyThenWait(t, "W"), out, t.TempDir(), t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, opts) }()
	shows := func() bool {
		s := ansi.Strip(out.String())
		for _, w := range want {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	}
	deadline := time.Now().Add(10 * time.Second)
	for !shows() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	if !shows() {
		t.Errorf("%s with %s…: the watch panel never showed %q:\n%s", c.BaseURL(), key[:12], want, ansi.Strip(out.String()))
	}
	return ansi.Strip(out.String())
}

// The watch list is kept per service and key: what was watched on one is not shown,
// as "not found", on another, nor with another account's key; the list of before is
// taken over by the first service that opens, and said so.
func TestWatchListPerServiceAndKey(t *testing.T) {
	a, b := newFixture(t, sandbox.KeyPersonal, nil), newFixture(t, sandbox.KeyPersonal, nil)
	business, err := api.New(a.ts.URL, api.StaticKey(sandbox.KeyBusiness), api.WithClock(a.clock.Now), api.WithRetry(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	legacy := filepath.Join(dir, "watch.json")
	// The list of before, as a session without profile kept it (one file for all).
	old := `{"version": 1, "entries": [{"id": 999001, "title": "Watched on A", "status": "pending", "added_at": "2026-03-12T12:00:00+02:00"}]}`
	if err := os.WriteFile(legacy, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	// The takeover is said by a notice of its own, which may come a frame after the
	// panel: wait for it too.
	s := runPanel(t, a, a.client, sandbox.KeyPersonal, legacy, "Moderation watch", "Watched on A", "the watch list of before")
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "is now this service's") {
		t.Errorf("the takeover is not said:\n%s", s)
	}
	for _, other := range []struct {
		f   *fixture
		c   *api.Client
		key string
	}{{a, business, sandbox.KeyBusiness}, {b, b.client, sandbox.KeyPersonal}} {
		if s := runPanel(t, other.f, other.c, other.key, legacy, "Moderation watch", "Nothing is watched"); strings.Contains(s, "Watched on A") {
			t.Errorf("%s with %s…: another's list shows:\n%s", other.c.BaseURL(), other.key[:12], s)
		}
	}
	runPanel(t, a, a.client, sandbox.KeyPersonal, legacy, "Moderation watch", "Watched on A")
	for _, f := range []string{"watch.json", "watch.json.migrated"} {
		if _, err := os.Stat(filepath.Join(dir, f)); (f == "watch.json") != errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v", f, err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "watch", "*.json"))
	for _, p := range files {
		raw, _ := os.ReadFile(p)
		if bytes.Contains(raw, []byte(sandbox.KeyPersonal)) || strings.Contains(p, sandbox.KeyPersonal) {
			t.Errorf("%s holds the key", p)
		}
	}
}
