package citypick

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// countingSearcher counts what reaches the real client.
type countingSearcher struct {
	Searcher
	calls int
}

func (c *countingSearcher) SearchCities(ctx context.Context, q, lang string, limit int) ([]api.City, error) {
	c.calls++
	return c.Searcher.SearchCities(ctx, q, lang, limit)
}

// TestSandbox searches the seeded cities through the real client and the in-process
// server: labels, warehouses, languages, apostrophes, the chosen ref, and a service
// that goes away.
func TestSandbox(t *testing.T) {
	service := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(time.Date(2026, 3, 10, 12, 0, 0, 0, api.Kyiv))})
	c := service.Client(t, sandbox.KeyPersonal, api.WithRetry(0, 0))
	svc := &countingSearcher{Searcher: c}
	m := picker(svc, "uk")

	m, out := find(t, m, "київ")
	if len(tuitest.Of[msgs.Error](out)) != 0 {
		t.Fatalf("errors %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "› м. Київ, Київська обл.", "2,480 warehouses")
	m, out = loop.Press(m, "enter")
	if len(out) != 1 || out[0].(Chosen).City.Ref != kyivRef {
		t.Fatalf("enter gave %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "chosen: м. Київ, Київська обл. (ref 8d5a980d…)")

	m, _ = loop.Drain(m, m.SetLang("en"))
	tuitest.Contains(t, tuitest.Screen(m), "› Kyiv (city), Kyiv Oblast")
	m, _ = loop.Drain(m, m.SetLang("uk"))
	if svc.calls != 2 {
		t.Fatalf("%d requests, want 2", svc.calls)
	}

	// Both apostrophes find the same place, with one request.
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "Кам’янське")
	tuitest.Contains(t, tuitest.Screen(m), "› м. Кам'янське, Дніпропетровська обл.")
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "Кам'янське")
	tuitest.Contains(t, tuitest.Screen(m), "› м. Кам'янське, Дніпропетровська обл.")
	if svc.calls != 3 {
		t.Fatalf("%d requests, want 3", svc.calls)
	}

	// A few letters list up to the limit sent; nothing found says what to try.
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "ка")
	if n := len(m.rows); n == 0 || n > resultLimit {
		t.Fatalf("%d rows for “ка”", n)
	}
	tuitest.Contains(t, tuitest.Screen(m), "20 places for “ка” and more may match: type more to narrow")
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "zzqx")
	tuitest.Contains(t, tuitest.Screen(m), "no city matches “zzqx”")

	// The service goes away: the typed text stays, the error says what to do.
	service.Server.Close()
	m, _ = loop.Press(m, "esc")
	m, out = find(t, m, "львів")
	if e := tuitest.Of[msgs.Error](out); len(e) != 1 || !api.IsUnreachable(e[0].Err) {
		t.Fatalf("messages %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "could not search: no answer from the service (dial tcp", "check the connection")
	if m.Query() != "львів" || !strings.Contains(tuitest.Screen(m), "city: львів") {
		t.Fatalf("query %q:\n%s", m.Query(), tuitest.Screen(m))
	}
}
