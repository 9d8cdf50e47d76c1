package catalog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// The sheets in testdata/tools were made by the tools shops use (LibreOffice, openpyxl,
// pandas, a Windows-1251 CSV, …) from the app's own exports of the sandbox's personal
// account; testdata/tools/make.sh made them and its README says what each tool did to
// the cells. Each is imported into a fresh sandbox of that account, and what the
// sandbox receives is compared with the manifest: nothing for a sheet nobody edited,
// exactly the edited fields of exactly the edited listings for an edited one, and
// never garbage for one a tool damaged. No listing's status, attributes or photos_wm
// may change unless its cells did.

type fixture struct {
	File   string                    `json:"file"`
	Kind   string                    `json:"kind"`
	Expect json.RawMessage           `json:"expect"`
	Fixed  map[string]map[string]any `json:"if_fixed"`
	Cells  []struct {
		ID int `json:"id"`
	} `json:"cells"`
}

func fixtures(t *testing.T) []fixture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "tools", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Fixtures []fixture }
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m.Fixtures
}

// sent is a write the sandbox received.
type sent struct {
	Method, Path string
	Body         map[string]any
}

// recorder is the sandbox behind a handler that keeps every write.
type recorder struct {
	srv    *sandbox.Server
	mu     sync.Mutex
	writes []sent
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodGet && strings.HasPrefix(req.URL.Path, "/api/v1/") {
		body, _ := io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
		var m map[string]any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		_ = dec.Decode(&m)
		r.mu.Lock()
		r.writes = append(r.writes, sent{req.Method, req.URL.Path, m})
		r.mu.Unlock()
	}
	r.srv.ServeHTTP(w, req)
}

func TestSheetsMadeByRealTools(t *testing.T) {
	for _, fx := range fixtures(t) {
		t.Run(fx.File, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { importFixture(t, fx) })
		})
	}
}

// seeded is the sandbox's seeded personal account as the fixtures were exported
// from it (its pending listings held for a day), served in-process at apitest.Base
// (the media URLs of the fixtures name it), every write recorded.
func seeded(t *testing.T) (*recorder, *api.Client) {
	t.Helper()
	srv, err := sandbox.New(sandbox.Options{ModerationDelay: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	rec := &recorder{srv: srv}
	return rec, apitest.Connect(t, rec, nil)(sandbox.KeyPersonal)
}

func importFixture(t *testing.T, fx fixture) {
	rec, c := seeded(t)
	ctx := context.Background()
	before := listings(t, c)

	path := filepath.Join("testdata", "tools", fx.File)
	f, err := sheet.FormatOf(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := sheet.Read(path, f)
	if fx.Kind == "damaged" && err != nil {
		if strings.Contains(fx.File, "mojibake") && !strings.Contains(err.Error(), "Character set: Unicode (UTF-8)") {
			t.Errorf("refused without the setting that fixes it: %v", err)
		}
		t.Logf("refused: %v", err)
		return
	}
	if strings.Contains(fx.File, "mojibake") {
		t.Fatalf("a sheet decoded with the wrong character set is read")
	}
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	jobs := t.TempDir()
	p, err := catalog.Check(ctx, c, tab, catalog.Options{Lang: "uk", Dir: filepath.Dir(path), Sheet: catalog.SheetID(path),
		File: path, BaseURL: c.BaseURL(), JobsDir: jobs})
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	for _, r := range p.Header.Rows {
		for _, pr := range r.Problems {
			t.Logf("row %d: %s", r.Line, pr)
		}
	}
	t.Logf("plan: %s", strings.Join(p.Summary(), " | "))
	want := map[string]map[string]any{}
	switch fx.Kind {
	case "untouched":
		if p.Refused > 0 || p.Requests > 0 {
			t.Fatalf("an untouched sheet plans %d requests and %d refused rows", p.Requests, p.Refused)
		}
	case "edited":
		if err := json.Unmarshal(fx.Expect, &want); err != nil {
			t.Fatal(err)
		}
		if p.Refused > 0 || p.Creates > 0 || p.Edits != len(want) {
			t.Fatalf("plan: %d edits, %d creates, %d refused; want %d edits", p.Edits, p.Creates, p.Refused, len(want))
		}
	case "damaged":
		if p.Creates > 0 {
			t.Fatalf("a damaged sheet creates %d listings", p.Creates)
		}
		if fx.File == "date.xlsx" || fx.File == "lo-uk-from-csv.xlsx" {
			said := false
			for _, r := range p.Header.Rows {
				for _, pr := range r.Problems {
					said = said || strings.Contains(pr.Reason, "is a date: a spreadsheet turns a number")
				}
			}
			if !said {
				t.Error("no row is refused for the date a spreadsheet made of a number")
			}
		}
		for _, r := range p.Header.Rows {
			if r.Action == catalog.Edit {
				if fixed, ok := fx.Fixed[strconv.Itoa(r.ListingID)]; ok {
					want[strconv.Itoa(r.ListingID)] = fixed
					continue
				}
				t.Errorf("row %d edits listing %d: %s", r.Line, r.ListingID, catalog.Results(p.Header, nil)[0].ChangeText())
			}
		}
	}
	if p.Requests > 0 && p.Refused == 0 {
		j, err := catalog.NewJob(jobs, p.Header, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := catalog.Run(ctx, c, j, nil); err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	got := map[string]map[string]any{}
	for _, w := range rec.writes {
		id := strings.TrimPrefix(w.Path, "/api/v1/my/listings/")
		if w.Method != http.MethodPatch && w.Method != http.MethodPut || strings.Contains(id, "/") {
			t.Errorf("%s %s %v", w.Method, w.Path, w.Body)
			continue
		}
		got[id] = w.Body
	}
	if !sameJSON(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("the sandbox received\n%s\nwant\n%s", g, w)
	}
	after := listings(t, c)
	for id, b := range before {
		a := after[id]
		if _, edited := want[strconv.Itoa(id)]; edited {
			continue
		}
		if a.Status != b.Status || !reflect.DeepEqual(a.Attributes, b.Attributes) || !reflect.DeepEqual(a.PhotosWM, b.PhotosWM) ||
			a.Price.String() != b.Price.String() || a.CityRef != b.CityRef {
			t.Errorf("listing %d changed: %s → %s", id, b.Status, a.Status)
		}
	}
}

// listings are the personal account's listings in detail, by id.
func listings(t *testing.T, c *api.Client) map[int]*api.ListingFull {
	t.Helper()
	out := map[int]*api.ListingFull{}
	for page, err := range c.AllListings(context.Background(), api.ListParams{Status: api.StatusAll, Limit: api.MaxListLimit, Fields: []string{"id"}}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Listings {
			d, err := c.GetListing(context.Background(), l.ID, "uk")
			if err != nil {
				t.Fatal(err)
			}
			out[l.ID] = &d.Listing
		}
	}
	return out
}

// sameJSON compares two values as JSON, numbers by value.
func sameJSON(a, b any) bool {
	norm := func(v any) any {
		raw, _ := json.Marshal(v)
		var out any
		_ = json.Unmarshal(raw, &out)
		return out
	}
	return reflect.DeepEqual(norm(a), norm(b))
}

// An export imported in another language than it was made in differs from every
// listing (the titles are in Ukrainian, the listings read in English): the plan
// says this looks like a whole export, so nobody sends 46 listings to moderation
// believing they edited two.
func TestWholeExportInAnotherLanguageIsSaid(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, c := seeded(t)
		path := filepath.Join("testdata", "tools", "export.csv")
		tab, err := sheet.Read(path, sheet.CSV)
		if err != nil {
			t.Fatal(err)
		}
		p, err := catalog.Check(context.Background(), c, tab, catalog.Options{Lang: "en", Dir: t.TempDir(), Sheet: "export",
			BaseURL: c.BaseURL(), JobsDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		summary := strings.Join(p.Summary(), "\n")
		if p.Edits < 10 || !strings.Contains(summary, "this looks like a whole export imported back") ||
			!strings.Contains(summary, "another language than the import's (--lang)") {
			t.Fatalf("%d edits:\n%s", p.Edits, summary)
		}
	})
}
