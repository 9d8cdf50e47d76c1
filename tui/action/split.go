package action

import "github.com/charmbracelet/bubbles/key"

// Split parts what is in reach on screen (Merge's reach) into the view's actions and
// the root's, which the footer and the help show apart: the root's are never the ones
// the footer cuts, and they make the help's last column.
func Split(reach []Bound) (view, global []Bound) {
	for _, b := range reach {
		if b.Global {
			global = append(global, b)
		} else {
			view = append(view, b)
		}
	}
	return view, global
}

// Columns are the help overlay's columns: the view's groups, then the root's actions
// in one.
func Columns(view, global []Bound) [][]key.Binding {
	var root []key.Binding
	for _, col := range HelpOf(global).FullHelp() {
		root = append(root, col...)
	}
	return append(HelpOf(view).FullHelp(), root)
}
