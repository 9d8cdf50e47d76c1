package registry

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

type keys struct{}

func (keys) ShortHelp() []key.Binding  { return nil }
func (keys) FullHelp() [][]key.Binding { return nil }

// plain is a view without a selection; sized records SetSize on its pointer.
type plain struct{ w, h int }

func (p plain) Update(tea.Msg) (plain, tea.Cmd) { return p, nil }
func (p plain) View() string                    { return "plain" }
func (p plain) Capturing() bool                 { return false }
func (p plain) KeyMap() keys                    { return keys{} }
func (p *plain) SetSize(w, h int)               { p.w, p.h = w, h }

type cursor struct{ plain }

func (c cursor) Update(tea.Msg) (cursor, tea.Cmd) { return c, nil }
func (c cursor) SelectedID() (int, bool)          { return 7, true }

// A replaced view gets a new generation, so that answers to the old one are dropped;
// ids past the end are nobody's.
func TestGenerationsAndIDs(t *testing.T) {
	var r Registry[int]
	if r.Get(3) != nil || r.Gen(3) != 0 || r.Get(-1) != nil {
		t.Fatal("an empty registry has a view")
	}
	r.Set(2, Hold(plain{}))
	r.Set(2, Hold(plain{}))
	r.Set(0, Hold(cursor{}))
	if r.Gen(2) != 2 || r.Gen(0) != 1 || r.Gen(1) != 0 || r.Get(1) != nil {
		t.Fatalf("gens %d %d %d", r.Gen(0), r.Gen(1), r.Gen(2))
	}
	var ids []int
	r.Each(func(id int, p Pane) { ids = append(ids, id); p.SetSize(80, 20) })
	if len(ids) != 2 || ids[0] != 0 || ids[1] != 2 {
		t.Fatalf("each: %v", ids)
	}
	if h := r.Get(2).(*Holder[plain, keys]); h.M.w != 80 || h.M.h != 20 {
		t.Fatalf("SetSize did not reach the view: %+v", h.M)
	}
	if id, ok := r.Get(0).Selected(); !ok || id != 7 {
		t.Fatalf("selected %d %v", id, ok)
	}
	if _, ok := r.Get(2).Selected(); ok {
		t.Fatal("a view without a cursor has a selection")
	}
}

// A dropped view is gone from Get and Each and its answers are outdated; past the
// end, Drop does nothing.
func TestDrop(t *testing.T) {
	var r Registry[int]
	r.Set(1, Hold(plain{}))
	r.Drop(1)
	r.Drop(5)
	r.Drop(-1)
	if r.Get(1) != nil || r.Gen(1) != 2 || r.Gen(5) != 0 {
		t.Fatalf("after Drop: view %v, gen %d", r.Get(1) != nil, r.Gen(1))
	}
	n := 0
	r.Each(func(int, Pane) { n++ })
	if n != 0 {
		t.Fatalf("each visits %d dropped views", n)
	}
}
