// Package rootkeys is the root's keys as data, as each view's actions.go is the view's:
// the table of the global actions (the keys the root owns on every screen; docs/tui.md,
// "Keys") over the root's state, and the keys of its modal parts (the help overlay and
// the questions), which no table reaches. What each does is the root's dispatch
// (tui/actions.go); a view's table takes one of these keys only by naming it in
// Shadows; what global.about says is here too. It is a leaf: it imports only
// tui/action, Bubble Tea's key types and internal/i18n for its words.
package rootkeys

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
)

// State is what the global actions depend on.
type State struct {
	LoggedIn  bool // logged in, and not on the login screen
	ReadOnly  bool
	OnEditor  bool // the editor is on screen
	OnDrafts  bool // the drafts list is on screen
	Selection bool // the view on screen has a listing under its cursor
	Typing    bool // a text input of the view on screen takes the letters
}

func loggedIn(s State) bool { return s.LoggedIn }

// The ids of the global actions, which the root's dispatch switches on.
const (
	Help      action.ID = "global.help"
	Quit      action.ID = "global.quit"
	ForceQuit action.ID = "global.force_quit"
	Palette   action.ID = "global.palette"
	New       action.ID = "global.new"
	Edit      action.ID = "global.edit"
	Drafts    action.ID = "global.drafts"
	Watch     action.ID = "global.watch"
	Jobs      action.ID = "global.jobs"
	Lang      action.ID = "global.language"
	About     action.ID = "global.about"
)

// Table is the root's table of actions.
var Table = action.Table[State]{
	ReadOnly: func(s State) bool { return s.ReadOnly },
	Actions: []action.Action[State]{
		{ID: New, Desc: "new listing", Keys: []string{"n"}, Writes: true,
			When: func(s State) bool { return s.LoggedIn && !s.OnEditor }},
		{ID: Edit, Desc: "edit the listing", Keys: []string{"e"}, Writes: true,
			When: func(s State) bool { return s.LoggedIn && s.Selection }},
		{ID: Drafts, Desc: "drafts", Keys: []string{"D"},
			When: func(s State) bool { return s.LoggedIn && !s.OnDrafts && !s.OnEditor }},
		{ID: Watch, Desc: "watch panel", Keys: []string{"W"}, When: loggedIn},
		{ID: Jobs, Desc: "jobs panel", Keys: []string{"J"}, When: loggedIn},
		{ID: Lang, Desc: "language", Keys: []string{"L"}, When: loggedIn},
		{ID: Palette, Desc: "commands", Keys: []string{":", "ctrl+p"}, Label: ":/ctrl+p", When: loggedIn},
		{ID: About, Desc: "version, config file and keys", When: loggedIn},
		{ID: Help, Desc: "help", Keys: []string{"?"}, Short: 1, Offer: loggedIn},
		{ID: Quit, Desc: "quit", Keys: []string{"q"}, Short: 2, Offer: loggedIn},
		{ID: ForceQuit, Desc: "quit", Keys: []string{"ctrl+c"}, Short: 3,
			Offer: func(s State) bool { return !s.LoggedIn || s.Typing }},
	},
}

// Modal are the keys of the root's modal parts: the help overlay and the questions,
// whose keys are the only ones live while they are open (the overlay's scrolling is
// tui/helpview's, the questions' yes and no tui/confirm's).
type Modal struct {
	Esc       key.Binding
	ForceQuit key.Binding
}

// DefaultModal are the modal parts' keys.
func DefaultModal() Modal {
	return Modal{
		Esc:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back/close")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// AboutText is the notice of global.about: what runs (version), and where its keys come
// from: the config file keysFile, and own, how many actions are on keys of the user's.
func AboutText(version, keysFile string, own int) string {
	s := "listings " + version
	if keysFile != "" {
		s += " · " + i18n.T("root.about.config", "File", keysFile)
	}
	if own > 0 {
		s += " · " + i18n.N("root.about.keys", own)
	}
	return s
}

// Force is the key that quits at once, as a question's footer names it, in the
// interface's language: the keys are made once, their words at every draw, as L may
// have switched the language since.
func (m Modal) Force() key.Binding {
	b := m.ForceQuit
	b.SetHelp(b.Help().Key, action.Words(ForceQuit, "quit"))
	return b
}

// HelpFooter is the help overlay's footer, in the interface's language: the key that
// closes it (esc too) and the one that quits, under the user's keymap.
func HelpFooter(keymap action.Keymap) []key.Binding {
	help := Binding(keymap, Help, i18n.T("root.close_help"))
	help.SetHelp("esc/"+help.Help().Key, i18n.T("root.close_help"))
	return []key.Binding{help, Binding(keymap, Quit, action.Words(Quit, "quit"))}
}

// Is reports whether k is one of the keys of the global action id under the user's
// keymap, in any state: the modal parts (the help, a question) answer the keys of
// quit and help while the table is out of reach.
func Is(k tea.KeyMsg, keymap action.Keymap, id action.ID) bool {
	for _, b := range Table.Reach(State{LoggedIn: true, Selection: true}, keymap) {
		if b.ID == id {
			_, ok := action.Find([]action.Bound{b}, k)
			return ok
		}
	}
	return false
}

// Binding is the global action id under the user's keymap as a binding for a modal
// part's footer, saying desc; disabled when it has no key.
func Binding(keymap action.Keymap, id action.ID, desc string) key.Binding {
	for _, b := range Table.Reach(State{LoggedIn: true}, keymap) {
		if b.ID == id {
			return key.NewBinding(key.WithKeys(b.Keys...), key.WithHelp(b.Label, desc))
		}
	}
	return key.NewBinding(key.WithDisabled())
}
