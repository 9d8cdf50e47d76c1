package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestParseTime(t *testing.T) {
	want := time.Date(2026, 11, 21, 16, 15, 0, 0, api.Kyiv)
	for _, s := range []string{
		"2026-11-21 16:15:00",
		"2026-11-21T16:15:00+02:00",
		"2026-11-21T14:15:00Z",
		"2026-11-21T16:15:00.000+02:00",
		"2026-11-21T16:15:00",
		"2026-11-21 16:15:00+02:00",
	} {
		got, err := api.ParseTime(s)
		if err != nil || !got.Equal(want) || got.Location() != api.Kyiv {
			t.Errorf("ParseTime(%q) = %v, %v", s, got, err)
		}
	}
	// Summer time: Kyiv is UTC+3.
	if got, _ := api.ParseTime("2026-07-01 12:00:00"); got.UTC().Hour() != 9 {
		t.Errorf("summer wall time %v", got.UTC())
	}
	if d, _ := api.ParseTime("2026-11-21"); !d.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, api.Kyiv)) {
		t.Errorf("date only %v", d)
	}
	if _, err := api.ParseTime("yesterday"); err == nil {
		t.Error("garbage parsed")
	}
	if want.String() != "" && (api.Time{Time: want}).String() != "2026-11-21 16:15:00" {
		t.Errorf("String %q", api.Time{Time: want}.String())
	}
	b, _ := json.Marshal(api.Time{Time: want})
	var back api.Time
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(want) || string(b) != `"2026-11-21T16:15:00+02:00"` {
		t.Errorf("round trip %s → %v %v", b, back, err)
	}
	if b, _ := json.Marshal(api.Time{}); string(b) != "null" || (api.Time{}).String() != "" {
		t.Errorf("zero time marshals to %s", b)
	}
	for _, in := range []string{`null`, `""`, `"  "`} {
		var tm api.Time
		if err := json.Unmarshal([]byte(in), &tm); err != nil || !tm.IsZero() {
			t.Errorf("%s → %v %v", in, tm, err)
		}
	}
	var tm api.Time
	if err := json.Unmarshal([]byte(`123`), &tm); err == nil {
		t.Error("number accepted as a time")
	}
}

func TestPrice(t *testing.T) {
	for _, tt := range []struct {
		in, str string
		f       float64
		err     bool
	}{
		{in: `1250`, str: "1250", f: 1250},
		{in: `17999.99`, str: "17999.99", f: 17999.99},
		{in: `0.1`, str: "0.1", f: 0.1},
		{in: `1e3`, str: "1e3", f: 1000},
		{in: `"99.50"`, str: "99.50", f: 99.5},
		{in: `null`, str: ""},
		{in: `""`, str: ""},
		{in: `"abc"`, err: true},
		{in: `"1."`, err: true},
		{in: `true`, err: true},
		{in: `"01"`, err: true},
		{in: `"-"`, err: true},
		{in: `"1e"`, err: true},
		{in: `"Infinity"`, err: true},
	} {
		var p api.Price
		err := json.Unmarshal([]byte(tt.in), &p)
		if (err != nil) != tt.err {
			t.Errorf("%s: err %v", tt.in, err)
			continue
		}
		if !tt.err && (p.String() != tt.str || p.Float64() != tt.f || p.IsZero() != (tt.str == "")) {
			t.Errorf("%s → %q %v", tt.in, p.String(), p.Float64())
		}
	}
	p, _ := api.ParsePrice("17999.99")
	b, _ := json.Marshal(struct {
		P api.Price `json:"p"`
		Z api.Price `json:"z,omitzero"`
		N api.Price `json:"n"`
	}{P: p})
	if string(b) != `{"p":17999.99,"n":null}` {
		t.Errorf("marshal %s", b)
	}
	if api.PriceInt(-5).String() != "-5" || p.Number() != "17999.99" {
		t.Error("PriceInt or Number")
	}
}

func TestStatus(t *testing.T) {
	for _, s := range []api.Status{"pending", "active", "blocked", "sold", "archived", "inactive"} {
		if !s.Known() {
			t.Errorf("%s unknown", s)
		}
	}
	if api.Status("on_hold").Known() || api.StatusAll.Known() {
		t.Error("unknown status Known")
	}
}

func TestTolerantListing(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		reply(w, 200, `{"ok":true,"lang":"en","count":2,"next_cursor":41,"new_top_level":[1],"listings":[
		 {"id":42,"slug":"a","title":"A","price":"1200.50","currency":"UAH","condition":null,"city":"Kyiv",
		  "status":"on_hold","views":3,"vip":true,"top":false,"vip_until":"2026-12-01 10:00:00","top_until":null,
		  "photo":null,"photos":[],"url":"https://x/l/42-a","created_at":"2026-11-20 09:00:00","rating":{"x":1}},
		 {"id":41,"condition":"","city":null,"price":0,"created_at":"2026-11-20T07:00:00Z"}]}`)
	})
	c := newClient(t, srv.URL, newClock())
	page, err := c.ListListings(context.Background(), api.ListParams{Lang: "en", Status: api.StatusAll, Limit: 2,
		Cursor: 43, Fields: []string{"id", "title"}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := page.Listings[0], page.Listings[1]
	if *page.NextCursor != 41 || a.Status != "on_hold" || a.Status.Known() || a.Price.String() != "1200.50" {
		t.Errorf("page %+v", page)
	}
	if a.Condition != nil || b.Condition == nil || *b.Condition != "" || a.City == nil || b.City != nil {
		t.Error("null and empty not told apart")
	}
	if a.VIPUntil == nil || a.VIPUntil.Day() != 1 || a.TopUntil != nil || a.Photo != nil || a.Photos == nil {
		t.Errorf("nullable fields %+v", a)
	}
	if b.CreatedAt.Hour() != 9 || b.CreatedAt.Location() != api.Kyiv || b.Price.IsZero() {
		t.Errorf("second listing %+v", b)
	}
}

func TestPagingFake(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("cursor") {
		case "":
			reply(w, 200, `{"ok":true,"count":1,"next_cursor":5,"listings":[{"id":6}]}`)
		case "5":
			reply(w, 200, `{"ok":true,"count":1,"next_cursor":5,"listings":[{"id":5}]}`)
		}
	})
	c := newClient(t, srv.URL, newClock())
	var pages int
	var last error
	for p, err := range c.AllListings(context.Background(), api.ListParams{}) {
		if err != nil {
			last = err
			continue
		}
		pages++
		_ = p
	}
	if pages != 2 || !api.IsCode(last, api.CodeBadResponse) || !strings.Contains(last.Error(), "again") || n.Load() != 2 {
		t.Errorf("%d pages, %d requests, last error %v", pages, n.Load(), last)
	}

	// An error ends the sequence after being yielded once.
	bad, _ := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 403, `{"ok":false,"error":"key_revoked"}`) })
	c = newClient(t, bad.URL, newClock())
	var errs int
	for p, err := range c.AllListings(context.Background(), api.ListParams{}) {
		if p != nil || !api.IsAuth(err) {
			t.Errorf("page %v err %v", p, err)
		}
		errs++
	}
	if errs != 1 {
		t.Errorf("%d errors yielded", errs)
	}
}

// TestModerationAsSent: the block is read into its fields and kept as it came, so a
// command can print it without zero values for what was not sent.
func TestModerationAsSent(t *testing.T) {
	var d api.ListingDetail
	in := `{"lang":"en","listing":{"id":1},"moderation":{"decision":"blocked","reason":"fake","queue":2}}`
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	m := d.Moderation
	if m == nil || m.Decision != "blocked" || m.Reason == nil || *m.Reason != "fake" || m.ReviewedAt != nil {
		t.Fatalf("moderation %+v", m)
	}
	if got := string(m.AsSent()); got != `{"decision":"blocked","reason":"fake","queue":2}` {
		t.Errorf("AsSent = %s", got)
	}
	made := api.Moderation{Decision: "pending"}
	if got := string(made.AsSent()); got != `{"decision":"pending","reason":null,"reviewed_at":null}` {
		t.Errorf("AsSent of a block not read = %s", got)
	}
}
