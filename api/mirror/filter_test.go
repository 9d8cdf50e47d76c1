package mirror

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// filterFixture is a mirror of nine listings with every part a view filters on:
// categories from two details, prices in two currencies, cities in any case, VIP
// and TOP, and photos none, one, three or unknown (the service did not send them).
func filterFixture(t *testing.T) *DB {
	t.Helper()
	db := openTemp(t)
	f := &fakeList{}
	add := func(id int, city, pr, cur string, vip, top bool, photos []string, st api.Status) {
		p, _ := api.ParsePrice(pr)
		l := api.Listing{ID: id, Title: fmt.Sprintf("Listing %d", id), Price: p, Currency: cur, VIP: vip, Top: top,
			Photos: photos, Status: st}
		if city != "" {
			l.City = &city
		}
		f.items = append(f.items, l)
	}
	one, three := []string{"https://p/1.jpg"}, []string{"https://p/1.jpg", "https://p/2.jpg", "https://p/3.jpg"}
	add(9, "Київ", "100", "UAH", false, false, []string{}, api.StatusActive)
	add(8, "КИЇВ", "250.50", "UAH", true, false, one, api.StatusActive)
	add(7, "Львів", "900", "UAH", false, true, three, api.StatusBlocked)
	add(6, "Kyiv", "250", "USD", true, true, three, api.StatusActive)
	add(5, "", "5000", "UAH", false, false, nil, api.StatusPending)
	add(4, "Одеса", "0", "UAH", false, false, []string{}, api.StatusBlocked)
	add(3, "Ёлкино", "1", "EUR", false, false, one, api.StatusSold)
	add(2, "Харків", "300", "UAH", false, false, []string{}, api.StatusInactive)
	add(1, "київ", "99.99", "UAH", false, false, three, api.StatusActive)
	ctx := context.Background()
	if _, err := db.Sync(ctx, f, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	for id, cat := range map[int]int{8: 30101, 7: 30101, 6: 504} {
		full := api.ListingFull{Listing: f.items[9-id], CategoryID: cat}
		if err := db.PutDetail(ctx, &full, "uk"); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func TestFilterEachPart(t *testing.T) {
	db := filterFixture(t)
	yes, no := true, false
	p := func(v float64) *float64 { return &v }
	for name, c := range map[string]struct {
		f    Filter
		want string
	}{
		"nothing":            {Filter{}, "[9 8 7 6 5 4 3 2 1]"},
		"statuses":           {Filter{Statuses: []api.Status{api.StatusPending, api.StatusBlocked}}, "[7 5 4]"},
		"category":           {Filter{Category: 30101}, "[8 7]"},
		"another category":   {Filter{Category: 504}, "[6]"},
		"price from":         {Filter{PriceMin: p(250)}, "[8 7 6 5 2]"},
		"price to":           {Filter{PriceMax: p(100)}, "[9 4 3 1]"},
		"price range in UAH": {Filter{PriceMin: p(100), PriceMax: p(300), Currency: "uah"}, "[9 8 2]"},
		"city in any case":   {Filter{City: " київ "}, "[9 8 1]"},
		"city folded":        {Filter{City: "елкино"}, "[3]"},
		"promoted":           {Filter{Promoted: &yes}, "[8 7 6]"},
		"not promoted":       {Filter{Promoted: &no}, "[9 5 4 3 2 1]"},
		"no photos":          {Filter{NoPhotos: true}, "[9 4 2]"}, // 5's are unknown: not found
		"at least 1 photo":   {Filter{MinPhotos: 1}, "[8 7 6 3 1]"},
		"at least 3 photos":  {Filter{MinPhotos: 3}, "[7 6 1]"},
		"together":           {Filter{City: "київ", NoPhotos: true, PriceMax: p(150)}, "[9]"},
	} {
		ids, err := db.SearchIDs(context.Background(), Query{Sort: SortID, Filter: c.f})
		if err != nil || fmt.Sprint(ids) != c.want {
			t.Errorf("%s: %v %v, want %s", name, ids, err, c.want)
		}
	}
	cov, err := db.Coverage(context.Background())
	if err != nil || cov.Listed != 9 || cov.Detailed != 3 || cov.Photos != 8 || cov.History.IsZero() {
		t.Errorf("coverage %+v %v", cov, err)
	}
}

// A listing changed since a time is one a sync saw come to its status since then,
// or one created since then; one the first complete sync found in its status, and
// created before, is not known to have changed.
func TestFilterChangedSince(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	f := newFake(4) // created on 1 January 2026, an hour apart
	day := time.Date(2026, 3, 1, 12, 0, 0, 0, api.Kyiv)
	now := day
	o := SyncOptions{Now: func() time.Time { return now }}
	if _, err := db.Sync(ctx, f, o); err != nil {
		t.Fatal(err)
	}
	now = day.Add(72 * time.Hour)
	f.set(3, func(l *api.Listing) { l.Status = api.StatusBlocked })
	f.set(2, func(l *api.Listing) { l.Views += 10 }) // views are no change of status
	f.mu.Lock()
	fresh := api.Listing{ID: 5, Title: "New", Status: api.StatusActive, Currency: "UAH",
		CreatedAt: api.Time{Time: day.Add(-30 * 24 * time.Hour)}} // created long ago, new to the account
	f.items = append([]api.Listing{fresh}, f.items...)
	f.mu.Unlock()
	if _, err := db.Sync(ctx, f, o); err != nil {
		t.Fatal(err)
	}
	ids := func(q Query) string {
		got, err := db.SearchIDs(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(got)
	}
	if got := ids(Query{Sort: SortID, Filter: Filter{ChangedSince: day.Add(24 * time.Hour)}}); got != "[5 3]" {
		t.Errorf("changed in the last two days: %s, want [5 3]", got)
	}
	blocked := Filter{Statuses: []api.Status{api.StatusBlocked}, ChangedSince: now.Add(-7 * 24 * time.Hour)}
	if got := ids(Query{Filter: blocked}); got != "[3]" {
		t.Errorf("blocked this week: %s", got)
	}
	// Before the mirror's first sync only the creation dates speak.
	if got := ids(Query{Sort: SortID, Filter: Filter{ChangedSince: time.Date(2026, 1, 1, 2, 30, 0, 0, api.Kyiv)}}); got != "[5 4 3]" {
		t.Errorf("changed since 1 January 02:30: %s, want [5 4 3]", got)
	}
	if cov, _ := db.Coverage(ctx); !cov.History.Equal(day) {
		t.Errorf("history from %v, want %v", cov.History, day)
	}
}

// A file of schema 4 gets each listing's status time from its history and its
// category from the detail it kept.
func TestMigrationFillsStatusTimeAndCategory(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	_, err := db.conn().ExecContext(ctx, `INSERT INTO syncs (id, started, finished, complete) VALUES (1, 100, 150, 1);
		INSERT INTO listings (id, status, first_seen, detail) VALUES
			(1, 'blocked', 100, '{"category_id": 42}'), (2, 'active', 100, NULL), (3, 'active', 200, NULL);
		INSERT INTO history VALUES (1, 1, 100, 0, 'active'), (1, 2, 300, 0, 'blocked'), (1, 3, 400, 5, 'blocked'),
			(2, 1, 100, 0, 'active');
		UPDATE listings SET status_at = NULL, category_id = NULL;`)
	must(t, err)
	// Migration 5's updates again, as a file of schema 4 runs them.
	var updates []string
	for _, st := range strings.Split(migrations[4], ";") {
		if strings.HasPrefix(strings.TrimSpace(st), "UPDATE") {
			updates = append(updates, st)
		}
	}
	_, err = db.conn().ExecContext(ctx, strings.Join(updates, ";"))
	must(t, err)
	rows, err := db.conn().QueryContext(ctx, "SELECT id, ifnull(status_at, -1), ifnull(category_id, -1) FROM listings ORDER BY id")
	must(t, err)
	defer rows.Close()
	var got []string
	for rows.Next() {
		var id, at, cat int
		must(t, rows.Scan(&id, &at, &cat))
		got = append(got, fmt.Sprint(id, ":", at, ":", cat))
	}
	if want := "[1:300:42 2:-1:-1 3:200:-1]"; fmt.Sprint(got) != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

// The view queries a support desk and a shop keep read an index at 10 000 listings,
// not every row with its detail.
func TestViewQueriesReadAnIndex(t *testing.T) {
	db := openTemp(t)
	for name, q := range map[string]Query{
		"blocked this week": {Filter: Filter{Statuses: []api.Status{api.StatusBlocked}, ChangedSince: time.Now()}},
		"changed this week": {Filter: Filter{ChangedSince: time.Now()}},
		"a category":        {Filter: Filter{Category: 30101}},
		"a city":            {Filter: Filter{City: "Київ"}},
		"no photos":         {Filter: Filter{NoPhotos: true}},
	} {
		where, args := q.where()
		plan := queryPlan(t, db, "SELECT id FROM listings"+where+q.orderBy(), args...)
		if !strings.Contains(plan, "INDEX listings_") {
			t.Errorf("%s: %s", name, plan)
		}
	}
}

// BenchmarkViewQuery is a saved view's query over 10 000 listings: the ids of its
// listings in its order, as the app reads them for a view's tab.
func BenchmarkViewQuery(b *testing.B) {
	db := benchMirror(b)
	ctx := context.Background()
	// Every tenth listing blocked yesterday, the details of a third kept.
	_, err := db.conn().ExecContext(ctx, `UPDATE listings SET status = 'blocked', status_at = ? WHERE id % 10 = 0;
		UPDATE listings SET category_id = 30101 + id % 7 WHERE id % 3 = 0`, time.Now().Add(-24*time.Hour).Unix())
	if err != nil {
		b.Fatal(err)
	}
	week := time.Now().Add(-7 * 24 * time.Hour)
	yes := true
	lo, hi := 1000.0, 20000.0
	for name, q := range map[string]Query{
		"blocked this week": {Sort: SortCreated, Filter: Filter{Statuses: []api.Status{api.StatusBlocked}, ChangedSince: week}},
		"changed this week": {Sort: SortViews, Filter: Filter{ChangedSince: week}},
		"no photos":         {Status: api.StatusActive, Sort: SortViews, Filter: Filter{NoPhotos: true}},
		"category":          {Sort: SortPrice, Filter: Filter{Category: 30103}},
		"price and city":    {Sort: SortPrice, Filter: Filter{PriceMin: &lo, PriceMax: &hi, City: "полтава"}},
		"promoted":          {Sort: SortViews, Filter: Filter{Promoted: &yes}},
		"words and photos":  {Text: "samsung", Sort: SortViews, Filter: Filter{MinPhotos: 2}},
	} {
		b.Run(name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				ids, err := db.SearchIDs(ctx, q)
				if err != nil {
					b.Fatal(err)
				}
				n = len(ids)
			}
			b.ReportMetric(float64(n), "ids")
		})
	}
}
