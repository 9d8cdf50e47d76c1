package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var now = time.Date(2026, 11, 24, 22, 0, 0, 0, api.Kyiv)

// loop feeds the view its own answers: the read, the check, the completion, the
// report; the spinner's ticks are dropped (nothing waits on them).
var loop = tuitest.Loop[Model]{
	Own: func(msg tea.Msg) bool {
		return tuitest.Is[readMsg](msg) || tuitest.Is[checkedMsg](msg) || tuitest.Is[completedMsg](msg) || tuitest.Is[reportMsg](msg)
	},
	Skip: func(msg tea.Msg) bool { return fmt.Sprintf("%T", msg) == "spinner.TickMsg" },
}

// newView is the view on the sandbox's personal account, relative paths starting
// in dir, the jobs directory jobs.
func newView(t *testing.T, dir string) Model {
	t.Helper()
	svc := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)})
	c := svc.Client(t, sandbox.KeyPersonal)
	jobs := t.TempDir()
	m := New(Config{Service: c, Lang: "uk", BaseURL: svc.URL, JobsDir: func() string { return jobs }, StartDir: dir, Now: func() time.Time { return now }})
	m.SetSize(80, 24)
	m, _ = m.Open()
	return m
}

const sheetHead = "title,description,price,currency,condition,category,city,attr.brand,attr.model,attr.memory\n"

// phoneRow is a row the sandbox takes; price replaces its price cell.
func phoneRow(n int, price string) string {
	return fmt.Sprintf("Телефон Samsung Galaxy №%d,\"Телефон у доброму стані, номер %d, з коробкою.\",%s,UAH,used,"+
		"Електроніка > Телефони та аксесуари > Мобільні телефони,Львів,Samsung,Galaxy S%d,128 ГБ\n", n, n, price, n)
}

// writeSheet writes a CSV of three phones at dir/name, the second with a price that
// is no number.
func writeSheet(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(sheetHead+phoneRow(1, "1000")+phoneRow(2, "abc")+phoneRow(3, "1200")), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func typePath(m Model, path string) (Model, []tea.Msg) {
	m, _ = loop.Type(m, path)
	return loop.Press(m, "enter")
}

func TestPathProblems(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "photos"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "old.xls"), []byte("xls"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ typed, want string }{
		{"missing.csv", "missing.csv: no such file or folder; check the path"},
		{"photos", "photos is a folder: type the sheet inside it"},
		{"old.xls", "old.xls: this spreadsheet format is not read; save it as .xlsx or .csv"},
		{"", "type the sheet's path"},
	} {
		t.Run(c.typed, func(t *testing.T) {
			m := newView(t, dir)
			m, out := typePath(m, c.typed)
			s := tuitest.Screen(m)
			tuitest.Contains(t, s, "Import a sheet", c.want, "enter check")
			tuitest.CheckExactSize(t, m.View(), 80, 24)
			if len(out) != 0 {
				t.Errorf("asked the root %v", out)
			}
		})
	}
}

// TestTabCompletes completes a folder, then lists the sheets in it (not the photo).
func TestTabCompletes(t *testing.T) {
	dir := t.TempDir()
	writeSheet(t, filepath.Join(dir), "x.csv")
	sub := filepath.Join(dir, "shop")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	writeSheet(t, sub, "stock.csv")
	writeSheet(t, sub, "stock-2.xlsx.csv")
	if err := os.WriteFile(filepath.Join(sub, "stock.jpg"), []byte("jpg"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := newView(t, dir)
	m, _ = loop.Type(m, "sh")
	m, _ = loop.Press(m, "tab")
	if v := m.input.Value(); v != "shop/" {
		t.Fatalf("completed to %q", v)
	}
	m, _ = loop.Press(m, "tab")
	if v := m.input.Value(); v != "shop/stock" {
		t.Fatalf("completed to %q", v)
	}
	tuitest.Contains(t, tuitest.Screen(m), "stock-2.xlsx.csv  stock.csv")
	tuitest.Lacks(t, tuitest.Screen(m), "stock.jpg")
}

// TestPlanWithRefusedRowThenConfirm checks a sheet with a bad row: the plan says
// the two to create and the row refused with its column and reason; y asks the root
// to run the good rows.
func TestPlanWithRefusedRowThenConfirm(t *testing.T) {
	dir := t.TempDir()
	writeSheet(t, dir, "stock.csv")
	m := newView(t, dir)
	m, out := typePath(m, "stock.csv")
	if len(out) != 0 {
		t.Fatalf("the check failed: %v\n%s", out, tuitest.Screen(m))
	}
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Import stock.csv?", "3 rows: 2 to create, 0 to edit", "1 refused",
		"Refused: 1 row", "row 3 “Телефон Samsung Galaxy №2”: price", "y/enter run the good rows", "n/esc cancel")
	tuitest.CheckExactSize(t, m.View(), 80, 24)
	m, out = loop.Press(m, "y")
	start := tuitest.Of[msgs.StartJob](out)
	if len(start) != 1 || start[0].Import == nil || start[0].Import.Creates != 2 || start[0].Import.Refused != 1 {
		t.Fatalf("y: %v", out)
	}
	// The plan's own report lists the refused row next to the sheet.
	_, out = loop.Press(m, "w")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "stock-report.csv") {
		t.Fatalf("w: %v", out)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "stock-report.csv"))
	if !strings.Contains(string(b), "refused,,,,price,") {
		t.Errorf("report:\n%s", b)
	}
}

func TestPlanCancelled(t *testing.T) {
	dir := t.TempDir()
	writeSheet(t, dir, "stock.csv")
	m := newView(t, dir)
	m, _ = typePath(m, "stock.csv")
	_, out := loop.Press(m, "n")
	if len(tuitest.Of[msgs.Back](out)) != 1 || len(tuitest.Of[msgs.StartJob](out)) != 0 {
		t.Fatalf("n: %v", out)
	}
}

// TestSuggestedCategoriesAskedApart: a row without a category takes the AI's with
// ctrl+t, and y asks about it before the job, as the CLI does; n goes back.
func TestSuggestedCategoriesAskedApart(t *testing.T) {
	dir := t.TempDir()
	row := strings.Replace(phoneRow(1, "1000"), "Електроніка > Телефони та аксесуари > Мобільні телефони", "", 1)
	if err := os.WriteFile(filepath.Join(dir, "s.csv"), []byte(sheetHead+row), 0o600); err != nil {
		t.Fatal(err)
	}
	m := newView(t, dir)
	m, _ = loop.Press(m, "ctrl+t")
	tuitest.Contains(t, tuitest.Screen(m), "[x] ask the AI")
	m, _ = typePath(m, "s.csv")
	tuitest.Contains(t, tuitest.Screen(m), "The AI chose the category of 1 row", "row 2 “Телефон Samsung Galaxy №1”:")
	m, out := loop.Press(m, "y")
	if len(out) != 0 {
		t.Fatalf("y started before the categories were confirmed: %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "take the AI's category for 1 row?")
	m, _ = loop.Press(m, "n")
	tuitest.Contains(t, tuitest.Screen(m), "run the good rows")
	m, _ = loop.Press(m, "y")
	_, out = loop.Press(m, "y")
	if s := tuitest.Of[msgs.StartJob](out); len(s) != 1 {
		t.Fatalf("y y: %v", out)
	}
}

func TestEscStopsTheCheck(t *testing.T) {
	dir := t.TempDir()
	writeSheet(t, dir, "stock.csv")
	m := newView(t, dir)
	m, _ = loop.Type(m, "stock.csv")
	m, cmd := m.Update(tuitest.Key("enter"))
	tuitest.Contains(t, tuitest.Screen(m), "reading the sheet")
	m, _ = m.Update(tuitest.Key("esc"))
	m, _ = loop.Drain(m, cmd) // the answers of the stopped check are dropped
	tuitest.Contains(t, tuitest.Screen(m), "the check was stopped: nothing was sent")
	_, out := loop.Press(m, "esc")
	if len(tuitest.Of[msgs.Back](out)) != 1 {
		t.Fatalf("esc: %v", out)
	}
}

// TestFitsAnySizeAndFixedCells: the form and the plan fill exactly the size given,
// and a phone a spreadsheet stripped of its + is said in the plan as the CLI says it.
func TestFitsAnySizeAndFixedCells(t *testing.T) {
	dir := t.TempDir()
	text := strings.Replace(sheetHead, "attr.memory", "attr.memory,contact_phone", 1) +
		strings.Replace(phoneRow(1, "1000"), "128 ГБ\n", "128 ГБ,380501234567\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "s.csv"), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	m := newView(t, dir)
	sizes := [][2]int{{20, 3}, {40, 8}, {60, 13}, {120, 40}}
	for _, size := range sizes {
		m.SetSize(size[0], size[1])
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
	}
	m.SetSize(80, 24)
	m, _ = typePath(m, "s.csv")
	flat := strings.Join(strings.Fields(tuitest.Screen(m)), " ")
	tuitest.Contains(t, flat, "Read otherwise than written", "contact_phone 380501234567 read as", "+380501234567 (a phone whose", "a spreadsheet dropped, taking it for a number")
	for _, size := range sizes {
		m.SetSize(size[0], size[1])
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
	}
}

// An export edited and imported back: the plan says which listings change, what in
// each, and that the active ones go back to moderation.
func TestPlanSaysWhatEditsChange(t *testing.T) {
	dir := t.TempDir()
	sheet := "id,title,price,city\n10053,Ремонт квартир під ключ,1600,Львів\n10051,Репетитор з англійської мови онлайн,400,Бровари\n"
	if err := os.WriteFile(filepath.Join(dir, "exp.csv"), []byte(sheet), 0o600); err != nil {
		t.Fatal(err)
	}
	m := newView(t, dir)
	m, _ = typePath(m, "exp.csv")
	flat := strings.Join(strings.Fields(tuitest.Screen(m)), " ")
	tuitest.Contains(t, flat, "1 to edit, 1 unchanged", "the edits change price (1 listing)",
		"! 1 active listing goes back to moderation", "What the edits change:", "listing 10053: price 1500 → 1600")
}

// A refused row shows its first catalog.MaxRowProblems problems and how many more.
func TestPlanSaysHowManyMoreProblems(t *testing.T) {
	r := catalog.Row{Line: 3, Action: catalog.Refused, MoreProblems: 80}
	for i := range catalog.MaxRowProblems {
		r.Problems = append(r.Problems, catalog.Problem{Column: fmt.Sprintf("attr.x%d", i), Reason: "no such attribute"})
	}
	text := strings.Join(planLines(&catalog.Plan{Header: catalog.Header{Rows: []catalog.Row{r}}, Refused: 1}, "wide.jsonl", false), "\n")
	if n := strings.Count(text, "no such attribute"); n != 20 || !strings.Contains(text, "row 3: and 80 more problems in this row") {
		t.Errorf("%d problems shown:\n%s", n, text)
	}
}

// The box opened again holds the path of before selected: typing replaces it (it was
// appended to: "shop/stock.csvshop/export.xlsx: no such file"), enter checks it
// again, and an arrow keeps it to edit.
func TestThePathOfBeforeIsReplacedByTyping(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "shop")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	writeSheet(t, sub, "export.csv")
	m := newView(t, dir)
	m, _ = typePath(m, "shop/stock.csv")
	tuitest.Contains(t, tuitest.Screen(m), "shop/stock.csv: no such file")
	m, _ = loop.Press(m, "esc")

	m, _ = m.Open()
	tuitest.Contains(t, tuitest.Screen(m), "sheet: shop/stock.csv", "enter checks it again, typing replaces it")
	m, _ = typePath(m, "shop/export.csv")
	if v := m.input.Value(); v != "shop/export.csv" {
		t.Fatalf("typed over the path of before: %q", v)
	}
	tuitest.Contains(t, tuitest.Screen(m), "3 rows")
	tuitest.Lacks(t, tuitest.Screen(m), "no such file")

	m, _ = loop.Press(m, "esc")
	m, _ = m.Open()
	m, _ = loop.Press(m, "enter") // the same sheet again
	tuitest.Contains(t, tuitest.Screen(m), "3 rows")

	m, _ = loop.Press(m, "esc")
	m, _ = m.Open()
	m, _ = loop.Press(m, "ctrl+t") // the switch keeps the selection
	tuitest.Contains(t, tuitest.Screen(m), "[x] ask the AI", "typing replaces it")
	m, _ = loop.Press(m, "left") // the arrow edits the path
	m, _ = loop.Type(m, "s")
	if v := m.input.Value(); v != "shop/export.cssv" {
		t.Fatalf("an arrow, then a letter: %q", v)
	}
	m, _ = loop.Press(m, "esc")
	m, _ = m.Open()
	m, _ = loop.Press(m, "backspace")
	if v := m.input.Value(); v != "" {
		t.Fatalf("backspace on the selected path: %q", v)
	}
	tuitest.Lacks(t, tuitest.Screen(m), "typing replaces it")
}
