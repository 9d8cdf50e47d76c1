package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

const pingBody = `{"ok":true,"message":"pong","key_id":3,"key_prefix":"sk_test_0123","user_id":1001,` +
	`"account_type":"business","scopes":["listings:read"],"scopes_granted":["listings:read"],` +
	`"rate_limit_per_minute":3,"daily_limit":100,"total_requests":77,"server_time":"2026-11-21T10:00:00+02:00",` +
	`"your_ip":"127.0.0.1","requests_this_minute":0,"requests_today":50}`

func budgetServer(t *testing.T) (string, func() int64, func() int64) {
	var pings, others int64
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/ping" {
			pings++
			reply(w, 200, pingBody)
			return
		}
		others++
		reply(w, 200, `{"ok":true,"categories":[]}`)
	})
	return srv.URL, func() int64 { return pings }, func() int64 { return others }
}

// A second process restored from the first one's state knows the limits without a
// ping, counts the day's requests, and waits for the requests of the last minute.
func TestBudgetStateCarriesToTheNextProcess(t *testing.T) {
	clk := newClock()
	url, pings, _ := budgetServer(t)
	first := newClient(t, url, clk)
	if err := first.LearnLimits(context.Background(), time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := first.LearnLimits(context.Background(), time.Hour); err != nil || pings() != 1 {
		t.Fatalf("a second LearnLimits pinged again: %d pings, %v", pings(), err)
	}
	for range 2 {
		if _, err := first.Categories(context.Background(), ""); err != nil {
			t.Fatal(err)
		}
	}
	b, err := json.Marshal(first.BudgetState())
	if err != nil {
		t.Fatal(err)
	}
	var st api.BudgetState
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}

	second := newClient(t, url, clk)
	second.RestoreBudget(st)
	if err := second.LearnLimits(context.Background(), time.Hour); err != nil || pings() != 1 {
		t.Fatalf("the restored client pinged: %d pings, %v", pings(), err)
	}
	got := second.Budget()
	if !got.Known || got.PerMinute != 3 || got.PerDay != 100 || got.UsedToday != 52 || got.UsedMinute != 3 {
		t.Fatalf("restored budget %+v", got)
	}
	var waits []api.Wait
	ctx := api.OnWait(context.Background(), func(w api.Wait) { waits = append(waits, w) })
	if _, err := second.Categories(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if len(waits) != 1 || waits[0].PerMinute != 3 || waits[0].For <= 0 || waits[0].For > 61*time.Second {
		t.Fatalf("waits %+v: the fourth request in a minute of 3 must wait, and say so", waits)
	}

	// Old knowledge is not trusted: past maxAge the limits are learned again, and
	// the next day's count starts afresh.
	clk.Sleep(context.Background(), 25*time.Hour)
	third := newClient(t, url, clk)
	third.RestoreBudget(second.BudgetState())
	if b := third.Budget(); b.UsedToday != 0 || b.UsedMinute != 0 {
		t.Fatalf("a day later: %+v", b)
	}
	if err := third.LearnLimits(context.Background(), time.Hour); err != nil || pings() != 2 {
		t.Fatalf("stale limits were trusted: %d pings, %v", pings(), err)
	}
}

func TestRestoreBudgetIgnoresNonsense(t *testing.T) {
	clk := newClock()
	url, _, _ := budgetServer(t)
	c := newClient(t, url, clk)
	future := clk.Now().Add(time.Hour)
	c.RestoreBudget(api.BudgetState{PerMinute: 600, PerDay: 100000, LearnedAt: future,
		Recent: []time.Time{future, future}, BlockedUntil: future.Add(24 * time.Hour)})
	if b := c.Budget(); b.Known || b.PerMinute != 60 || b.UsedMinute != 0 || !b.MinuteResetsAt.IsZero() {
		t.Fatalf("a state from the future was trusted: %+v", b)
	}
}

// A request given up before it left the machine is not counted: the meter counts
// what was sent. The transport here is cancelled before it writes anything, as a
// superseded request is while it waits for a connection.
func TestCancelledBeforeSendingIsNotCounted(t *testing.T) {
	clk := newClock()
	url, _, others := budgetServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		cancel()
		return nil, r.Context().Err()
	})}
	c := newClient(t, url, clk, api.WithHTTPClient(hc), api.WithRetry(0, 0))
	if _, err := c.Categories(ctx, ""); err == nil {
		t.Fatal("a cancelled call succeeded")
	}
	if b := c.Budget(); b.UsedToday != 0 || b.UsedMinute != 0 || others() != 0 {
		t.Fatalf("budget %+v after a call cancelled before sending (%d sent)", b, others())
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// Every wait of the client is told to its observer, and AbandonWaits gives the waiting
// requests up at once, with nothing sent.
func TestAbandonWaits(t *testing.T) {
	url, _, others := budgetServer(t)
	c, err := api.New(url, api.StaticKey(testKey), api.WithLimits(1, 100))
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan api.Wait, 1)
	c.OnWaits(func(w api.Wait) { waiting <- w })
	if _, err := c.Categories(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Categories(context.Background(), "")
		done <- err
	}()
	w := <-waiting
	if w.For < 50*time.Second || w.PerMinute != 1 {
		t.Fatalf("wait %+v", w)
	}
	c.AbandonWaits()
	select {
	case err := <-done:
		if !errors.Is(err, api.ErrWaitAbandoned) {
			t.Fatalf("err %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the wait was not given up")
	}
	if others() != 1 {
		t.Fatalf("%d requests sent, want the first only", others())
	}
}
