package mirror

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestSyncRecordsHistoryOnlyOnChangeAndMarksGone(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	f := newFake(250)
	day := time.Date(2026, 11, 1, 12, 0, 0, 0, api.Kyiv)
	clock := day
	o := SyncOptions{Now: func() time.Time { return clock }}
	res, err := db.Sync(ctx, f, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 3 || res.Listings != 250 || res.Added != 250 || !res.Complete {
		t.Fatalf("first sync %+v", res)
	}
	clock = day.AddDate(0, 0, 1)
	f.set(10, func(l *api.Listing) { l.Views += 5 })
	f.set(20, func(l *api.Listing) { l.Status = api.StatusInactive })
	f.mu.Lock()
	f.items = f.items[1:] // listing 250 is deleted on the site
	f.mu.Unlock()
	res, err = db.Sync(ctx, f, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Changed != 2 || res.Gone != 1 || res.Added != 0 || res.Listings != 249 {
		t.Fatalf("second sync %+v", res)
	}
	var rows int
	must(t, db.conn().QueryRow("SELECT count(*) FROM history").Scan(&rows))
	if rows != 252 {
		t.Errorf("%d history rows, want 250 first ones and 2 changes", rows)
	}
	if n, _ := db.Count(ctx); n != 249 {
		t.Errorf("%d listed", n)
	}
	r, _, ok, _ := db.Get(ctx, 250)
	if !ok || r.Gone.IsZero() {
		t.Errorf("250 not gone: %+v", r)
	}
	r, _, _, _ = db.Get(ctx, 10)
	if r.Views != 15 || r.Views7d != 5 {
		t.Errorf("listing 10: views %d, 7d %d", r.Views, r.Views7d)
	}
	st, ok, err := db.StatsOf(ctx, 10, clock)
	if err != nil || !ok {
		t.Fatal(err)
	}
	if st.Gained7 != 5 || st.Last7[6].Gained != 5 || st.Last7[5].Gained != 0 || !st.Last7[5].Known || st.Last7[4].Known {
		t.Errorf("stats %+v", st.Last7)
	}
	if len(st.Daily) != 2 || st.Daily[0] != 10 || st.Daily[1] != 15 {
		t.Errorf("daily %v", st.Daily)
	}
}

// A sync cut off between pages (Ctrl+C, a kill) leaves the pages it stored whole and
// its row incomplete; gone is never marked from it; the next sync starts over.
func TestSyncCancelledMidwayLeavesAConsistentMirror(t *testing.T) {
	db := openTemp(t)
	f := newFake(1000)
	ctx, cancel := context.WithCancel(context.Background())
	f.onPage = func(n int) {
		if n == 4 {
			cancel()
		}
	}
	res, err := db.Sync(ctx, f, SyncOptions{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if res.Complete || res.Requests != 3 {
		t.Errorf("result %+v", res)
	}
	bg := context.Background()
	last, ok, _ := db.LastSync(bg)
	if !ok || last.Complete || last.Requests != 3 || last.Listings != 300 || last.Error != "interrupted" {
		t.Errorf("sync row %+v", last)
	}
	if n, _ := db.Count(bg); n != 300 {
		t.Errorf("%d listings stored", n)
	}
	var check string
	must(t, db.conn().QueryRow("PRAGMA integrity_check").Scan(&check))
	if check != "ok" {
		t.Error(check)
	}
	f.onPage = nil
	res, err = db.Sync(bg, f, SyncOptions{})
	if err != nil || !res.Complete || res.Listings != 1000 || res.Added != 700 || res.Gone != 0 {
		t.Fatalf("next sync %+v %v", res, err)
	}
}

func TestSyncStopsOnAFailedPage(t *testing.T) {
	db := openTemp(t)
	f := newFake(500)
	f.fail = map[int]error{2: &api.Error{Status: 503, Code: "internal_error"}}
	res, err := db.Sync(context.Background(), f, SyncOptions{})
	if err == nil || res.Complete || !strings.Contains(err.Error(), "internal_error") {
		t.Fatalf("%+v %v", res, err)
	}
	if n, _ := db.Count(context.Background()); n != 100 {
		t.Errorf("%d stored", n)
	}
}

// The day's last fifth is the user's: a sync that would need it does not start, and
// one that reaches it stops. The minute's last fifth is the client's to keep: every
// page is asked for as background work (api.Background).
func TestSyncKeepsTheReserve(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	f := newFake(300)
	b := budgeted{f}
	f.budget = api.Budget{PerMinute: 60, PerDay: 5000, UsedToday: 4000}
	_, err := db.Sync(ctx, b, SyncOptions{})
	var short *BudgetShortError
	if !errors.As(err, &short) || f.requests != 0 {
		t.Fatalf("err %v after %d requests", err, f.requests)
	}
	if !strings.Contains(err.Error(), "fifth") {
		t.Errorf("message %q", err)
	}
	f.budget.UsedToday = 3998
	f.onPage = func(int) { f.budget.UsedToday++ }
	res, err := db.Sync(ctx, b, SyncOptions{})
	if !errors.As(err, &short) || res.Requests != 2 || res.Complete {
		t.Fatalf("%+v %v", res, err)
	}

	f.budget = api.Budget{PerMinute: 60, PerDay: 5000, UsedMinute: 59}
	f.onPage = nil
	bg := 0
	rec := listerFunc(func(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
		if api.IsBackground(ctx) {
			bg++
		}
		return b.ListListings(ctx, p)
	})
	if res, err := db.Sync(ctx, struct {
		Lister
		budgeter
	}{rec, b}, SyncOptions{}); err != nil || !res.Complete || bg != 4 {
		t.Fatalf("%+v %v; %d of the pages asked for in the background, want 4", res, err, bg)
	}
}

// A key of one request a minute, or a few a day, still syncs: the reserve is never
// the whole budget. (The sync waited for a fifth of one request a minute before,
// for ever.)
func TestSyncOnATinyKey(t *testing.T) {
	for _, c := range []struct {
		budget   api.Budget
		listings int
	}{{api.Budget{PerMinute: 1, PerDay: 5000}, 150}, {api.Budget{PerMinute: 60, PerDay: 1}, 50}} {
		db := openTemp(t)
		f := newFake(c.listings)
		f.budget = c.budget
		f.onPage = func(int) { f.budget.UsedToday++ }
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // bounds a hang, times nothing
		res, err := db.Sync(ctx, budgeted{f}, SyncOptions{})
		cancel()
		if err != nil || !res.Complete || res.Listings != c.listings {
			t.Errorf("budget %+v: %+v %v", c.budget, res, err)
		}
	}
}

func TestSyncAsksForTheFewestFieldsOfEveryState(t *testing.T) {
	db := openTemp(t)
	var got []api.ListParams
	rec := listerFunc(func(_ context.Context, p api.ListParams) (*api.ListPage, error) {
		got = append(got, p)
		return &api.ListPage{}, nil
	})
	if _, err := db.Sync(context.Background(), rec, SyncOptions{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Status != api.StatusAll || got[0].Limit != 100 || got[0].Lang != "en" ||
		fmt.Sprint(got[0].Fields) != fmt.Sprint(SyncFields) {
		t.Errorf("%+v", got)
	}
}

type listerFunc func(context.Context, api.ListParams) (*api.ListPage, error)

func (f listerFunc) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	return f(ctx, p)
}
