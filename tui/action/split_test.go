package action

import "testing"

// The root's actions go apart from the view's, in their order, and make one column
// of the help after the view's groups.
func TestSplitAndColumns(t *testing.T) {
	reach := []Bound{
		{ID: "v.open", Desc: "open", Keys: []string{"enter"}, Label: "enter"},
		{ID: "global.help", Desc: "help", Keys: []string{"?"}, Label: "?", Global: true},
		{ID: "v.find", Desc: "find", Keys: []string{"/"}, Label: "/", Group: 1},
		{ID: "global.quit", Desc: "quit", Keys: []string{"q"}, Label: "q", Global: true},
	}
	view, global := Split(reach)
	if len(view) != 2 || len(global) != 2 || view[1].ID != "v.find" || global[1].ID != "global.quit" {
		t.Fatalf("split: %v | %v", view, global)
	}
	cols := Columns(view, global)
	last := cols[len(cols)-1]
	if len(last) != 2 || last[0].Help().Desc != "help" || last[1].Help().Desc != "quit" {
		t.Fatalf("the root's column: %v", last)
	}
}
