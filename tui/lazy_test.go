package tui

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// New builds what the first frame shows and what works from the start (the watch,
// the jobs); the other views wait for their first use.
func TestNewBuildsOnlyWhatTheStartNeeds(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.model(f.options(), 100, 30)
	for _, id := range []viewID{viewBrowser, viewWatch, viewJobs} {
		if m.views.Get(id) == nil {
			t.Errorf("view %d not built at start", id)
		}
	}
	for id := range lazyViews {
		if m.views.Get(id) != nil {
			t.Errorf("view %d built before its first use", id)
		}
	}
}

// A view built on its first use is the view it would have been: of the screen's size
// and with the user's keys.
func TestAViewBuiltLaterHasTheSizeAndTheKeys(t *testing.T) {
	f, m := startedWith(t, action.Keymap{"drafts.reload": {"R"}})
	m, _ = f.press(m, "D")
	if m.active != viewDrafts {
		t.Fatalf("D shows view %d", m.active)
	}
	lines := strings.Split(m.views.Get(viewDrafts).View(), "\n")
	if len(lines) != m.viewHeight {
		t.Errorf("the drafts list has %d lines, the screen gives it %d", len(lines), m.viewHeight)
	}
	m, _ = f.press(m, "?")
	has(t, m, "R reload")
}

// A view built after the ping learnt that the key may not write offers no write,
// as the views built before it.
func TestAViewBuiltLaterKnowsTheKeyIsReadOnly(t *testing.T) {
	f := newFixture(t, sandbox.KeyReadonly, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "enter")
	if m.active != viewDetail {
		t.Fatalf("enter shows view %d", m.active)
	}
	if strings.Contains(m.footer, "deactivate") || strings.Contains(m.footer, "activate") {
		t.Errorf("the detail offers a write to a read-only key: %q", m.footer)
	}
}

// In the sandbox, quitting with drafts kept asks first even when the editor was never
// opened (it is built on first use).
func TestQuitAsksForTheSandboxDraftsWithoutAnEditor(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	if err := m.draftStore.Save(draft.New(m.baseURL, m.profile, "uk", f.clock.Now())); err != nil {
		t.Fatal(err)
	}
	m, quit := f.press(m, "q")
	if quit || m.dialog == nil {
		t.Fatalf("quit %v, question %v", quit, m.dialog != nil)
	}
	has(t, m, "1 draft is lost")
}

// A login drops the views built on first use: they were over the other client.
func TestALoginDropsTheViewsBuiltLater(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "enter")
	gen := m.views.Gen(viewDetail)
	m.setClient(f.client)
	if m.views.Get(viewDetail) != nil || m.detail != nil || m.views.Gen(viewDetail) == gen {
		t.Fatal("the detail of before is kept")
	}
	m, _ = f.settle(m, m.addr(viewBrowser, m.browser.M.Init()))
	m, _ = f.press(m, "enter")
	if m.active != viewDetail || m.detail == nil {
		t.Fatalf("enter after the login shows view %d", m.active)
	}
}

// Run's first browser sends its first page's request from New, before the program
// runs Init (browser/early.go); a New of its own (a test's, a login's) sends it from
// Init as before.
func TestRunsFirstPageLeavesFromNew(t *testing.T) {
	var lists atomic.Int64
	f := newFixture(t, sandbox.KeyPersonal, apitest.Counting(&lists, func(r *http.Request) bool {
		return r.URL.Path == "/api/v1/my/listings"
	}))
	opts := f.options()
	opts.early = true
	m := New(opts)
	deadline := time.Now().Add(20 * time.Second)
	for lists.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if lists.Load() != 1 {
		t.Fatalf("%d requests for the first page before Init, want 1", lists.Load())
	}
	m, _ = f.settle(m, m.Init())
	if n := lists.Load(); n != 1 {
		t.Errorf("%d requests for the first page in all, want 1", n)
	}
	tuitest.Contains(t, ansi.Strip(m.View()), "Ремонт квартир")

	lists.Store(0)
	_ = New(f.options())
	time.Sleep(50 * time.Millisecond)
	if n := lists.Load(); n != 0 {
		t.Errorf("a New of a test's sent %d requests before Init", n)
	}
}

// What the first frame does not show waits for it: the first page's request reaches
// the service before the key's ping (batch.AfterFirstFrame), which used to leave
// first and come between the page and the renderer's first write.
func TestTheFirstPageGoesBeforeThePing(t *testing.T) {
	var mu sync.Mutex
	var order []string
	f := newFixture(t, sandbox.KeyPersonal, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			order = append(order, r.URL.Path)
			mu.Unlock()
			h.ServeHTTP(w, r)
		})
	})
	m := f.model(f.options(), 100, 30)
	f.settle(m, m.Init())
	mu.Lock()
	defer mu.Unlock()
	page, ping := slices.Index(order, "/api/v1/my/listings"), slices.Index(order, "/api/v1/ping")
	if page < 0 || ping < 0 || ping < page {
		t.Errorf("requests in the order %v: the first page must go before the ping", order)
	}
}
