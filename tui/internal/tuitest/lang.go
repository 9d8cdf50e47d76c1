package tuitest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
)

// ViewSizes are the sizes a view is drawn at for the goldens of each language: a
// terminal of 80×24 and one of 60×15, less the root's header and footer.
var ViewSizes = []struct {
	Name string
	W, H int
}{{"80x24", 80, 22}, {"60x15", 60, 13}}

// Flat is a screen's text with a dialog's borders gone and its lines joined, runs of
// spaces as one: a sentence the dialog wraps reads whole in it, one it cuts does not.
func Flat(screen string) string {
	screen = strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(screen)
	return strings.Join(strings.Fields(screen), " ")
}

// Unbroken is a screen's lines, each without its trailing spaces, joined with nothing
// between them: a path broken at the width anywhere (a report's) reads whole in it.
func Unbroken(screen string) string {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "")
}

// Pages is every page of a scrolled view: its screen, then after each of up to n
// presses of next (pgdown), so that a test reads all of what it says.
func Pages[M interface{ View() string }](m M, n int, next func(M) M) string {
	all := []string{Screen(m)}
	for range n {
		m = next(m)
		all = append(all, Screen(m))
	}
	return strings.Join(all, "\n")
}

// GoldenByLanguage draws screen in English and in Ukrainian at each of ViewSizes, a
// subtest each ("uk_80x24") with the interface in its language, checks the frame's
// size, and compares it with its golden; the Ukrainian screen must contain ukWants.
func GoldenByLanguage(t *testing.T, screen func(t *testing.T, w, h int) string, ukWants ...string) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian} {
		for _, sz := range ViewSizes {
			t.Run(string(l)+"_"+sz.Name, func(t *testing.T) {
				InLang(t, l)
				v := screen(t, sz.W, sz.H)
				CheckSize(t, v, sz.W, sz.H)
				s := ansi.Strip(v)
				if l == i18n.Ukrainian {
					Contains(t, s, ukWants...)
				}
				golden.RequireEqual(t, []byte(s))
			})
		}
	}
}

// Whole fails t for each of wants that text (a view's pages) does not hold whole, a
// dialog's wrapping aside.
func Whole(t testing.TB, text string, wants ...string) {
	t.Helper()
	s := Flat(text)
	for _, want := range wants {
		if !strings.Contains(s, Flat(want)) {
			t.Errorf("%q is cut away:\n%s", want, text)
		}
	}
}

// WhysHaveWords checks that every id beginning with area (rules.Lazy's: built at run
// time, out of the scan of the code's sight; no fewer than least) is said by the
// entry prefix+id in each language, its placeholders filled from args (name, value
// pairs every id may draw from), and that English's words are the Why's own String.
func WhysHaveWords(t *testing.T, prefix, area string, least int, args ...any) {
	t.Helper()
	ids := rules.Lazy(area)
	if len(ids) < least {
		t.Fatalf("only %d of the ids of %s are known", len(ids), area)
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		InLang(t, l)
		for id := range ids {
			w := rules.Because(id, args...)
			got := i18n.Reason(prefix, w)
			if strings.HasPrefix(got, prefix) || strings.Contains(got, "{{") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s has no words: %q", l, id, got)
			}
			if l == i18n.English && got != w.String() {
				t.Errorf("%s: the catalog says %q, the Why %q", id, got, w.String())
			}
		}
	}
}
