package catalog_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Lviv and Kyiv, as the sandbox's city search gives them.
const (
	lviv = "db5c88f5-391c-11dd-90d9-001a92567626"
	kyiv = "8d5a980d-391c-11dd-90d9-001a92567626"
)

// The rules of an edit row, each on a listing of the seeded personal account: what is
// planned is what the sandbox then accepts, and exactly the changed fields are sent.
func TestEditRowRules(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec, c := seeded(t)
		rows := []struct {
			line, want string // a JSON Lines row; the outcome, and what the plan or the body says
		}{
			{`{"id": 10009, "price": 18999}`, "refused the listing is sold: it cannot be edited"},
			{`{"id": 10003, "title": "  Підручники ЗНО з математики, комплект ", "price": "350.00"}`, "unchanged"},
			{`{"id": 10054, "price": "2 100,00"}`, `edit {"price":2100} blocked: the edit sends it to moderation again`},
			{`{"id": 10050, "price": 100}`, "refused offered in exchange"},
			{`{"id": 10053, "price": "1500.0", "currency": "грн", "city": "Львів", "condition": ""}`, "unchanged"},
			{`{"id": 10047, "city": "Львів", "city_ref": "db5c88d0-391c-11dd-90d9-001a92567626"}`, `edit {"city_ref":"` + lviv + `"}`},
			{`{"id": 10045, "city": "Львів", "city_ref": "` + kyiv + `"}`, "refused city \"Львів\" and city_ref"},
			{`{"id": 10017, "attr.battery_health": "(clear)", "attr.memory": "128.0"}`, `edit {"attributes":{"brand":"apple","color_name":"Blue","memory":"128","model":"iPhone 13"}}`},
			{`{"id": 10039, "attr.furniture_type": "(clear)"}`, "refused is required"},
			{`{"id": 10041, "photos": "(clear)", "attr.brand": ""}`, "unchanged"},
			{`{"id": 10045, "photos": "http://127.0.0.1:8080/media/seed/88.webp;http://127.0.0.1:8080/media/seed/87.webp"}`,
				`edit {"photos":["http://127.0.0.1:8080/media/seed/88.webp","http://127.0.0.1:8080/media/seed/87.webp"],"photos_wm":["http://127.0.0.1:8080/media/seed/88_wm.webp","http://127.0.0.1:8080/media/seed/87_wm.webp"]}`},
			{`{"id": 10042, "photos_wm": "http://example.com/x.webp"}`, "refused follow the photos"},
			{`{"id": 10051, "contact_phone": "050 123 45 67", "hide_phone": "ЛОЖЬ"}`, "unchanged"},
			{`{"id": 10051, "contact_phone": "067 123 45 67"}`, `edit {"contact_phone":"+380671234567"}`},
		}
		dir := t.TempDir()
		var lines []string
		for _, r := range rows {
			lines = append(lines, r.line)
		}
		path := filepath.Join(dir, "edits.jsonl")
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		tab, err := sheet.Read(path, sheet.JSONL)
		if err != nil {
			t.Fatal(err)
		}
		ctx, jobs := context.Background(), t.TempDir()
		p, err := catalog.Check(ctx, c, tab, catalog.Options{Lang: "uk", Dir: dir, Sheet: "edits", BaseURL: c.BaseURL(), JobsDir: jobs})
		if err != nil {
			t.Fatal(err)
		}
		// The plan counts the active listings sent back to moderation: 10047, 10017,
		// 10045, 10051; 10054 is blocked.
		if p.ToModeration != 4 || !strings.Contains(strings.Join(p.Summary(), "\n"), "! 4 active listings go back to moderation") {
			t.Errorf("to moderation: %d\n%s", p.ToModeration, strings.Join(p.Summary(), "\n"))
		}
		bodies := map[int]string{}
		if p.Edits > 0 {
			h := p.Header
			h.Rows = slices.Clone(h.Rows)
			for i := range h.Rows {
				if h.Rows[i].Action == catalog.Refused {
					h.Rows[i].Action = catalog.Unchanged // the job runs the good rows, as --skip-bad does
				}
			}
			j, err := catalog.NewJob(jobs, h, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if err := catalog.Run(ctx, c, j, nil); err != nil {
				t.Fatal(err)
			}
			for _, r := range catalog.Results(*j.Head, j) {
				if r.Outcome == catalog.OutcomeFailed {
					t.Errorf("row %d planned, then refused by the sandbox: %s", r.Line, r.Reason)
				}
			}
			j.Close()
		}
		for _, w := range rec.writes {
			if w.Method != http.MethodPatch {
				t.Errorf("%s %s", w.Method, w.Path)
				continue
			}
			id, _ := strconv.Atoi(strings.TrimPrefix(w.Path, "/api/v1/my/listings/"))
			bodies[id] = jsonText(w.Body)
		}
		for i, r := range p.Header.Rows {
			want := rows[i].want
			got := string(r.Action)
			switch r.Action {
			case catalog.Refused:
				for _, pr := range r.Problems {
					got += " " + pr.String()
				}
			case catalog.Edit:
				got += " " + bodies[r.ListingID] + " " + strings.Join(r.Notes, "; ")
			}
			for _, part := range strings.Split(want, " ") {
				if !strings.Contains(got, part) {
					t.Errorf("row %d (%s): %s\nwant %s", r.Line, rows[i].line, got, want)
					break
				}
			}
		}
	})
}

// jsonText is v as JSON, its keys sorted and its URLs as written.
func jsonText(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(b.String())
}
