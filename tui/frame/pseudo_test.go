package frame_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/frame"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/palette"
)

// The shared parts drawn in the pseudo-language (every word 40 % longer, accented)
// at the two smallest screens must keep their essentials, whatever a longer
// language cuts:
//   - the footer: the root's hints (? and q) whole, key and word; a view's hint
//     either whole or gone, never a key without its word;
//   - the header: the app's name and the language;
//   - a banner: its mark, and how to dismiss it;
//   - the wait line: how to give the wait up (esc);
//   - the help: its title, its first key, and ↑/↓ when it scrolls;
//   - the palette: every listed action's keys, whole, on the right;
//   - the quit question: the question and both choices, keys and words.

type none struct{}

// tables are a browser-like view's footer and the root's, by their real ids so that
// the catalog's words are drawn.
var (
	viewTable = action.Table[none]{Actions: []action.Action[none]{
		{ID: "browser.open", Desc: "open", Keys: []string{"enter"}, Short: 1},
		{ID: "browser.filter", Desc: "filter", Keys: []string{"/"}, Short: 2},
		{ID: "browser.activate", Desc: "activate", Keys: []string{"a"}, Short: 3},
		{ID: "browser.deactivate", Desc: "deactivate", Keys: []string{"x"}, Short: 4},
		{ID: "browser.mark", Desc: "mark", Keys: []string{" "}, Short: 5},
		{ID: "browser.import", Desc: "import a sheet", Keys: []string{"I"}, Short: 6},
		{ID: "browser.up", Desc: "up", Keys: []string{"up", "k"}},
		{ID: "browser.page_down", Desc: "page down", Keys: []string{"pgdown", "ctrl+d"}},
	}}
	rootTable = action.Table[none]{Actions: []action.Action[none]{
		{ID: "global.help", Desc: "help", Keys: []string{"?"}, Short: 1},
		{ID: "global.quit", Desc: "quit", Keys: []string{"q"}, Short: 2},
		{ID: "global.palette", Desc: "commands", Keys: []string{":", "ctrl+p"}, Label: ":/ctrl+p", Group: 1},
		{ID: "global.new", Desc: "new listing", Keys: []string{"n"}, Group: 1},
	}}
)

var sizes = []struct{ w, h int }{{80, 24}, {60, 15}}

func plain(lines []string) string { return ansi.Strip(strings.Join(lines, "\n")) }

// The same essentials hold in the languages the app speaks, Ukrainian and Russian
// (English has its goldens).
func TestPseudoKeepsTheEssentials(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, l := range []i18n.Lang{i18n.Pseudo, i18n.Ukrainian, i18n.Russian} {
		i18n.Use(l)
		essentials(t, l)
	}
}

func essentials(t *testing.T, l i18n.Lang) {
	view := viewTable.Help(none{}, nil).ShortHelp()
	root := rootTable.Help(none{}, nil).ShortHelp()
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("%s/%dx%d", l, sz.w, sz.h), func(t *testing.T) {
			footer(t, sz.w, view, root)
			header(t, sz.w, string(l))
			banner(t, sz.w, sz.h)
			wait(t, sz.w, sz.h)
			helpBox(t, sz.w, sz.h)
			paletteBox(t, sz.w, sz.h)
			quit(t, sz.w, sz.h)
		})
	}
}

func whole(b key.Binding) string { return b.Help().Key + " " + b.Help().Desc }

func footer(t *testing.T, w int, view, root []key.Binding) {
	status := frame.Status(api.Budget{Known: true, UsedMinute: 12, PerMinute: 60, UsedToday: 340, PerDay: 5000}, w)
	s := ansi.Strip(frame.Footer(help.New(), view, root, status, w))
	if ansi.StringWidth(s) != w {
		t.Errorf("%d: the footer is %d wide", w, ansi.StringWidth(s))
	}
	for _, b := range root {
		if !strings.Contains(s, whole(b)) {
			t.Errorf("%d: the footer lacks %q: %q", w, whole(b), s)
		}
	}
	for _, b := range view {
		if strings.Contains(s, b.Help().Key+" ") && !strings.Contains(s, whole(b)) {
			t.Errorf("%d: the footer cuts %q: %q", w, whole(b), s)
		}
	}
}

func header(t *testing.T, w int, lang string) {
	s := ansi.Strip(frame.Header("shop-kyiv", "api.example.com", lang, w))
	if !strings.HasPrefix(s, "listings") || !strings.HasSuffix(s, " "+lang) {
		t.Errorf("%d: header %q", w, s)
	}
}

func banner(t *testing.T, w, h int) {
	b := notice.NewBanner(i18n.T("notice.daily"), errors.New("boom"),
		notice.Why{Code: "server_error", Hint: "the service failed; it is not your fault", Todo: "try again in a minute"},
		time.Time{}, time.Time{})
	b.Render(time.Time{}, w, notice.Height(h))
	s := plain(b.Lines())
	if !strings.Contains(s, i18n.T("notice.dismiss", "Key", "esc")) || !strings.Contains(s, "✖") {
		t.Errorf("%d×%d: the banner lacks its mark or how to dismiss it:\n%s", w, h, s)
	}
}

func wait(t *testing.T, w, h int) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	l := notice.Line{Text: notice.WaitText(api.Wait{Until: now.Add(42 * time.Second), PerMinute: 60}, now)}
	l.Fit(w, notice.Height(h))
	if s := plain(l.Lines()); !strings.Contains(s, "esc") || !strings.Contains(s, "⧗ ") {
		t.Errorf("%d×%d: the wait does not say how to give it up:\n%s", w, h, s)
	}
}

func helpBox(t *testing.T, w, h int) {
	groups := action.HelpOf(append(viewTable.Reach(none{}, nil), rootTable.Reach(none{}, nil)...)).FullHelp()
	lines, _ := helpview.Overlay(help.New(), groups, w, h-2, 0)
	s := plain(lines)
	if !strings.Contains(s, i18n.T("helpview.title")) || !strings.Contains(s, groups[0][0].Help().Key+" ") {
		t.Errorf("%d×%d: the help lacks its title or its first key:\n%s", w, h, s)
	}
	n := 0
	for _, col := range groups {
		n += len(col) + 1
	}
	if n > h-6 && !strings.Contains(s, "↑/↓") {
		t.Errorf("%d×%d: the help scrolls without saying how:\n%s", w, h, s)
	}
}

func paletteBox(t *testing.T, w, h int) {
	reach := append(viewTable.Reach(none{}, nil), rootTable.Reach(none{}, nil)...)
	lines := palette.New(reach).Over(make([]string, h-2), w)
	s := plain(lines)
	for _, b := range reach {
		if !strings.Contains(s, b.Desc[:4]) {
			continue // scrolled out of the box
		}
		if !strings.Contains(s, b.Label+" ") && !strings.Contains(s, b.Label+"│") {
			t.Errorf("%d×%d: the palette lists %q without its keys %q:\n%s", w, h, b.Desc, b.Label, s)
		}
	}
}

func quit(t *testing.T, w, h int) {
	lines := confirm.QuitQuestion([]string{"a job is running: it stops where it is"}).Over(make([]string, h-2), w)
	s := plain(lines)
	for _, want := range []string{i18n.T("confirm.quit"), "y/enter: " + i18n.T("confirm.quit.yes"), "n/esc: " + i18n.T("confirm.quit.no")} {
		if !strings.Contains(strings.ReplaceAll(s, "\n", " "), want) {
			t.Errorf("%d×%d: the quit question lacks %q:\n%s", w, h, want, s)
		}
	}
}
