package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// rootKeys are the keys the root owns in every view (docs/tui.md, "Keys").
type rootKeys struct {
	Quit, ForceQuit, Help, Lang, Watch, Esc key.Binding
	Jobs                                    key.Binding
	New, Edit, Drafts                       key.Binding
	Yes, No                                 key.Binding
	// The help overlay scrolls when it is taller than the screen.
	HelpUp, HelpDown, HelpPageUp, HelpPageDown key.Binding
}

func defaultRootKeys() rootKeys {
	return rootKeys{
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Lang:      key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "language")),
		Watch:     key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "watch panel")),
		Jobs:      key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "jobs panel")),
		Esc:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back/close")),
		New:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new listing")),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Drafts:    key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "drafts")),
		Yes:       key.NewBinding(key.WithKeys("y", "Y", "enter"), key.WithHelp("y/enter", "yes")),
		No:        key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),

		HelpUp:       key.NewBinding(key.WithKeys("up", "k")),
		HelpDown:     key.NewBinding(key.WithKeys("down", "j")),
		HelpPageUp:   key.NewBinding(key.WithKeys("pgup", "home", "g")),
		HelpPageDown: key.NewBinding(key.WithKeys("pgdown", "end", "G")),
	}
}

// short is what the root adds to a view's short help.
func (k rootKeys) short(loggedIn bool) []key.Binding {
	if !loggedIn {
		return []key.Binding{k.ForceQuit}
	}
	return []key.Binding{k.Help, k.Quit}
}

// full is the root's column of the help overlay.
func (k rootKeys) full(loggedIn, readOnly bool) []key.Binding {
	if !loggedIn {
		return []key.Binding{k.Esc, k.Help, k.ForceQuit}
	}
	if readOnly { // a key without listings:write: nothing that writes is offered
		return []key.Binding{k.Drafts, k.Esc, k.Watch, k.Jobs, k.Lang, k.Help, k.Quit, k.ForceQuit}
	}
	return []key.Binding{k.New, k.Edit, k.Drafts, k.Esc, k.Watch, k.Jobs, k.Lang, k.Help, k.Quit, k.ForceQuit}
}

// Which keys the footer and the help overlay show, and the keys of the overlay;
// tui/helpview lays them out.

// helpKey handles a key while the full help is shown: it closes, quits or scrolls;
// everything else is swallowed, since the view underneath is hidden.
func (m Model) helpKey(k tea.KeyMsg) (Model, tea.Cmd) {
	keys := m.keys
	switch {
	case key.Matches(k, keys.Esc), key.Matches(k, keys.Help):
		m.showHelp = false
	case key.Matches(k, keys.Quit):
		return m, tea.Quit
	case key.Matches(k, keys.HelpUp):
		m.helpOff--
	case key.Matches(k, keys.HelpDown):
		m.helpOff++
	case key.Matches(k, keys.HelpPageUp):
		m.helpOff -= max(m.viewHeight-5, 1)
	case key.Matches(k, keys.HelpPageDown):
		m.helpOff += max(m.viewHeight-5, 1)
	}
	return m, nil // the overlay clamps the offset (refresh)
}

// shortHelp is the footer's keys: those of the dialog or the overlay while one is
// open, else the active view's; root is the root's own, always shown.
func (m *Model) shortHelp() (view, root []key.Binding) {
	switch {
	case m.dialog != nil && m.dialog.Quit:
		return nil, []key.Binding{
			key.NewBinding(key.WithKeys("y", "enter", "q"), key.WithHelp("y/enter", "quit")),
			key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "stay")), m.keys.ForceQuit}
	case m.dialog != nil:
		return nil, []key.Binding{m.keys.Yes, m.keys.No}
	case m.showHelp:
		return nil, []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc/?", "close help")), m.keys.Quit}
	}
	if p := m.views.Get(m.active); p != nil {
		view = p.KeyMap().ShortHelp()
	}
	if m.capturing() { // letters go to the input: only ctrl+c leaves
		return view, []key.Binding{m.keys.ForceQuit}
	}
	return view, m.keys.short(m.client != nil && m.active != viewLogin)
}

func (m *Model) fullHelp() [][]key.Binding {
	var g [][]key.Binding
	if p := m.views.Get(m.active); p != nil {
		g = p.KeyMap().FullHelp()
	}
	return append(g, m.keys.full(m.client != nil && m.active != viewLogin, m.readOnly))
}
