package confirm

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

func press(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// y and enter say yes, n and esc no, any other key nothing; the quit action's key
// says yes to the quit question only.
func TestAnswerReadsTheKey(t *testing.T) {
	keys := DefaultKeys()
	status := Status(msgs.RequestStatus{ID: 1, Title: "t", From: "active", To: "inactive"})
	quit := QuitQuestion([]string{"a job is running"})
	for _, c := range []struct {
		d       *Dialog
		k       string
		quitKey bool
		want    Answer
	}{
		{status, "y", false, Yes}, {status, "enter", false, Yes}, {status, "n", false, No},
		{status, "esc", false, No}, {status, "x", false, None}, {status, "q", true, None},
		{quit, "q", true, Yes}, {quit, "y", false, Yes}, {quit, "esc", false, No},
	} {
		if got := c.d.Answer(press(c.k), keys, c.quitKey); got != c.want {
			t.Errorf("quit %v, %q: %v, want %v", c.d.Quit, c.k, got, c.want)
		}
	}
}

// The footer names the question's own keys: quit or stay, with the key that quits at
// once, or yes and no.
func TestFooterNamesTheQuestionsKeys(t *testing.T) {
	force := key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit"))
	q := QuitQuestion(nil).Footer(DefaultKeys(), force)
	if len(q) != 3 || q[0].Help().Desc != "quit" || q[1].Help().Desc != "stay" || q[2].Help().Key != "ctrl+c" {
		t.Fatalf("the quit question's footer: %v", q)
	}
	s := Status(msgs.RequestStatus{ID: 1, From: "active", To: "inactive"}).Footer(DefaultKeys(), force)
	if len(s) != 2 || s[0].Help().Desc != "yes" || s[1].Help().Desc != "no" {
		t.Fatalf("the status question's footer: %v", s)
	}
}
