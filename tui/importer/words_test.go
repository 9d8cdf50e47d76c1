package importer

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Every problem the import can give a row (ids built at run time, which the scan of
// the code does not see) has its words in each language, its placeholders filled,
// and English's are the words the CLI's --json and the journal keep.
func TestEveryImportProblemHasItsWords(t *testing.T) {
	tuitest.WhysHaveWords(t, "importer.why.", "import.", 60, "Row", 3, "Value", `"x"`, "IDs", "10, 11", "ID", 7, "Status", "sold", "Column", "category",
		"Langs", "uk, ru", "Path", "Авто", "Why", rules.Because("import.category.no_id", "ID", 9), "City", `"Львів"`,
		"Ref", `"r"`, "N", 2, "Places", "Бровари", "Name", "Колір", "Region", `"Київська"`, "File", "a.jpg",
		"Dir", "/tmp", "Max", 12, "Err", "a.jpg", "Category", "Авто", "Code", `"c"`, "Codes", "brand", "Labels", "Так",
		"From", "free", "To", "sell", "NameCol", "city", "RefCol", "city_ref", "More", "2 more problems", "Count", 2,
		"Line", "рядок", "Fix", "рядок", "First", "1", "Second", "2")
}

// badSheet is a sheet whose every row but the first is refused, each for another
// reason, its cells written in Ukrainian so that any Latin word on the plan is the
// app's.
func badSheet(t *testing.T, dir string) {
	t.Helper()
	row := func(title, price, currency, condition, category, city, memory string) string {
		return strings.Join([]string{title, `"Телефон у доброму стані, з коробкою й зарядкою."`, price, currency, condition,
			category, city, "Samsung", "Galaxy", memory, ""}, ",") + "\n"
	}
	const phones = "Електроніка > Телефони та аксесуари > Мобільні телефони"
	rows := sheetHead[:len(sheetHead)-1] + ",hide_phone\n" +
		row("Телефон Samsung №1", "1000", "UAH", "used", phones, "Львів", "128 ГБ") +
		row("Телефон Samsung №1", "1000", "UAH", "used", phones, "Львів", "128 ГБ") +
		row("Телефон №3", "дорого", "UAH", "used", phones, "Львів", "128 ГБ") +
		row("Телефон №4", "1000", "тугрики", "зношене", phones, "Львів", "128 ГБ") +
		row("Телефон №5", "1000", "UAH", "used", "Неіснуюча > Категорія", "Львів", "128 ГБ") +
		row("Телефон №6", "1000", "UAH", "used", "Електроніка", "Ль", "128 ГБ") +
		row("Телефон №7", "1000", "UAH", "used", phones, "Неіснуюче Місто", "багато") +
		row("Те", "", "", "", "", "", "") +
		strings.TrimSuffix(row("Телефон №9", "1000", "UAH", "used", phones, "Львів", "128 ГБ"), ",\n") + ",можливо\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.csv"), []byte(rows), 0o600); err != nil {
		t.Fatal(err)
	}
}

// latin are the words of Latin letters a Ukrainian plan may show: the sheet's column
// names, the marketplace's brand names, commands and flags, codes (UAH) and formats,
// none of which is translated.
var latin = regexp.MustCompile(`[A-Za-z][A-Za-z_.\-]*`)

var allowedLatin = []string{"title", "description", "price", "currency", "condition", "category", "category_id", "city",
	"city_ref", "attr.memory", "attr.brand", "attr.model", "hide_phone", "id", "listings", "categories", "cities", "import",
	"suggest", "Samsung", "Galaxy", "UAH", "USD", "EUR", "true", "false", "y", "n", "enter", "esc", "w", "stock.csv", "bad.csv",
	"uk", "ru", "en", "UUID", "price_type", "sell", "free", "exchange", "pgup", "pgdn", "pgdown", "GB", "ctrl"}

// A plan whose rows are refused for many reasons says them all in Ukrainian.
func TestRefusedRowsInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	dir := t.TempDir()
	badSheet(t, dir)
	m := newView(t, dir)
	m.SetSize(100, 60)
	m, out := typePath(m, "bad.csv")
	if len(out) != 0 {
		t.Fatalf("the check failed: %v\n%s", out, tuitest.Screen(m))
	}
	if m.plan == nil {
		t.Fatalf("no plan:\n%s", tuitest.Screen(m))
	}
	lines := planLines(m.plan, "bad.csv", false)
	text := ansi.Strip(strings.Join(lines, "\n"))
	if m.plan.Refused < 7 {
		t.Fatalf("%d rows refused, want 7 or more:\n%s", m.plan.Refused, text)
	}
	var english []string
	for _, w := range latin.FindAllString(text, -1) {
		if w = strings.TrimRight(w, ".-"); !slices.Contains(allowedLatin, w) && !slices.Contains(english, w) {
			english = append(english, w)
		}
	}
	if len(english) > 0 {
		t.Errorf("English on a Ukrainian plan: %q\n%s", english, text)
	}
}

// An edit's values that are the importer's words (nothing before, the profile's
// contact, yes or no) are said in the interface's language; English as the report
// writes them.
func TestChangeWords(t *testing.T) {
	cs := []catalog.Change{{Field: "hide_phone", Old: catalog.ChangeNo, New: catalog.ChangeYes},
		{Field: "contact_name", Old: "", New: catalog.ChangeProfiles}, {Field: "price", Old: "1000", New: "900"}}
	tuitest.InLang(t, i18n.English)
	if got, want := changeText(cs), (catalog.Result{Changes: cs}).ChangeText(); got != want {
		t.Errorf("English %q, the report's %q", got, want)
	}
	tuitest.InLang(t, i18n.Ukrainian)
	if got, want := changeText(cs), "hide_phone ні → так; contact_name (порожньо) → (з профілю); price 1000 → 900"; got != want {
		t.Errorf("Ukrainian %q, want %q", got, want)
	}
}
