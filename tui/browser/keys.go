package browser

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/listings-tui/listings/api"
)

// KeyMap holds the browser's bindings; it implements help.KeyMap for the root's
// footer and help overlay. While the filter input has focus, Filtering is set and
// the short help shows only what works there.
type KeyMap struct {
	Up, Down           key.Binding
	PageUp, PageDown   key.Binding
	Home, End          key.Binding
	Open               key.Binding
	NextTab, PrevTab   key.Binding
	Filter             key.Binding
	Sort, Reverse      key.Binding
	Refresh            key.Binding
	Activate           key.Binding
	Deactivate         key.Binding
	Watch              key.Binding
	OpenURL, CopyURL   key.Binding
	Accept, ClearInput key.Binding
	// Marks and the bulk actions (marks.go).
	Mark, MarkAll, ClearMarks key.Binding
	Price, Fields             key.Binding
	Import                    key.Binding // a sheet of listings (tui/importer)

	Filtering bool
	// selected is the status of the row under the cursor: the short help puts what
	// can be done with it first, where a narrow footer still shows it.
	selected api.Status
	// can says which of activate, deactivate and watch apply to the selected row (the
	// footer offers only those); readOnly drops every write from the help.
	can      [3]bool
	readOnly bool
	marked   int // rows marked: the short help leads with the bulk actions
}

// DefaultKeyMap returns the bindings of docs/tui.md. n, e, q, ?, L, W, J and D are
// left to the root and the form.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:         key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:       key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:     key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown", "ctrl+d"), key.WithHelp("pgdn", "page down")),
		Home:       key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:        key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Open:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		NextTab:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next tab")),
		PrevTab:    key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "prev tab")),
		Filter:     key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Sort:       key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		Reverse:    key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "reverse")),
		Refresh:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "refresh")),
		Activate:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "activate")),
		Deactivate: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "deactivate")),
		Watch:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "watch")),
		OpenURL:    key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open page")),
		CopyURL:    key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URL")),
		Accept:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		ClearInput: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Mark:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "mark")),
		MarkAll:    key.NewBinding(key.WithKeys("*", "ctrl+a"), key.WithHelp("*", "mark all shown")),
		ClearMarks: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear marks")),
		Price:      key.NewBinding(key.WithKeys("$"), key.WithHelp("$", "price")),
		Fields:     key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "edit fields")),
		Import:     key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "import a sheet")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.Filtering {
		return []key.Binding{k.Accept, k.ClearInput, k.Up, k.Down}
	}
	if k.marked > 0 {
		return k.markedHelp()
	}
	first := []key.Binding{k.Open}
	for i, b := range []key.Binding{k.Deactivate, k.Activate, k.Watch} {
		if k.can[i] {
			first = append(first, b)
		}
	}
	out := first
	for _, b := range []key.Binding{k.NextTab, k.Filter, k.Sort, k.Refresh} {
		out = append(out, b)
	}
	return out
}

// offer keeps in the help only what applies to a listing of status: activate and
// deactivate where the spec allows the move (api.CheckMove), watch while it awaits
// moderation, and no write at all with a read-only key. The keys still work when
// pressed, and the root says why a move cannot be made; the help just does not
// offer it.
func (k *KeyMap) offer(status api.Status, readOnly bool) {
	allowed := func(to api.Status) bool {
		mv, _ := api.CheckMove(status, to)
		return !readOnly && status != "" && mv == api.MoveAllowed
	}
	k.can = [3]bool{allowed(api.StatusInactive), allowed(api.StatusActive),
		status == api.StatusPending || (status != "" && !status.Known())}
	k.readOnly = readOnly
	k.Activate.SetEnabled(!readOnly)
	k.Deactivate.SetEnabled(!readOnly)
	k.Price.SetEnabled(!readOnly)
	k.Fields.SetEnabled(!readOnly)
	k.Import.SetEnabled(!readOnly)
}

// FullHelp is the help overlay, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.Filtering {
		return [][]key.Binding{{k.Accept, k.ClearInput, k.Up, k.Down}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Open, k.NextTab, k.PrevTab, k.Filter, k.Sort, k.Reverse, k.Refresh},
		{k.Activate, k.Deactivate, k.Watch, k.OpenURL, k.CopyURL},
		{k.Mark, k.MarkAll, k.ClearMarks, k.Price, k.Fields, k.Import},
	}
}
