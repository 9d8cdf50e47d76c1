package mirror

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func openTemp(t testing.TB) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// fakeList serves listings from memory, newest (highest id) first, with next_cursor as
// the service does; fail makes the page of that number (from 1) answer an error.
type fakeList struct {
	mu       sync.Mutex
	items    []api.Listing // id descending
	requests int
	onPage   func(n int) // called before a page is answered
	fail     map[int]error
	budget   api.Budget
}

func newFake(n int) *fakeList {
	f := &fakeList{}
	for id := n; id >= 1; id-- {
		city := "Київ"
		f.items = append(f.items, api.Listing{ID: id, Title: fmt.Sprintf("Listing %d", id),
			Price: api.PriceInt(int64(100 * id)), Currency: "UAH", City: &city, Status: api.StatusActive,
			Views: id, CreatedAt: api.Time{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, api.Kyiv).Add(time.Duration(id) * time.Hour)}})
	}
	return f
}

func (f *fakeList) set(id int, fn func(l *api.Listing)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.items {
		if f.items[i].ID == id {
			fn(&f.items[i])
		}
	}
}

func (f *fakeList) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	f.mu.Lock()
	f.requests++
	n := f.requests
	hook := f.onPage
	f.mu.Unlock()
	if hook != nil {
		hook(n)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := f.fail[n]; err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var page []api.Listing
	for _, l := range f.items {
		if p.Cursor > 0 && l.ID >= p.Cursor {
			continue
		}
		if len(page) == p.Limit {
			break
		}
		page = append(page, l)
	}
	out := &api.ListPage{Count: len(page), Listings: page}
	if len(page) == p.Limit {
		next := page[len(page)-1].ID
		out.NextCursor = &next
	}
	return out, nil
}

// budgeted is fakeList with the client's Budget.
type budgeted struct{ *fakeList }

func (b budgeted) Budget() api.Budget {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.budget
}
