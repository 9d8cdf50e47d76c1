package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// shopSheet writes at dir/stock.csv three phones for the sandbox, the second with a
// price that is no number.
func shopSheet(t *testing.T, dir string) {
	t.Helper()
	const cat = "Електроніка > Телефони та аксесуари > Мобільні телефони"
	text := "title,description,price,currency,condition,category,city,attr.brand,attr.model,attr.memory\n"
	for i, price := range []string{"2100", "дорого", "2300"} {
		n := string(rune('1' + i))
		text += "Смартфон Xiaomi Redmi " + n + ",\"Смартфон у гарному стані, з коробкою і чохлом.\"," + price +
			",UAH,used," + cat + ",Одеса,Xiaomi,Redmi " + n + ",128 ГБ\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "stock.csv"), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestImportSheetFromTheBrowser imports a sheet of three rows, one bad, on the
// sandbox: I, the path, the plan with the refused row, y; the job creates the two
// good rows, the panel lists the bad one, and the browser shows the new listings
// (the sandbox makes them active: the watch of pending ones is tui/jobs' test).
func TestImportSheetFromTheBrowser(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	dir := t.TempDir()
	shopSheet(t, dir)
	opts := f.options()
	opts.StartDir = dir
	m := f.model(opts, 100, 30)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "I")
	has(t, m, "Import a sheet", "sheet:")
	m, _ = f.press(m, strings.Split("stock.csv", "")...)
	m, _ = f.press(m, "enter")
	has(t, m, "Import stock.csv?", "2 to create", "1 refused", "row 3 “Смартфон Xiaomi Redmi 2”: price", "run the good rows")
	if n := g.count("POST"); n != 0 {
		t.Fatalf("%d POSTs before the confirmation", n)
	}
	m, _ = f.press(m, "y")
	has(t, m, "Jobs", "import of stock.csv: 2 rows to send", "2 done", "0 left", "Not done (1 row)",
		"row 3 “Смартфон Xiaomi Redmi 2”: price")
	if n := g.count("POST"); n != 2 {
		t.Errorf("%d POSTs, want the 2 creates", n)
	}
	m, _ = f.press(m, "esc")
	s := tuitest.Screen(m)
	for _, title := range []string{"Смартфон Xiaomi Redmi 1", "Смартфон Xiaomi Redmi 3"} {
		if !strings.Contains(s, title) {
			t.Errorf("%q not in the browser after the job:\n%s", title, s)
		}
	}
	tuitest.Lacks(t, s, "Смартфон Xiaomi Redmi 2")
}

func TestGoldenImportPlan(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	dir := t.TempDir()
	shopSheet(t, dir)
	tm := teaRunWith(t, f, func(o *Options) { o.StartDir = dir })
	waitScreen(t, tm, "1/28", meterText(2))
	tm.Send(tuitest.Key("I"))
	waitScreen(t, tm, "Import a sheet")
	for _, r := range "stock.csv" {
		tm.Send(tuitest.Key(string(r)))
	}
	waitScreen(t, tm, "sheet: stock.csv")
	tm.Send(tuitest.Key("enter"))
	waitScreen(t, tm, "Import stock.csv?", "run the good rows")
	golden.RequireEqual(t, finalView(t, tm, f))
}
