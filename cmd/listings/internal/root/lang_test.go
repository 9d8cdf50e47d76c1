package root_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// The human text speaks the user's language; what a script reads does not. These
// tests switch the interface's language, so none of them runs in parallel.

func inLang(c *clitest.Runner, env ...string) *clitest.Runner {
	cp := *c
	cp.Env = map[string]string{}
	for i := 0; i+1 < len(env); i += 2 {
		cp.Env[env[i]] = env[i+1]
	}
	return &cp
}

// TestJSONSameInEveryLanguage: --json output is byte for byte the same under a
// Ukrainian locale as under C, for a list, a listing and the jobs.
func TestJSONSameInEveryLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.InProcess(t, sandbox.Options{})
	c.DataDir = t.TempDir()
	en, uk := inLang(c, "LANG", "C"), inLang(c, "LANG", "uk_UA.UTF-8")
	ls := en.OK("", "ls", "--limit", "3", "--json")
	if got := uk.OK("", "ls", "--limit", "3", "--json"); got != ls {
		t.Errorf("ls --json differs under uk_UA:\n%s\nC:\n%s", got, ls)
	}
	var rows []struct {
		ID int `json:"id"`
	}
	en.OKJSON(&rows, "", "ls", "--limit", "1", "--json")
	if len(rows) != 1 {
		t.Fatalf("ls: %v", rows)
	}
	id := clitest.Itoa(rows[0].ID)
	if a, b := en.OK("", "show", id, "--json"), uk.OK("", "show", id, "--json"); a != b {
		t.Errorf("show --json differs under uk_UA:\n%s\nC:\n%s", b, a)
	}
	if a, b := en.OK("", "jobs", "--json"), uk.OK("", "jobs", "--json"); a != b {
		t.Errorf("jobs --json differs under uk_UA:\n%s\nC:\n%s", b, a)
	}
	// A failure's error object too: its message is English; standard error is not.
	a := en.Fails(cmdutil.ExitUsage, "", "ls", "--limit", "500", "--json")
	b := uk.Fails(cmdutil.ExitUsage, "", "ls", "--limit", "500", "--json")
	if a.Stdout != b.Stdout || a.Stderr == b.Stderr {
		t.Errorf("the error object differs, or standard error does not:\nC %q %q\nuk %q %q", a.Stdout, a.Stderr, b.Stdout, b.Stderr)
	}
}

// TestUkrainianTable: ls for a person under a Ukrainian locale has Ukrainian
// headers, and its footer counts with the right plural form.
func TestUkrainianTable(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.InProcess(t, sandbox.Options{})
	uk := inLang(c, "LANG", "uk_UA.UTF-8")
	r := uk.Run("", "ls", "--limit", "2")
	head, _, _ := strings.Cut(r.Stdout, "\n")
	for _, w := range []string{"ID", "СТАТУС", "ЦІНА", "НАЗВА", "МІСТО", "СТВОРЕНО"} {
		if !strings.Contains(head, w) {
			t.Errorf("the header lacks %s: %q", w, head)
		}
	}
	for limit, want := range map[string]string{
		"1": "показано 1 оголошення;", "2": "показано 2 оголошення;", "5": "показано 5 оголошень;",
	} {
		if r := uk.Run("", "ls", "--limit", limit); !strings.Contains(r.Stderr, want) {
			t.Errorf("--limit %s: stderr %q, want %q", limit, r.Stderr, want)
		}
	}
	// The same under C stays English.
	if r := inLang(c, "LANG", "C").Run("", "ls", "--limit", "2"); !strings.HasPrefix(r.Stdout, "ID  ") ||
		!strings.Contains(r.Stdout, "CREATED AT") || !strings.Contains(r.Stderr, "2 listings shown;") {
		t.Errorf("English:\n%s\n%s", r.Stdout, r.Stderr)
	}
}

// TestUkrainianError: an error on standard error is in Ukrainian, what to do included.
func TestUkrainianError(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.InProcess(t, sandbox.Options{})
	r := inLang(c, "LANG", "uk_UA.UTF-8").Fails(cmdutil.ExitError, "", "show", "999999")
	if want := "listings: оголошення 999999 не знайдено: його немає або воно належить іншому акаунту; див. listings ls --status all\n"; r.Stderr != want {
		t.Errorf("stderr %q, want %q", r.Stderr, want)
	}
	r = inLang(c, "LANGUAGE", "ru", "LANG", "ru_UA.UTF-8").Fails(cmdutil.ExitUsage, "", "lss")
	if !strings.Contains(r.Stderr, "неизвестная команда \"lss\"") || !strings.Contains(r.Stderr, "listings ls?") {
		t.Errorf("stderr %q", r.Stderr)
	}
}

// TestConfigLanguageWins: the config's language fixes the human text's, whatever
// the system's.
func TestConfigLanguageWins(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.InProcess(t, sandbox.Options{})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"language": "en", "profiles": {}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := inLang(c, "LANG", "uk_UA.UTF-8", "LISTINGS_CONFIG_DIR", dir).Run("", "ls", "--limit", "2")
	if !strings.Contains(r.Stdout, "CREATED AT") || !strings.Contains(r.Stderr, "2 listings shown;") {
		t.Errorf("language en under uk_UA:\n%s\n%s", r.Stdout, r.Stderr)
	}
}

// TestUkrainianHelp: help's lists of commands and its headings are Ukrainian; the
// command and flag names are not.
func TestUkrainianHelp(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.Offline(t)
	out := inLang(c, "LANG", "uk_UA.UTF-8").OK("", "--help")
	for _, w := range []string{"Команди:", "  ls ", "Ваші оголошення", "Прапорці:", "--profile string", "профіль (типово"} {
		if !strings.Contains(out, w) {
			t.Errorf("help lacks %q:\n%s", w, out)
		}
	}
	if out := inLang(c, "LANG", "C").OK("", "--help"); !strings.Contains(out, "Available Commands:") || !strings.Contains(out, "List your listings") {
		t.Errorf("English help:\n%s", out)
	}
}

// TestImportAndUndoJSONSameInEveryLanguage: an import's plan with refused rows and
// the plan of its undo print the same --json under a Ukrainian locale as under C,
// while their human text on standard error says the problems in each language.
func TestImportAndUndoJSONSameInEveryLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	c := clitest.InProcess(t, sandbox.Options{})
	c.DataDir = t.TempDir()
	en, uk := inLang(c, "LANG", "C"), inLang(c, "LANG", "uk_UA.UTF-8")
	const cat = "Електроніка > Телефони та аксесуари > Мобільні телефони"
	sheet := filepath.Join(t.TempDir(), "stock.csv")
	text := "title,description,price,currency,condition,category,city,attr.brand,attr.model,attr.memory\n" +
		"Телефон Moto J1,Смартфон у гарному стані з коробкою,3100,UAH,used," + cat + ",Одеса,Motorola,Edge 1,128 ГБ\n" +
		"Телефон Moto J2,Смартфон у гарному стані з коробкою,дешево,тугрики,used," + cat + ",Одеса,Motorola,Edge 2,128 ГБ\n" +
		"Телефон Moto J3,Смартфон у гарному стані з коробкою,3300,UAH,used,Неіснуюча > Категорія,Неіснуюче Місто,Motorola,Edge 3,багато\n"
	if err := os.WriteFile(sheet, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	a, b := en.Run("", "import", sheet, "--dry-run", "--json"), uk.Run("", "import", sheet, "--dry-run", "--json")
	if a.Stdout != b.Stdout || a.Code != b.Code || !strings.Contains(a.Stdout, "is not a price") {
		t.Errorf("import --json differs under uk_UA, or lacks the problems' English:\n%s\nC:\n%s", b.Stdout, a.Stdout)
	}
	for _, w := range []string{"— не ціна", "— не валюта", "категорії \"Неіснуюча > Категорія\" немає", "міста з назвою"} {
		if !strings.Contains(b.Stderr, w) {
			t.Errorf("uk standard error lacks %q:\n%s", w, b.Stderr)
		}
	}
	if strings.Contains(b.Stderr, "is not a") || !strings.Contains(a.Stderr, "is not a currency") {
		t.Errorf("standard error in the wrong language:\nuk %s\nC %s", b.Stderr, a.Stderr)
	}

	en.Run("", "import", sheet, "--skip-bad", "--json")
	var jobs []struct {
		ID string `json:"id"`
	}
	en.OKJSON(&jobs, "", "jobs", "--json")
	if len(jobs) != 1 {
		t.Fatalf("jobs: %v", jobs)
	}
	if a, b := en.OK("", "jobs", "--json"), uk.OK("", "jobs", "--json"); a != b {
		t.Errorf("jobs --json differs under uk_UA:\n%s\nC:\n%s", b, a)
	}
	a, b = en.Run("", "jobs", "undo", jobs[0].ID, "--dry-run", "--json"), uk.Run("", "jobs", "undo", jobs[0].ID, "--dry-run", "--json")
	if a.Stdout != b.Stdout || a.Code != b.Code || !strings.Contains(a.Stdout, "undo of job") {
		t.Errorf("jobs undo --json differs under uk_UA, or lacks its English:\n%s\nC:\n%s", b.Stdout, a.Stdout)
	}
	if !strings.Contains(b.Stderr, "скасування завдання") || strings.Contains(b.Stderr, "undo of job") {
		t.Errorf("the undo's summary on uk standard error:\n%s", b.Stderr)
	}
}
