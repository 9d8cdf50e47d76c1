package mediapick

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
)

// onPhoto: the cursor is on one of two photos or more, which can be moved.
func onPhoto(m Model) bool {
	sec, _ := m.row(m.cursor)
	return sec == secPhotos && len(m.photos) > 1
}

func canRemove(m Model) bool {
	sec, _ := m.row(m.cursor)
	return m.selected() != nil || (sec == secFrames && len(m.frames) > 0)
}

func failedSome(m Model) bool { return m.Failed() > 0 }

// The table's modes: the list (""), the file picker, the path input.
const (
	modePicking = "picking"
	modePath    = "path"
)

// table is the media step's actions; tab, shift+tab and ctrl+s are the editor's.
// J and K move a photo as j and k move the cursor: the step takes J from the root's
// jobs panel, which the palette still opens. The file picker's moves are its own
// keys (j/k, J/K a page), handed to it as it knows them (pickerKeys); the path
// input takes the letters.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		switch m.mode {
		case picking:
			return modePicking
		case typing:
			return modePath
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
			When: canRemove},
		{ID: "media.retry", Desc: "retry failed", Keys: []string{"r"}, Group: 2, Short: 8, When: failedSome},

		{ID: "media.picker.toggle", Mode: modePicking, Desc: "add/remove · open folder", Keys: []string{"enter"},
			Short: 1},
		{ID: "media.picker.parent", Mode: modePicking, Desc: "parent folder", Keys: []string{"h", "left", "backspace"},
			Label: "←/h", Short: 2},
		{ID: "media.picker.done", Mode: modePicking, Desc: "done", Keys: []string{"esc"}, Short: 3},
		// Opening a file does nothing, as a move at an edge.
		{ID: "media.picker.open", Mode: modePicking, Moves: true, Desc: "open folder", Keys: []string{"l", "right"},
			Label: "→/l"},
		{ID: "media.picker.up", Mode: modePicking, Moves: true, Desc: "up", Keys: []string{"up", "k"}, Group: 1},
		{ID: "media.picker.down", Mode: modePicking, Moves: true, Desc: "down", Keys: []string{"down", "j"}, Group: 1},
		{ID: "media.picker.page_up", Mode: modePicking, Moves: true, Desc: "page up", Keys: []string{"pgup", "K"},
			Group: 1},
		{ID: "media.picker.page_down", Mode: modePicking, Moves: true, Desc: "page down", Keys: []string{"pgdown", "J"},
			Group: 1, Shadows: []action.ID{"global.jobs"}},
		{ID: "media.picker.first", Mode: modePicking, Moves: true, Desc: "first", Keys: []string{"g", "home"},
			Label: "g/home", Group: 1},
		{ID: "media.picker.last", Mode: modePicking, Moves: true, Desc: "last", Keys: []string{"G", "end"},
			Label: "G/end", Group: 1},

		{ID: "media.path.type", Mode: modePath, Desc: "type the path", Typing: true},
		{ID: "media.path.add", Mode: modePath, Desc: "add", Keys: []string{"enter"}, Short: 1,
			When: func(m Model) bool { return !m.inputBusy }},
		{ID: "media.path.cancel", Mode: modePath, Desc: "cancel", Keys: []string{"esc"}, Short: 2},
	},
}

// pickerKeys are the file picker's own keys for the moves of the table: the
// action runs by whichever key the user gave it, and the picker hears its own.
var pickerKeys = map[action.ID]tea.KeyMsg{
	"media.picker.toggle":    {Type: tea.KeyEnter},
	"media.picker.parent":    {Type: tea.KeyLeft},
	"media.picker.open":      {Type: tea.KeyRight},
	"media.picker.up":        {Type: tea.KeyUp},
	"media.picker.down":      {Type: tea.KeyDown},
	"media.picker.page_up":   {Type: tea.KeyPgUp},
	"media.picker.page_down": {Type: tea.KeyPgDown},
	"media.picker.first":     {Type: tea.KeyRunes, Runes: []rune{'g'}},
	"media.picker.last":      {Type: tea.KeyRunes, Runes: []rune{'G'}},
}

// Table is the step's actions, for the check of the user's keys and the reference
// of every action id.
func Table() action.Catalog { return table }

// Actions is what the step does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// Run does the step's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	cmd := m.run(id)
	cmd = tea.Batch(cmd, m.pump())
	m.refresh()
	if c, redraw := m.wantPreview(); redraw {
		cmd = tea.Batch(cmd, c)
		m.refresh()
	}
	return m, cmd
}

// run does the step's action id.
func (m *Model) run(id action.ID) tea.Cmd {
	if k, ok := pickerKeys[id]; ok && m.mode == picking {
		return m.pickerKey(k)
	}
	switch id {
	case "media.picker.done":
		m.closeModes()
		return nil
	case "media.path.cancel":
		if m.inputBusy {
			m.inputSeq++ // its answer is dropped: nothing is added
		}
		m.closeModes()
		return nil
	case "media.path.add":
		return m.addPath()
	}
	if m.mode != browsing {
		return nil // the palette's list was made before the mode changed
	}
	m.notice = ""
	sec, i := m.row(m.cursor)
	switch id {
	case "media.up":
		m.cursor = max(m.cursor-1, 0)
	case "media.down":
		m.cursor = min(m.cursor+1, m.rowCount()-1)
	case "media.first":
		m.cursor = 0
	case "media.last":
		m.cursor = m.rowCount() - 1
	case "media.move_up":
		if sec == secPhotos && i > 0 {
			return m.movePhoto(i, i-1)
		}
	case "media.move_down":
		if sec == secPhotos && i >= 0 && i < len(m.photos)-1 {
			return m.movePhoto(i, i+1)
		}
	case "media.pick":
		return m.openPicker()
	case "media.path":
		return m.openInput(secPhotos)
	case "media.video":
		return m.openInput(secVideo)
	case "media.frames":
		return m.openInput(secFrames)
	case "media.remove":
		return m.remove(sec, i)
	case "media.retry":
		m.retry()
	case "media.choose":
		if sec == secPhotos {
			return m.openPicker()
		}
		return m.openInput(sec)
	}
	return nil
}

// addPath checks the path typed, unless one is being checked.
func (m *Model) addPath() tea.Cmd {
	if m.inputBusy || m.mode != typing {
		return nil
	}
	raw := strings.TrimSpace(m.input.Value())
	if raw == "" {
		m.inputErr = i18n.T("pickers.media.type_path")
		return nil
	}
	m.inputSeq++
	m.inputBusy, m.inputErr = true, ""
	return m.check(m.inputFor, raw, m.inputSeq)
}
