package tuitest

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/internal/i18n"
)

// InLang makes l the interface's language until the test ends, then English again.
// The language is the whole process's: a test that calls it must not run in
// parallel with others that draw words.
func InLang(t testing.TB, l i18n.Lang) {
	i18n.Use(l)
	t.Cleanup(func() { i18n.Use(i18n.English) })
}

// Small are the sizes every screen must fit: a common terminal's and a small one's.
var Small = [][2]int{{80, 24}, {60, 15}}

// Goldens checks every screen at every size against its golden file, a subtest each
// named "<screen>_<w>x<h>" (testdata/<test>/<screen>_<w>x<h>.golden): the views'
// goldens in another language than English, drawn at the sizes every screen must
// fit. A screen is drawn by its func at w×h; check (CheckSize, CheckExactSize) says
// whether the drawing has the size it promises.
func Goldens(t *testing.T, sizes [][2]int, screens map[string]func(t *testing.T, w, h int) string,
	check func(t testing.TB, view string, w, h int)) {
	t.Helper()
	for _, size := range sizes {
		w, h := size[0], size[1]
		for name, draw := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", name, w, h), func(t *testing.T) {
				view := draw(t, w, h)
				check(t, view, w, h)
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}
