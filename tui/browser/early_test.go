package browser

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// signalLister tells when a page is asked for, and may panic.
type signalLister struct {
	fakeLister
	asked chan struct{}
	fault bool
}

func (s *signalLister) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	s.asked <- struct{}{}
	if s.fault {
		panic("the lister broke")
	}
	return s.fakeLister.ListListings(ctx, p)
}

// StartFirstPage sends the first page's request before Init runs, and Init's command
// yields its answer without sending it again.
func TestStartFirstPageSendsItBeforeInit(t *testing.T) {
	l := &signalLister{fakeLister: fakeLister{data: gen(30, 30, api.StatusActive)}, asked: make(chan struct{}, 4)}
	m := New(l, "uk")
	m.SetSize(100, 20)
	m.StartFirstPage()
	m.StartFirstPage() // once is enough
	select {
	case <-l.asked:
	case <-time.After(10 * time.Second):
		t.Fatal("StartFirstPage sent no request")
	}
	pages := tuitest.Of[pageMsg](tuitest.Collect(m.Init(), tuitest.Is[spinner.TickMsg]))
	if len(pages) != 1 || pages[0].err != nil {
		t.Fatalf("Init gave %d pages (%v), want the one started early", len(pages), pages)
	}
	if n := l.nCalls(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	m, _ = m.Update(pages[0])
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00030", "Listing 00029")
}

// A panic in the early request is raised by Init's command, which the app runs under
// its crash guard, not on a goroutine of its own where nothing would restore the
// terminal.
func TestAPanicInTheEarlyRequestComesFromInitsCommand(t *testing.T) {
	l := &signalLister{asked: make(chan struct{}, 4), fault: true}
	m := New(l, "uk")
	m.StartFirstPage()
	<-l.asked
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "the lister broke") {
			t.Errorf("recovered %v, want the lister's panic", r)
		}
	}()
	tuitest.Collect(m.Init(), tuitest.Is[spinner.TickMsg])
	t.Error("Init's command did not panic")
}
