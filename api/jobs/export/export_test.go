package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

const detailJSON = `{"id":7,"title":"Велосипед «Львів»","price":"1250.50","currency":"UAH","condition":"used",
"city":"Львів","status":"active","views":3,"vip":false,"top":true,"photos":["https://m/1.webp","https://m/2.webp"],
"url":"https://market/l/7","created_at":"2026-11-20 10:00:00","description":"Опис\nу два рядки","city_ref":"ref-1",
"category_id":42,"category_path":"Спорт > Велосипеди","price_type":"sell","contact_name":"Олег","contact_phone":"+380501234567",
"hide_phone":true,"photos_3d":["https://m/3d/1.webp"],"video_url":"https://m/v.mp4",
"attributes":{"brand":"giant","year":2019,"weight":12.75,"electric":false,"height":{"from":165,"to":180},"rim":{"from":26},"odd":[1,2]}}`

func TestRowFollowsTheContract(t *testing.T) {
	var l api.ListingFull
	if err := json.Unmarshal([]byte(detailJSON), &l); err != nil {
		t.Fatal(err)
	}
	cols := export.Columns([]string{"year", "brand", "weight", "electric", "height", "rim", "odd"})
	row := export.Row(nil, cols, &l)
	got := map[string]any{}
	for i, c := range cols {
		got[c] = row[i]
	}
	want := map[string]any{
		"id": 7, "title": "Велосипед «Львів»", "price": sheet.Number("1250.50"), "category_id": 42,
		"category_path": "Спорт > Велосипеди", "city": "Львів", "city_ref": "ref-1", "hide_phone": true,
		"contact_name": "Олег", "video": "https://m/v.mp4", "description": "Опис\nу два рядки",
		"attr.brand": "giant", "attr.year": sheet.Number("2019"), "attr.weight": sheet.Number("12.75"),
		"attr.electric": false, "attr.height": "165-180", "attr.rim": "26-", "attr.odd": "[1,2]",
		"views": 3, "top": true, "condition": "used",
	}
	for c, w := range want {
		if got[c] != w {
			t.Errorf("%s: %#v, want %#v", c, got[c], w)
		}
	}
	if p, _ := got["photos"].([]string); len(p) != 2 {
		t.Errorf("photos %#v", got["photos"])
	}
	if at, _ := got["created_at"].(time.Time); at.In(api.Kyiv).Format(time.DateTime) != "2026-11-20 10:00:00" {
		t.Errorf("created_at %v", got["created_at"])
	}
	// The attributes are sorted between the detail's columns and the list's.
	if i := strings.Index(strings.Join(cols, ","), "video,video_thumbnail,attr.brand,attr.electric,attr.height"); i < 0 {
		t.Errorf("columns %v", cols)
	}

	// A list listing that lacks a field (a fields filter): empty, not a zero.
	var short api.Listing
	if err := json.Unmarshal([]byte(`{"id":8,"title":"Стіл","views":"many"}`), &short); err != nil {
		t.Fatal(err)
	}
	row = export.ListRow(nil, export.ListColumns, &short)
	for i, c := range export.ListColumns {
		if c != "id" && c != "title" && row[i] != nil {
			t.Errorf("%s: %#v for a field not sent or unreadable", c, row[i])
		}
	}
}

// shop is the sandbox's personal account with n more listings; after allow details
// the day's budget is spent (until lift), and every detail GET is counted.
type shop struct {
	client  *api.Client
	clk     *apitest.Clock // nil in a synctest bubble
	pages   atomic.Int64   // list pages asked for
	gets    atomic.Int64   // details let through
	allow   atomic.Int64
	refused atomic.Int64 // answered 429, by the sandbox or by allow
	connect func()       // a new client, as a new process makes
}

// newShop serves the account of the sandbox key named account grown to n listings;
// after allow details the day's budget is spent (until allow is raised).
func newShop(t *testing.T, account string, n int, allow int64) *shop {
	t.Helper()
	return openShop(t, apitest.NewClock(), account, n, allow)
}

// openShop is newShop on clk; nil serves it in-process, for a synctest bubble.
func openShop(t *testing.T, clk *apitest.Clock, account string, n int, allow int64) *shop {
	t.Helper()
	srv := apitest.Sandbox(t, clk, sandbox.Grow{Key: account, Listings: n})
	s := &shop{clk: clk}
	s.allow.Store(allow)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/my/listings" {
			s.pages.Add(1)
		}
		if strings.HasPrefix(r.URL.Path, "/api/v1/my/listings/") {
			if s.allow.Add(-1) < 0 {
				s.refused.Add(1)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				_, _ = w.Write([]byte(`{"ok":false,"error":"daily_limit_exceeded","hint":"the day's requests are spent","retry_after":3600}`))
				return
			}
			s.gets.Add(1)
		}
		if apitest.Relay(w, r, srv) == http.StatusTooManyRequests {
			s.refused.Add(1)
		}
	})
	key := map[string]string{"personal": sandbox.KeyPersonal, "business": sandbox.KeyBusiness}[account]
	client := apitest.Connect(t, h, clk)
	s.connect = func() { s.client = client(key) }
	s.connect()
	return s
}

func (s *shop) all(t *testing.T) []bulk.Planned {
	t.Helper()
	var out []bulk.Planned
	for page, err := range s.client.AllListings(context.Background(), api.ListParams{Status: api.StatusAll, Limit: 100}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Listings {
			out = append(out, bulk.Planned{ID: l.ID, Title: l.Title})
		}
	}
	return out
}

// The day's budget stops the export after 25 details; resumed from the journal (the
// next day), it fetches only the rest, and the file holds every listing.
func TestFetchStoppedByTheBudgetAndResumed(t *testing.T) {
	s := newShop(t, "personal", 60, 25)
	items := s.all(t)
	path := filepath.Join(t.TempDir(), "jobs", "x-export.jsonl")
	j, err := export.Create(path, export.Header{Info: job.Info{Job: "x-export"}, Items: items, Export: export.Options{Format: sheet.CSV, Lang: "uk"}})
	if err != nil {
		t.Fatal(err)
	}
	p := export.MakePlan(len(items), 0, s.client.Budget(), time.Now())
	if p.Requests != len(items) || len(p.Summary()) != 2 {
		t.Errorf("plan %+v", p)
	}
	err = export.Fetch(context.Background(), s.client, j, nil)
	var stopped *job.ErrStopped
	if !errors.As(err, &stopped) || !api.IsDailyLimit(err) {
		t.Fatalf("Fetch: %v, want stopped by the day's budget", err)
	}
	j.Close()
	if got := s.gets.Load(); got != 25 {
		t.Errorf("%d details fetched before the limit, want 25", got)
	}
	if s.refused.Load() > job.Workers {
		t.Errorf("%d refusals: the job went on after the day's limit", s.refused.Load())
	}

	// Another process, another day.
	s.allow.Store(1 << 30)
	s.connect()
	j, err = export.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	done, failed, left := j.Counts()
	if done != 25 || failed != 0 || left != len(items)-25 {
		t.Fatalf("after the stop: %d done, %d failed, %d left", done, failed, left)
	}
	if p := export.MakePlan(len(items), done, s.client.Budget(), time.Now()); p.Requests != left {
		t.Errorf("resume plan: %d requests, want %d", p.Requests, left)
	}
	if err := export.Fetch(context.Background(), s.client, j, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.gets.Load(); got != int64(len(items)) {
		t.Errorf("%d details fetched in all, want %d: one per listing", got, len(items))
	}
	if listed, err := (job.Kinds{bulk.Kind, export.ExportKind}).Load(path, false); err != nil || listed.Verb() != "export" {
		t.Errorf("an export journal read through the kinds: %v", err)
	} else if d, _, l := listed.Counts(); d != len(items) || l != 0 {
		t.Errorf("listings jobs would show %d done, %d left", d, l)
	}

	var b bytes.Buffer
	n, err := j.Write(&b, sheet.CSV)
	if err != nil || n != len(items) {
		t.Fatalf("Write: %d rows, %v", n, err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b.Bytes()[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		if recs[i+1][0] != clitoa(it.ID) {
			t.Fatalf("row %d is listing %s, want %d: rows follow the list", i+2, recs[i+1][0], it.ID)
		}
	}
}

func clitoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// The bulk kind refuses an export's journal without writing a line: listings jobs
// resume runs an export through its own kind, never bulk.Run.
func TestBulkRefusesAnExportJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.jsonl")
	j, err := export.Create(path, export.Header{Info: job.Info{Job: "e"}, Items: []bulk.Planned{{ID: 1}, {ID: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if !export.IsExport(path) {
		t.Fatal("IsExport: false")
	}
	if _, err := bulk.Open(path); err == nil || !strings.Contains(err.Error(), "export") {
		t.Fatalf("bulk.Open of an export: %v", err)
	}
	j, err = export.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, _, left := j.Counts(); left != 2 {
		t.Errorf("%d left after bulk refused it", left)
	}
}
