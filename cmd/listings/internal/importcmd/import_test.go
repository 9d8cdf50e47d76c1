package importcmd_test

import (
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

const phones = "Електроніка > Телефони та аксесуари > Мобільні телефони"

// shop is a sandbox runner with a data directory of its own and a folder holding a
// photo for each of n rows.
func shop(t *testing.T, n int) (*clitest.Runner, string) {
	t.Helper()
	c := clitest.New(t, sandbox.Options{})
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	return c, photos(t, n)
}

// photos is a folder holding photos/item-1.jpg … item-n.jpg.
func photos(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := 1; i <= n; i++ {
		p := filepath.Join(dir, "photos", fmt.Sprintf("item-%d.jpg", i))
		os.MkdirAll(filepath.Dir(p), 0o700)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		jpeg.Encode(f, image.NewGray(image.Rect(0, 0, 8+i, 8)), nil)
		f.Close()
	}
	return dir
}

func row(i int) []string {
	return []string{fmt.Sprintf("Смартфон Xiaomi Redmi %d", i), "Смартфон у гарному стані, з чохлом і зарядкою.",
		fmt.Sprintf("%d", 4000+i), phones, "Львів", fmt.Sprintf("photos/item-%d.jpg", i), "Xiaomi", "Redmi", "64"}
}

var header = []string{"title", "description", "price", "category", "city", "photos", "attr.brand", "attr.model", "attr.memory"}

// semicolonCSV writes rows as Excel does in a comma-decimal locale: a BOM and ";".
func semicolonCSV(t *testing.T, dir string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("\ufeff" + strings.Join(header, ";") + "\r\n")
	for _, r := range rows {
		b.WriteString(strings.Join(r, ";") + "\r\n")
	}
	p := filepath.Join(dir, "stock.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestImportCSVThenAgain(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 4)
	rows := [][]string{row(1), row(2), row(3), row(4)}
	rows[2][4] = "Нарнія" // no such city
	path := semicolonCSV(t, dir, rows)

	// The dry run says what is wrong and sends nothing.
	r := c.Fails(cmdutil.ExitError, "", "import", path, "--dry-run")
	if !strings.Contains(r.Stderr, `row 4: city: no city is named "Нарнія"`) || c.Uploads.Load() != 0 {
		t.Fatalf("dry run:\n%s", r.Stderr)
	}
	// A refused row stops the import, unless --skip-bad.
	r = c.Fails(cmdutil.ExitError, "", "import", path)
	if !strings.Contains(r.Stderr, "nothing was sent") || c.Uploads.Load() != 0 {
		t.Fatalf("without --skip-bad:\n%s", r.Stderr)
	}
	report := filepath.Join(dir, "report.csv")
	r = c.Fails(cmdutil.ExitError, "", "import", path, "--skip-bad", "--report", report)
	if strings.Count(r.Stdout, "created") != 3 || c.Uploads.Load() != 3 {
		t.Fatalf("import:\n%s\n%s", r.Stdout, r.Stderr)
	}
	back, err := sheet.Read(report, sheet.CSV)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Rows[2].Cells; got["result"] != "refused" || got["error_column"] != "city" || got["city"] != "Нарнія" {
		t.Errorf("report row 4: %v", got)
	}
	if got := back.Rows[0].Cells; got["result"] != "created" || got["listing_id"] == "" || !strings.Contains(got["url"], "/l/") {
		t.Errorf("report row 2: %v", got)
	}

	// The row fixed, the report imported: only that row is created.
	rows[2][4] = "Одеса"
	semicolonCSV(t, dir, rows)
	var out []struct {
		Row     int    `json:"row"`
		Outcome string `json:"outcome"`
		ID      int    `json:"listing_id"`
	}
	c.OKJSON(&out, "", "import", path, "--json")
	got := ""
	for _, o := range out {
		got += fmt.Sprintf("%d:%s ", o.Row, o.Outcome)
	}
	if got != "2:unchanged 3:unchanged 4:created 5:unchanged " || c.Uploads.Load() != 4 {
		t.Fatalf("again: %s (%d uploads)", got, c.Uploads.Load())
	}
	// And the jobs list has both imports.
	jobs := c.OK("", "jobs")
	n := 0
	for _, l := range strings.Split(jobs, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[1] == "import" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("jobs:\n%s", jobs)
	}
	first := strings.Fields(strings.Split(jobs, "\n")[1])[0]
	if show := c.OK("", "jobs", "show", first); strings.Count(show, "created") != 3 || !strings.Contains(show, "refused") {
		t.Errorf("jobs show %s:\n%s", first, show)
	}
}

func TestImportXLSX(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 2)
	x := excelize.NewFile()
	x.SetSheetName("Sheet1", "Listings")
	x.SetSheetRow("Listings", "A1", &header)
	for i := 1; i <= 2; i++ {
		r := row(i)
		cells := []any{r[0], r[1], 4000.0 + float64(i), r[3], r[4], r[5], r[6], r[7], 64}
		x.SetSheetRow("Listings", fmt.Sprintf("A%d", i+1), &cells)
	}
	path := filepath.Join(dir, "stock.xlsx")
	if err := x.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	var out []struct {
		Outcome string `json:"outcome"`
		ID      int    `json:"listing_id"`
	}
	c.OKJSON(&out, "", "import", path, "--json")
	if len(out) != 2 || out[0].Outcome != "created" {
		t.Fatalf("%+v", out)
	}
	var l struct {
		Listing struct {
			Price      json.Number     `json:"price"`
			Attributes json.RawMessage `json:"attributes"`
		} `json:"listing"`
	}
	c.OKJSON(&l, "", "show", fmt.Sprint(out[0].ID), "--json")
	if l.Listing.Price.String() != "4001" || !strings.Contains(string(l.Listing.Attributes), `"memory": "64"`) {
		t.Errorf("price %s, attributes %s", l.Listing.Price, l.Listing.Attributes)
	}
}

func TestImportBadSheet(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	os.WriteFile(p, []byte("{\"title\": \"x\"}\nnot json\n"), 0o600)
	r := c.Fails(cmdutil.ExitUsage, "", "import", p)
	if !strings.Contains(r.Stderr, "line 2") {
		t.Errorf("%s", r.Stderr)
	}
	c.Fails(cmdutil.ExitUsage, "", "import", filepath.Join(dir, "a.pdf"))
	c.Fails(cmdutil.ExitUsage, "", "import")
}

// The check of a sheet asks for the tree, the attributes and each city through the
// mirror's cache of the day: a second check the same day asks for none of them.
func TestImportChecksTheTaxonomyOnceADay(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 2)
	path := semicolonCSV(t, dir, [][]string{row(1), row(2)})
	taxonomy := func() (n int) {
		for _, p := range []string{"/categories", "/attributes", "/cities/search"} {
			n += c.Requested(p)
		}
		return n
	}
	c.OK("", "import", path, "--dry-run")
	first := taxonomy()
	if first == 0 || c.Requested("/cities/search") != 1 {
		t.Fatalf("the first check asked %d taxonomy requests, %d city searches", first, c.Requested("/cities/search"))
	}
	c.OK("", "import", path, "--dry-run")
	if again := taxonomy() - first; again != 0 {
		t.Errorf("the second check asked %d taxonomy requests, want 0", again)
	}
}

// An export whose id column was cut would create its listings again: the import
// refuses it, and --new, which ignores ids anyway, takes it.
func TestImportExportWithoutIDs(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 1)
	cols := append(append([]string{}, header...), "status", "url", "views", "created_at")
	line := append(row(1), "active", "https://market.example/l/7", "3", "2026-11-20 10:00:00")
	p := filepath.Join(dir, "export.csv")
	if err := os.WriteFile(p, []byte(strings.Join(cols, ";")+"\n"+strings.Join(line, ";")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := c.Fails(cmdutil.ExitUsage, "", "import", p, "--dry-run")
	if !strings.Contains(r.Stderr, "without its id column") || !strings.Contains(r.Stderr, "listings import --new") {
		t.Fatalf("without --new:\n%s", r.Stderr)
	}
	r = c.Run("", "import", p, "--dry-run", "--new")
	if r.Code != 0 || !strings.Contains(r.Stderr, "dry run: nothing was sent") {
		t.Fatalf("with --new: exit %d\n%s", r.Code, r.Stderr)
	}
}
