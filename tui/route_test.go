package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/msgs"
)

// counting is a view that records every message it is given. Asked (ask), it sends
// a request of its own whose answer (answer) must come back to it alone.
type counting struct{ got *[]string }

type (
	ask    struct{}
	answer struct{}
)

type noKeys struct{}

func (noKeys) ShortHelp() []key.Binding  { return nil }
func (noKeys) FullHelp() [][]key.Binding { return nil }

func (c counting) Update(msg tea.Msg) (counting, tea.Cmd) {
	*c.got = append(*c.got, fmt.Sprintf("%T", msg))
	if _, ok := msg.(ask); ok {
		return c, func() tea.Msg { return answer{} }
	}
	return c, nil
}
func (c counting) View() string      { return "counting" }
func (c counting) Capturing() bool   { return false }
func (c counting) KeyMap() noKeys    { return noKeys{} }
func (c *counting) SetSize(int, int) {}

var _ help.KeyMap = noKeys{}

// A view receives what it asked for and the global messages, never the answers meant
// for the others: here the browser's pages, the detail's listing, the drafts list and
// the start-up ping all go by while the counting view is registered.
func TestAViewReceivesOnlyItsOwnAnswers(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	var got []string
	m := f.model(f.options(), 100, 30)
	const countingID = numViews
	m.views.Set(countingID, registry.Hold(counting{got: &got}))
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "enter")                     // the detail loads a listing
	m, _ = f.press(m, "esc", "tab", "r", "L", "W") // another tab, a refresh, a language, the watch panel
	m, cmd := m.deliver(countingID, ask{})
	m, _ = f.settle(m, cmd)

	allowed := map[string]bool{
		"tui.ask": true, "tui.answer": true, // its own request and answer
		fmt.Sprintf("%T", msgs.LangChanged{}):    true, // the globals
		fmt.Sprintf("%T", msgs.ListingChanged{}): true,
		fmt.Sprintf("%T", msgs.DraftsChanged{}):  true,
		fmt.Sprintf("%T", msgs.Tick{}):           true,
	}
	answers := 0
	for _, g := range got {
		if !allowed[g] {
			t.Errorf("the counting view was given %s, which it did not ask for", g)
		}
		if g == "tui.answer" {
			answers++
		}
	}
	if answers != 1 || !strings.Contains(strings.Join(got, " "), "msgs.LangChanged") {
		t.Fatalf("the counting view got %v: want its one answer and the language change", got)
	}
}
