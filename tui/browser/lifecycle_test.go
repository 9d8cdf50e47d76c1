package browser

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/tui/msgs"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// countedSandbox serves the sandbox (the business account grown to n listings) and
// counts the list requests it receives.
func countedSandbox(t *testing.T, n int) (*api.Client, *atomic.Int64) {
	t.Helper()
	var lists atomic.Int64
	svc := apitest.Serve(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: n}}},
		apitest.Counting(&lists, func(r *http.Request) bool { return r.URL.Path == "/api/v1/my/listings" }))
	return svc.Client(t, sandbox.KeyBusiness), &lists
}

// r pressed five times in a row sends one request: the refresh in flight is joined.
func TestRefreshFiveTimesIsOneRequest(t *testing.T) {
	c, lists := countedSandbox(t, 300)
	m := New(c, "en")
	m.SetSize(100, 30)
	m, _ = loop.Drain(m, m.Init())
	lists.Store(0)
	var cmds []tea.Cmd
	for range 5 {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key("r"))
		cmds = append(cmds, cmd)
	}
	m, _ = loop.Drain(m, tea.Batch(cmds...))
	if n := lists.Load(); n != 1 {
		t.Fatalf("five presses of r sent %d list requests", n)
	}
	if !strings.Contains(tuitest.Screen(m), "[active") {
		t.Fatalf("screen:\n%s", tuitest.Screen(m))
	}
}

// A refresh supersedes the next page in flight: that request is cancelled, so it
// spends nothing when it has not gone out yet, and its answer is never shown.
func TestRefreshCancelsTheNextPage(t *testing.T) {
	f := &blockingLister{fakeLister: fakeLister{data: gen(250, 50000, api.StatusActive)}, started: make(chan struct{}, 1)}
	m := New(f, "en")
	m.SetSize(100, 30)
	m, _ = loop.Drain(m, m.Init())
	f.block.Store(true)
	m, cmd := m.Update(tuitest.Key("G")) // the next page goes out and hangs
	if cmd == nil {
		t.Fatal("G asked for no next page")
	}
	answer := make(chan []tea.Msg, 1)
	go func() { answer <- tuitest.Collect(cmd, tuitest.Is[spinner.TickMsg]) }()
	select {
	case <-f.started:
	case <-time.After(5 * time.Second):
		t.Fatal("the next page was never asked")
	}
	f.block.Store(false)
	m, _ = m.Update(tuitest.Key("r")) // supersedes it
	select {
	case out := <-answer:
		if len(out) != 1 || !errors.Is(out[0].(pageMsg).err, context.Canceled) {
			t.Fatalf("the superseded request ended with %v", out)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the superseded request was not cancelled")
	}
	_ = m
}

// blockingLister hangs a request until its context ends, while block is set.
type blockingLister struct {
	fakeLister
	block   atomic.Bool
	started chan struct{}
}

func (b *blockingLister) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	if b.block.Load() {
		b.started <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return b.fakeLister.ListListings(ctx, p)
}

// Prices of different currencies do not compare: sorted by price, each currency is a
// group of its own, sorted within.
func TestPriceSortKeepsCurrenciesApart(t *testing.T) {
	data := gen(4, 100, api.StatusActive)
	for i, p := range []struct{ price, cur string }{{"100", "USD"}, {"5000", "UAH"}, {"50", "EUR"}, {"100", "UAH"}} {
		data[i].Price, data[i].Currency = price(p.price), p.cur
	}
	f := &fakeLister{data: data}
	m := loaded(t, f, 100, 20)
	m, _ = loop.Press(m, "s", "s") // newest → title → price
	if got := m.order.label(); !strings.HasPrefix(got, "price") {
		t.Fatalf("sorted by %q", got)
	}
	var order []string
	for _, id := range visibleIDs(m) {
		for _, l := range data {
			if l.ID == id {
				order = append(order, l.Price.String()+" "+l.Currency)
			}
		}
	}
	if strings.Join(order, ", ") != "100 UAH, 5000 UAH, 100 USD, 50 EUR" {
		t.Fatalf("price order: %v", order)
	}
}

// The footer offers what applies to the row under the cursor: deactivate for an
// active one, activate for an inactive one, watch for a pending one, no move for a
// blocked one, and no write at all with a read-only key.
func TestFooterOffersWhatApplies(t *testing.T) {
	f := &fakeLister{data: fixture()}
	m := loaded(t, f, 100, 20)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all
	seen := map[api.Status]string{}
	for range len(visibleIDs(m)) {
		if l, ok := m.Selected(); ok {
			var keys []string
			for _, b := range m.KeyMap().ShortHelp() {
				keys = append(keys, b.Help().Desc)
			}
			seen[l.Status] = strings.Join(keys, ",")
		}
		m, _ = loop.Press(m, "down")
	}
	for st, want := range map[api.Status]string{
		api.StatusActive: "deactivate", api.StatusInactive: "activate", api.StatusPending: "watch",
	} {
		if !strings.Contains(seen[st], want) {
			t.Errorf("%s row: footer %q lacks %q", st, seen[st], want)
		}
	}
	if strings.Contains(seen[api.StatusActive], ",activate") || strings.Contains(seen[api.StatusBlocked], "activate") ||
		strings.Contains(seen[api.StatusSold], "activate") {
		t.Errorf("a move that cannot be made is offered: %v", seen)
	}
	m, _ = m.Update(msgs.KeyScopes{Write: false})
	for _, b := range m.KeyMap().ShortHelp() {
		if d := b.Help().Desc; d == "activate" || d == "deactivate" {
			t.Errorf("a read-only key is offered %q", d)
		}
	}
}
