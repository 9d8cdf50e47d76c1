package mediapick

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/listings-tui/listings/tui/action"
)

// onPhoto: the cursor is on one of two photos or more, which can be moved.
func onPhoto(m Model) bool {
	sec, _ := m.row(m.cursor)
	return sec == secPhotos && len(m.photos) > 1
}

// table is the media step's actions while browsing its list; tab, shift+tab and
// ctrl+s are the editor's. J and K move a photo as j and k move the cursor: the
// step takes J from the root's jobs panel, which the palette still opens.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.mode != browsing {
			return "open" // the file picker or the path input has the keys (KeyMap)
		}
		return ""
	},
	Actions: []action.Action[Model]{
		{ID: "media.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}},
		{ID: "media.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}},
		{ID: "media.first", Moves: true, Desc: "first", Keys: []string{"home", "g"}, Label: "g/home"},
		{ID: "media.last", Moves: true, Desc: "last", Keys: []string{"end", "G"}, Label: "G/end"},
		{ID: "media.pick", Desc: "pick photos", Keys: []string{"a", "+"}, Label: "a", Group: 1, Short: 1},
		{ID: "media.path", Desc: "path or glob", Keys: []string{"p", "i"}, Label: "p", Group: 1, Short: 2},
		{ID: "media.video", Desc: "video", Keys: []string{"v"}, Group: 1, Short: 3},
		{ID: "media.frames", Desc: "3D frames folder", Keys: []string{"f"}, Group: 1, Short: 4},
		{ID: "media.choose", Desc: "add here", Keys: []string{"enter"}, Group: 1},
		{ID: "media.move_up", Desc: "move photo up", Keys: []string{"K", "alt+up"}, Group: 2, Short: 5, When: onPhoto},
		{ID: "media.move_down", Desc: "move photo down", Keys: []string{"J", "alt+down"}, Group: 2, Short: 6,
			When: onPhoto, Shadows: []action.ID{"global.jobs"}},
		{ID: "media.remove", Desc: "remove", Keys: []string{"d", "delete"}, Label: "d", Group: 2, Short: 7,
			When: func(m Model) bool {
				sec, _ := m.row(m.cursor)
				return m.selected() != nil || (sec == secFrames && len(m.frames) > 0)
			}},
		{ID: "media.retry", Desc: "retry failed", Keys: []string{"r"}, Group: 2, Short: 8,
			When: func(m Model) bool { return m.Failed() > 0 }},
	},
}

// Table is the step's actions, for the check of the user's keys and the reference
// of every action id.
func Table() action.Catalog { return table }

// Actions is what the step does now: its table while browsing, the file picker's or
// the path input's keys (which take the letters) while one is open.
func (m Model) Actions() []action.Bound {
	if m.mode != browsing {
		return action.FromKeyMap(m.keys.with(m.mode), true)
	}
	return table.Reach(m, m.Keys.Map)
}

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// KeyMap is the keys of the file picker and the path input, which hand the keys
// they do not have to the picker's list or the input.
type KeyMap struct {
	// While the file picker is open.
	PickToggle, PickParent, PickDone key.Binding
	// While the path input is open.
	Submit, Cancel key.Binding

	mode mode
}

func defaultKeyMap() KeyMap {
	return KeyMap{
		PickToggle: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add/remove · open folder")),
		PickParent: key.NewBinding(key.WithKeys("h", "left", "backspace"), key.WithHelp("←/h", "parent folder")),
		PickDone:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
		Submit:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add")),
		Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// with is the keys for the help in mode.
func (k KeyMap) with(md mode) KeyMap {
	k.mode = md
	return k
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.mode == picking {
		return []key.Binding{k.PickToggle, k.PickParent, k.PickDone}
	}
	return []key.Binding{k.Submit, k.Cancel}
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
