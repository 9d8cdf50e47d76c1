package helpview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

func bind(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }

// The root's keys are never the ones cut: the view's give way first, at a binding's
// end with an ellipsis.
func TestBarKeepsTheRootKeys(t *testing.T) {
	view := []key.Binding{bind("enter", "open"), bind("r", "refresh"), bind("/", "filter")}
	root := []key.Binding{bind("?", "help"), bind("q", "quit")}
	wide := ansi.Strip(Bar(New(), view, root, 80, 80))
	if !strings.HasPrefix(wide, "enter open") || !strings.HasSuffix(wide, "? help • q quit") {
		t.Errorf("wide: %q", wide)
	}
	narrow := ansi.Strip(Bar(New(), view, root, 40, 30))
	if !strings.HasSuffix(narrow, "? help • q quit") || strings.Contains(narrow, "filter") || ansi.StringWidth(narrow) > 40 {
		t.Errorf("narrow: %q", narrow)
	}
}

// An overlay taller than the view scrolls, its offset clamped to what can scroll, and
// says which lines are shown; one that fits does not scroll.
func TestOverlayScrolls(t *testing.T) {
	var g []key.Binding
	for i := range 30 {
		g = append(g, bind(string(rune('a'+i%26)), "does a thing"))
	}
	box, off := Overlay(New(), [][]key.Binding{g}, 60, 12, 99)
	if off != 30-8 || len(box) != 12 || !strings.Contains(ansi.Strip(box[1]), "lines 23–30 of 30") {
		t.Errorf("off %d, %d lines:\n%s", off, len(box), ansi.Strip(strings.Join(box, "\n")))
	}
	if _, off := Overlay(New(), [][]key.Binding{g[:3]}, 60, 12, 5); off != 0 {
		t.Errorf("a help that fits scrolled to %d", off)
	}
}
