package helpview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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

// The overlay scrolls by a line, a page (the view less its frame) or a wheel's notch,
// never above its top; other keys and buttons leave it.
func TestScrollAndWheel(t *testing.T) {
	cases := []struct {
		k    string
		want int
	}{{"down", 11}, {"j", 11}, {"up", 9}, {"pgdown", 25}, {"G", 25}, {"pgup", -5}, {"x", 10}}
	for _, c := range cases {
		k := tea.KeyMsg(tea.Key{Type: tea.KeyRunes, Runes: []rune(c.k)})
		switch c.k {
		case "down", "up", "pgdown", "pgup":
			k = tea.KeyMsg(map[string]tea.Key{"down": {Type: tea.KeyDown}, "up": {Type: tea.KeyUp},
				"pgdown": {Type: tea.KeyPgDown}, "pgup": {Type: tea.KeyPgUp}}[c.k])
		}
		if got := Scroll(k, 10, 20); got != c.want {
			t.Errorf("%s: %d, want %d", c.k, got, c.want)
		}
	}
	if got := Wheel(tea.MouseButtonWheelUp, 2); got != 0 {
		t.Errorf("wheel up from 2: %d", got)
	}
	if got := Wheel(tea.MouseButtonWheelDown, 2); got != 5 {
		t.Errorf("wheel down from 2: %d", got)
	}
	if got := Wheel(tea.MouseButtonLeft, 2); got != 2 {
		t.Errorf("a click: %d", got)
	}
}
