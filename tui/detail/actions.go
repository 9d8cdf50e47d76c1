package detail

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/system"
)

func loaded(m Model) bool { return m.listing != nil }
func hasURL(m Model) bool { return m.listing != nil && m.listing.URL != "" }
func hasID(m Model) bool  { return m.id > 0 }
func canMove(to api.Status) func(Model) bool {
	return func(m Model) bool {
		mv, _ := api.CheckMove(m.listing.Status, to)
		return mv == api.MoveAllowed
	}
}

// table is the detail view's actions. e, n, q, ?, L and W are the root's. A move
// the spec refuses is not offered in the footer; its key still works, and the root
// says why it cannot be made.
var table = action.Table[Model]{
	ReadOnly: func(m Model) bool { return m.readOnly },
	Actions: []action.Action[Model]{
		{ID: "detail.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}},
		{ID: "detail.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}},
		{ID: "detail.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}},
		{ID: "detail.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}},
		{ID: "detail.top", Moves: true, Desc: "top", Keys: []string{"home", "g"}, Label: "home/g"},
		{ID: "detail.bottom", Moves: true, Desc: "bottom", Keys: []string{"end", "G"}, Label: "end/G"},
		{ID: "detail.back", Desc: "back", Keys: []string{"esc"}, Group: 1, Short: 1},
		{ID: "detail.reload", Desc: "reload", Keys: []string{"r"}, Group: 1, Short: 2, When: hasID},
		{ID: "detail.activate", Desc: "activate", Keys: []string{"a"}, Group: 2, Short: 3, Writes: true,
			When: loaded, Offer: canMove(api.StatusActive)},
		{ID: "detail.deactivate", Desc: "deactivate", Keys: []string{"x"}, Group: 2, Short: 4, Writes: true,
			When: loaded, Offer: canMove(api.StatusInactive)},
		{ID: "detail.watch", Desc: "watch", Keys: []string{"w"}, Group: 2, Short: 5, When: hasID,
			Offer: func(m Model) bool {
				return m.listing == nil || m.listing.Status == api.StatusPending || !m.listing.Status.Known()
			}},
		{ID: "detail.open_page", Desc: "open page", Keys: []string{"o"}, Group: 3, Short: 6, When: hasURL},
		{ID: "detail.copy_url", Desc: "copy URL", Keys: []string{"y"}, Group: 3, Short: 7, When: hasURL},
	},
}

// Table is the detail view's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the view does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

func (m Model) handleKey(k tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, k); ok {
		return m.Run(id)
	}
	return m, nil
}

// Run does the view's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "detail.up":
		m.vp.ScrollUp(1)
	case "detail.down":
		m.vp.ScrollDown(1)
	case "detail.page_up":
		m.vp.PageUp()
	case "detail.page_down":
		m.vp.PageDown()
	case "detail.top":
		m.vp.GotoTop()
	case "detail.bottom":
		m.vp.GotoBottom()
	case "detail.back":
		return m, emit(msgs.Back{})
	case "detail.reload":
		return m.load()
	case "detail.activate":
		return m, emit(msgs.RequestStatus{ID: m.id, Title: m.listing.Title, From: m.listing.Status, To: api.StatusActive})
	case "detail.deactivate":
		return m, emit(msgs.RequestStatus{ID: m.id, Title: m.listing.Title, From: m.listing.Status, To: api.StatusInactive})
	case "detail.watch":
		return m, emit(msgs.Watch{ID: m.id, Title: m.shownTitle()})
	case "detail.open_page":
		return m, system.OpenURL(m.listing.URL)
	case "detail.copy_url":
		return m, system.CopyURL(m.listing.URL)
	}
	return m, nil
}
