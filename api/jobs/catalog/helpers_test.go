package catalog_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// shop is a sandbox that counts the requests by kind and can lose the answers of
// the next creates after the sandbox made them (an answer lost by a kill).
type shop struct {
	client  *api.Client
	clk     *apitest.Clock
	creates atomic.Int64 // creates the sandbox made
	uploads atomic.Int64
	other   atomic.Int64 // every other request
	refused atomic.Int64 // 429 answers
	drop    atomic.Int64
	edits   atomic.Int64 // edits the sandbox made
	dropE   atomic.Int64 // the answers of the next edits to lose
}

func newShop(t *testing.T) *shop {
	t.Helper()
	clk := apitest.NewClock()
	srv := apitest.Sandbox(t, clk)
	s := &shop{clk: clk}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		create := r.Method == http.MethodPost && r.URL.Path == "/api/v1/my/listings"
		switch {
		case create:
		case strings.HasPrefix(r.URL.Path, "/api/v1/upload/"):
			s.uploads.Add(1)
		default:
			s.other.Add(1)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		if create && rec.Code == http.StatusCreated {
			s.creates.Add(1)
			if s.drop.Load() > 0 {
				s.drop.Add(-1)
				panic(http.ErrAbortHandler) // made, and the answer lost
			}
		}
		if r.Method == http.MethodPatch && rec.Code == http.StatusOK {
			s.edits.Add(1)
			if s.dropE.Load() > 0 {
				s.dropE.Add(-1)
				panic(http.ErrAbortHandler) // made, and the answer lost
			}
		}
		if rec.Code == http.StatusTooManyRequests {
			s.refused.Add(1)
		}
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
	s.client = apitest.Connect(t, h, clk)(sandbox.KeyPersonal)
	return s
}

// photo writes a small JPEG at dir/name.
func photo(t testing.TB, dir, name string, shade uint8) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 24, 16))
	for x := range 24 {
		for y := range 16 {
			img.Set(x, y, color.RGBA{shade, uint8(x * 10), uint8(y * 15), 255})
		}
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := jpeg.Encode(f, img, nil); err != nil {
		t.Fatal(err)
	}
}

const phones = "Електроніка > Телефони та аксесуари > Мобільні телефони"

// goodRow is a row of a phone that the sandbox takes, n making it unique.
func goodRow(n int) map[string]string {
	cities := []string{"Львів", "Бровари, Київська", "Kyiv", "Одеса"}
	cat := phones
	if n%5 == 0 {
		cat = "Electronics > Phones & accessories > Mobile phones"
	}
	return map[string]string{
		"title":       fmt.Sprintf("Телефон Samsung Galaxy №%d", n),
		"description": fmt.Sprintf("Телефон у доброму стані, номер %d, з коробкою та зарядкою.", n),
		"price":       fmt.Sprintf("%d", 1000+n*10),
		"currency":    "UAH",
		"condition":   "used",
		"category":    cat,
		"city":        cities[n%len(cities)],
		"photos":      fmt.Sprintf("photos/p-%02d-*.jpg", n),
		"attr.brand":  "Samsung",
		"attr.model":  fmt.Sprintf("Galaxy S%d", n),
		"attr.memory": "128 ГБ",
	}
}

var sheetColumns = []string{"title", "description", "price", "currency", "condition", "category", "city", "photos", "attr.brand", "attr.model", "attr.memory"}

// writeCSV writes rows as a CSV sheet at dir/name, with photos p-NN-1.jpg and
// p-NN-2.jpg for each row.
func writeCSV(t testing.TB, dir, name string, rows []map[string]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(strings.Join(sheetColumns, ",") + "\n")
	for i, r := range rows {
		var cells []string
		for _, c := range sheetColumns {
			v := r[c]
			if strings.ContainsAny(v, ",\"") {
				v = `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
			}
			cells = append(cells, v)
		}
		b.WriteString(strings.Join(cells, ",") + "\n")
		if _, err := os.Stat(filepath.Join(dir, "photos", fmt.Sprintf("p-%02d-1.jpg", i+1))); err != nil {
			photo(t, dir, fmt.Sprintf("photos/p-%02d-1.jpg", i+1), uint8(i))
			photo(t, dir, fmt.Sprintf("photos/p-%02d-2.jpg", i+1), uint8(i+100))
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// plan reads the sheet at path and checks it.
func plan(t testing.TB, s *shop, path, jobs string) *catalog.Plan {
	t.Helper()
	tab, err := sheet.Read(path, sheet.CSV)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.Check(context.Background(), s.client, tab, catalog.Options{
		Lang: "uk", Dir: filepath.Dir(path), Sheet: catalog.SheetID(path), File: path,
		BaseURL: s.client.BaseURL(), JobsDir: jobs, Now: s.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// run starts the plan's job and runs it to its end.
func run(t testing.TB, s *shop, p *catalog.Plan, jobs string) *catalog.Journal {
	t.Helper()
	j, err := catalog.NewJob(jobs, p.Header, s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	if err := catalog.Run(context.Background(), s.client, j, nil); err != nil {
		t.Fatal(err)
	}
	return j
}

func itoa(n int) string { return fmt.Sprint(n) }

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o600) }
