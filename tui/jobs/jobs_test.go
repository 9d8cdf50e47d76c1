package jobs

import (
	"context"
	"fmt"
	"net/http/httptrace"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

const base = "http://service.test"

// fakeSvc answers status changes and edits as the client does: a request past the
// first wrote ones waits for the budget (until its context ends, nothing sent);
// the others are written (the httptrace hook, as net/http calls it) and then, when
// gate is set, held until it gets a token (or is closed), so a test can pause a job
// mid-way.
type fakeSvc struct {
	mu     sync.Mutex
	calls  map[int]int
	refuse map[int]error // a refusal per id
	gate   chan struct{}
	budget api.Budget
	status api.Status // what an edit leaves (pending: back to moderation)
	wrote  int        // requests written so far
	// budgetAfter: the requests past this many wait for the budget; 0 for none.
	budgetAfter int
}

func newFake() *fakeSvc {
	return &fakeSvc{calls: map[int]int{}, refuse: map[int]error{}, status: api.StatusPending,
		budget: api.Budget{PerMinute: 60, PerDay: 1000, Known: true}}
}

func (f *fakeSvc) answer(ctx context.Context, id int) error {
	f.mu.Lock()
	wait := f.budgetAfter > 0 && f.wrote >= f.budgetAfter
	if !wait {
		f.wrote++
	}
	f.mu.Unlock()
	if wait {
		<-ctx.Done() // the budget never frees in this test: only a pause ends it
		return ctx.Err()
	}
	if tr := httptrace.ContextClientTrace(ctx); tr != nil && tr.WroteHeaders != nil {
		tr.WroteHeaders()
	}
	if f.gate != nil {
		<-f.gate
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls[id]++
	return f.refuse[id]
}

func (f *fakeSvc) SetStatus(ctx context.Context, id int, s api.Status) (*api.StatusResult, error) {
	if err := f.answer(ctx, id); err != nil {
		return nil, err
	}
	return &api.StatusResult{ListingID: id, Status: s}, nil
}

func (f *fakeSvc) EditListing(ctx context.Context, id int, _ *api.ListingEdit) (*api.EditResult, error) {
	if err := f.answer(ctx, id); err != nil {
		return nil, err
	}
	return &api.EditResult{ListingID: id, Status: f.status}, nil
}

func (f *fakeSvc) GetListing(_ context.Context, id int, _ string) (*api.ListingDetail, error) {
	return nil, fmt.Errorf("no GET expected for %d", id)
}

func (f *fakeSvc) Budget() api.Budget { return f.budget }

// An import's requests: a create is counted under its title's number past 1000
// ("Row 3" is 1003), an upload under 2000 and up.

func (f *fakeSvc) CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error) {
	var n int
	fmt.Sscanf(l.Title, "Row %d", &n)
	if err := f.answer(ctx, 1000+n); err != nil {
		return nil, err
	}
	return &api.CreateResult{ListingID: 500 + n, Status: f.status, URL: fmt.Sprintf("https://example.test/%d", 500+n)}, nil
}

func (f *fakeSvc) UploadPhoto(ctx context.Context, path string, _ api.Progress) (*api.PhotoResult, error) {
	var n int
	fmt.Sscanf(filepath.Base(path), "p%d.jpg", &n)
	if err := f.answer(ctx, 2000+n); err != nil {
		return nil, err
	}
	return &api.PhotoResult{URL: "https://cdn.test/" + filepath.Base(path), URLWM: "https://cdn.test/wm-" + filepath.Base(path)}, nil
}

func (f *fakeSvc) UploadVideo(context.Context, string, api.Progress) (*api.VideoResult, error) {
	return nil, fmt.Errorf("no video expected")
}

func (f *fakeSvc) Categories(context.Context, string) ([]api.Category, error) { return nil, nil }
func (f *fakeSvc) Attributes(context.Context, int, string) ([]api.Attribute, error) {
	return nil, nil
}
func (f *fakeSvc) SearchCities(context.Context, string, string, int) ([]api.City, error) {
	return nil, nil
}
func (f *fakeSvc) SuggestCategory(context.Context, string, string, string) (*api.Suggestion, error) {
	return nil, nil
}
func (f *fakeSvc) ListListings(context.Context, api.ListParams) (*api.ListPage, error) {
	return &api.ListPage{}, nil
}

func (f *fakeSvc) sent() (total int, twice []int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, n := range f.calls {
		total += n
		if n > 1 {
			twice = append(twice, id)
		}
	}
	return total, twice
}

var now = time.Date(2026, 11, 24, 22, 0, 0, 0, api.Kyiv)

func newPanel(f Service, dir string, scan bool) Model {
	m := New(f, Config{Dir: func() string { return dir }, Scan: scan, BaseURL: base, Now: func() time.Time { return now }})
	m.SetSize(100, 30)
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil } // the test delivers the tick
	return m
}

// items are n listings, ids 1…n, active with a price.
func items(n int) []bulk.Item {
	var out []bulk.Item
	for i := 1; i <= n; i++ {
		out = append(out, bulk.Item{ID: i, Title: fmt.Sprintf("Listing %d", i), Status: api.StatusActive, Price: api.PriceInt(1000), Currency: "UAH"})
	}
	return out
}

func deactivate(n int) msgs.StartJob {
	return msgs.StartJob{Verb: "deactivate", Plan: bulk.Make(items(n), bulk.Action{Status: api.StatusInactive}, api.Budget{}, now)}
}

// startJob starts s and returns the panel once its run began, and the run.
func startJob(t *testing.T, m Model, s msgs.StartJob) (Model, *runner) {
	t.Helper()
	m, cmd := m.Update(s)
	m, _ = m.Update(cmd())
	if m.job.r == nil {
		t.Fatalf("the job did not start: %s", tuitest.Screen(m))
	}
	return m, m.job.r
}

// runLoop runs the panel's commands as the root would: its runs' messages go back
// to it, the rest is what it asks of the root.
var runLoop = tuitest.Loop[Model]{Own: func(msg tea.Msg) bool {
	return tuitest.Is[eventMsg](msg) || tuitest.Is[endMsg](msg) || tuitest.Is[startedMsg](msg) ||
		tuitest.Is[offersMsg](msg) || tuitest.Is[discardedMsg](msg) || tuitest.Is[reportMsg](msg) ||
		tuitest.Is[historyMsg](msg) || tuitest.Is[openedMsg](msg) || tuitest.Is[planMsg](msg)
}}

// resumeRun presses k (p or r), which resumes a job, and runs it to its end.
func resumeRun(m Model, k string) Model {
	m, cmd := m.Update(tuitest.Key(k))
	m, _ = m.Update(cmd())
	m, _ = drain(m, m.job.r)
	return m
}

// freeBudget lets the requests waiting for the budget go.
func (f *fakeSvc) freeBudget() {
	f.mu.Lock()
	f.budgetAfter = 0
	f.mu.Unlock()
}

// drain listens to the run until it ends, and returns what the panel asked of the
// root meanwhile.
func drain(m Model, r *runner) (Model, []tea.Msg) { return runLoop.Drain(m, listen(r)) }

func TestJobProgressRefusalAndRowsInPlace(t *testing.T) {
	f := newFake()
	f.refuse[4] = &api.Error{Status: 422, Code: "listing_blocked", Hint: "a blocked listing cannot be edited"}
	dir := t.TempDir()
	m := newPanel(f, dir, false)
	pc, _ := bulk.ParsePriceChange("", "-10%", "")
	plan := bulk.Make(items(6), bulk.Action{Price: &pc}, api.Budget{}, now)
	m, r := startJob(t, m, msgs.StartJob{Verb: "price", Plan: plan})
	tuitest.Contains(t, m.Summary(), "job: 0/6")
	m, out := drain(m, r)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "price 6 listings", "done", "5 done", "1 failed", "0 left", "Not done (1 listing)",
		"4 “Listing 4”: listing_blocked", "a blocked listing cannot be edited")
	tuitest.CheckExactSize(t, m.View(), 100, 30)
	changed := tuitest.Of[msgs.ListingChanged](out)
	watched := tuitest.Of[msgs.Watch](out)
	if len(changed) != 5 || len(watched) != 5 || changed[0].Status != api.StatusPending ||
		changed[0].Price == nil || changed[0].Price.String() != "900" {
		t.Fatalf("rows told %d, watched %d: %v", len(changed), len(watched), out)
	}
	if n := tuitest.Of[msgs.Notice](out); len(n) == 0 || !strings.Contains(n[len(n)-1].Text, "(price) done: 5 done, 1 not") {
		t.Errorf("no notice of the end: %v", n)
	}
	if m.Summary() != "" {
		t.Errorf("a finished job still in the footer: %q", m.Summary())
	}
	// The journal is in the dir, named as the CLI names jobs, and says the same.
	j, err := bulk.Peek(filepath.Join(dir, m.job.id+".jsonl"))
	if err != nil || !strings.HasSuffix(j.Head.Job, "-price") || j.Head.BaseURL != base {
		t.Fatalf("journal %v %+v", err, j)
	}
	if d, fl, left := j.Counts(); d != 5 || fl != 1 || left != 0 {
		t.Errorf("journal counts %d %d %d", d, fl, left)
	}
}

// TestPauseThenResumeSendsEachOnce pauses a job after four answers: the request
// written is answered and journaled; with budgetAfter, the next ones wait for the
// key's budget and are given up at once, nothing sent, journaled unsent (no GET on
// resume: the fake refuses one). Nothing is left in doubt, and the resume sends each
// item once.
func TestPauseThenResumeSendsEachOnce(t *testing.T) {
	for _, budgetAfter := range []int{0, 5} {
		t.Run(fmt.Sprint("budget after ", budgetAfter), func(t *testing.T) {
			f := newFake()
			f.gate, f.budgetAfter = make(chan struct{}), budgetAfter
			dir := t.TempDir()
			m := newPanel(f, dir, false)
			m, r := startJob(t, m, deactivate(20))
			for range 4 {
				f.gate <- struct{}{}
				m, _ = m.Update(<-r.ch)
			}
			tuitest.Contains(t, tuitest.Screen(m), "running", "4/20")
			m, _ = m.Update(tuitest.Key("p"))
			tuitest.Contains(t, tuitest.Screen(m), "stopping: the requests on their way are answered")
			close(f.gate)
			m, _ = drain(m, r)
			tuitest.Contains(t, tuitest.Screen(m), "paused", "p resumes")
			if !strings.Contains(m.Summary(), "job paused") {
				t.Errorf("footer %q", m.Summary())
			}
			j, err := bulk.Peek(filepath.Join(dir, m.job.id+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range j.Head.Items {
				if j.Outcome(p.ID).State == bulk.InDoubt {
					t.Errorf("item %d left in doubt by a pause", p.ID)
				}
			}
			if done, _, left := j.Counts(); left == 0 || done < 4 || done > 7 {
				t.Fatalf("after a pause %d done, %d left: Workers in flight at most", done, left)
			}
			f.freeBudget()
			m = resumeRun(m, "p")
			tuitest.Contains(t, tuitest.Screen(m), "20 done", "0 left")
			if total, twice := f.sent(); total != 20 || len(twice) != 0 {
				t.Fatalf("%d requests, sent twice: %v", total, twice)
			}
		})
	}
}

func TestCancelKeepsTheJournalAndOffersItNoMore(t *testing.T) {
	f := newFake()
	f.gate = make(chan struct{})
	dir := t.TempDir()
	m := newPanel(f, dir, false)
	m, r := startJob(t, m, deactivate(10))
	f.gate <- struct{}{}
	m, _ = m.Update(<-r.ch)
	m, _ = m.Update(tuitest.Key("c"))
	if !m.Capturing() {
		t.Fatal("the question does not take y and n")
	}
	tuitest.Contains(t, tuitest.Screen(m), "Give the job up?")
	m, _ = m.Update(tuitest.Key("y"))
	close(f.gate)
	m, out := drain(m, r)
	tuitest.Contains(t, tuitest.Screen(m), "cancelled")
	if n := tuitest.Of[msgs.Notice](out); len(n) == 0 || !strings.Contains(n[len(n)-1].Text, "cancelled") {
		t.Errorf("notice %v", n)
	}
	j, err := bulk.Peek(filepath.Join(dir, m.job.id+".jsonl"))
	if err != nil || !j.Cancelled() || j.Resumable() {
		t.Fatalf("journal kept cancelled? %v %+v", err, j)
	}
	// The next start does not offer it.
	m2 := newPanel(f, dir, true)
	m2, out = tuitest.Loop[Model]{Own: tuitest.Is[offersMsg]}.Drain(m2, m2.Init())
	if len(m2.offers) != 0 || len(tuitest.Of[msgs.ShowJobs](out)) != 0 {
		t.Fatalf("a cancelled job offered: %+v", m2.offers)
	}
}

// interrupted leaves in dir the journal of a job on service whose first done items
// were answered, as a kill leaves it.
func interrupted(t *testing.T, dir, service string, n, done int) string {
	t.Helper()
	h := bulk.HeaderOf("", bulk.Make(items(n), bulk.Action{Status: api.StatusInactive}, api.Budget{}, now))
	h.BaseURL = service
	j, err := bulk.CreateJob(dir, "deactivate", now.Add(-time.Duration(n)*time.Minute), h)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= done; id++ {
		if err := j.Sending(id); err != nil {
			t.Fatal(err)
		}
		if err := j.Succeeded(id, api.StatusInactive); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	return j.Head.Job
}

func TestInterruptedJobOfferedAtStartAndResumed(t *testing.T) {
	dir := t.TempDir()
	job := interrupted(t, dir, base+"/", 8, 3)
	interrupted(t, dir, "https://other.test", 5, 1) // another service's: not offered
	f := newFake()
	m := newPanel(f, dir, true)
	m, out := tuitest.Loop[Model]{Own: tuitest.Is[offersMsg]}.Drain(m, m.Init())
	if len(tuitest.Of[msgs.ShowJobs](out)) != 1 {
		t.Fatalf("the panel was not shown: %v", out)
	}
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "job "+job+" was interrupted: 5 of 8 left", "r resume · d discard · esc later")
	tuitest.Lacks(t, s, "of 5 left")
	m = resumeRun(m, "r")
	tuitest.Contains(t, tuitest.Screen(m), "8 done", "0 left")
	tuitest.Lacks(t, tuitest.Screen(m), "was interrupted")
	if total, twice := f.sent(); total != 5 || len(twice) != 0 {
		t.Fatalf("the resume sent %d, twice %v", total, twice)
	}
}

func TestDiscardAnOffer(t *testing.T) {
	dir := t.TempDir()
	interrupted(t, dir, base, 4, 1)
	m := newPanel(newFake(), dir, true)
	loop := tuitest.Loop[Model]{Own: func(msg tea.Msg) bool { return tuitest.Is[offersMsg](msg) || tuitest.Is[discardedMsg](msg) }}
	m, _ = loop.Drain(m, m.Init())
	m, out := loop.Press(m, "d")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "discarded") || len(m.offers) != 0 {
		t.Fatalf("d: %v, offers %v", out, m.offers)
	}
	jobs, _ := bulk.List(dir)
	if len(jobs) != 1 || jobs[0].Resumable() {
		t.Fatalf("the discarded job is still resumable")
	}
}

func TestDailyLimitWaitsForKyivMidnightThenResumes(t *testing.T) {
	f := newFake()
	f.refuse[3] = &api.Error{Status: 429, Code: api.CodeDailyLimitExceeded, Hint: "the day's requests are spent"}
	m := newPanel(f, t.TempDir(), false)
	m, r := startJob(t, m, deactivate(6))
	m, _ = drain(m, r)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "today are spent", "resumes by itself at 00:01 Kyiv (in 2h1m0s)")
	if !strings.Contains(m.Summary(), "waits for midnight") {
		t.Errorf("footer %q", m.Summary())
	}
	if m.job.left == 0 {
		t.Fatal("nothing left after the day's limit")
	}
	// Midnight: the tick resumes the job by itself.
	f.mu.Lock()
	delete(f.refuse, 3)
	f.mu.Unlock()
	m, cmd := m.Update(resumeTickMsg{job: m.job.id, n: m.runs})
	m, _ = m.Update(cmd())
	m, _ = drain(m, m.job.r)
	tuitest.Contains(t, tuitest.Screen(m), "6 done", "0 left")
	if _, twice := f.sent(); len(twice) != 1 || twice[0] != 3 {
		t.Errorf("sent twice: %v (only 3, refused before it was done, is sent again)", twice)
	}
}

func TestPanelFitsAnySize(t *testing.T) {
	f := newFake()
	f.refuse[2] = &api.Error{Status: 422, Code: "listing_blocked", Hint: "a long hint that says what to do about it, which a narrow screen cuts"}
	dir := t.TempDir()
	interrupted(t, dir, base, 4, 1)
	m := newPanel(f, dir, true)
	m, _ = runLoop.Drain(m, m.Init())
	m, r := startJob(t, m, deactivate(6))
	m, _ = drain(m, r)
	for _, size := range [][2]int{{20, 3}, {40, 8}, {60, 13}, {120, 40}} {
		m.SetSize(size[0], size[1])
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
	}
}
