package registry

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

type answer struct{}

// An answer comes back addressed to the view that asked, of its generation; batches
// keep their shape with each command addressed, and Bubble Tea's own messages pass.
func TestAddressBringsTheAnswerBack(t *testing.T) {
	var r Registry[int]
	r.Set(2, nil)
	a, ok := r.Address(2, func() tea.Msg { return answer{} })().(Addressed[int])
	if !ok || a.To != 2 || a.Msg != (answer{}) || !r.Current(a) {
		t.Fatalf("addressed: %#v", a)
	}
	r.Set(2, nil) // replaced: the old view's answer is outdated
	if r.Current(a) {
		t.Fatal("an answer to a replaced view is current")
	}
	if _, ok := r.Address(2, tea.Quit)().(tea.QuitMsg); !ok {
		t.Fatal("quit was addressed")
	}
	b, ok := r.Address(2, tea.Batch(func() tea.Msg { return answer{} }, func() tea.Msg { return answer{} }))().(tea.BatchMsg)
	if !ok || len(b) != 2 {
		t.Fatalf("a batch: %T", b)
	}
	if _, ok := b[0]().(Addressed[int]); !ok {
		t.Fatal("a batch's command is not addressed")
	}
	if r.Address(2, nil) != nil {
		t.Fatal("no command became one")
	}
}
