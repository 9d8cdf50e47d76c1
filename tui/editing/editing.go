// Package editing owns the editing session as the root sees it: which draft the
// editor opens when asked (a new one, a stored one from the drafts list, the unsent
// edit of a listing or a fresh edit of it), and keeping the open draft on screen
// while its uploads or its submit run, since opening another one then would drop
// their answers. The form itself, its steps, checks and submit, is tui/components/editor; this
// package is the view the root registers for it, and words what an accepted save says
// (Saved).
package editing

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/editor"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Config is what new drafts are made with.
type Config struct {
	Store *draft.Store
	// BaseURL and Profile are written into new drafts, so the drafts list shows
	// only the drafts of the service in use.
	BaseURL, Profile, Lang string
	Now                    func() time.Time
}

// Model is the editor with the session around it.
type Model struct {
	ed  editor.Model
	cfg Config
}

// New wraps ed.
func New(ed editor.Model, cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return Model{ed: ed, cfg: cfg}
}

// draftLoadedMsg is a draft read back from the store to resume.
type draftLoadedMsg struct {
	d   *draft.Draft
	err error
}

// editDraftMsg is the answer of findEditDraft: d is nil when there is none.
type editDraftMsg struct {
	id int
	l  *api.ListingFull
	d  *draft.Draft
}

func loadDraft(store *draft.Store, id string) tea.Cmd {
	return func() tea.Msg {
		d, err := store.Load(id)
		return draftLoadedMsg{d: d, err: err}
	}
}

// findEditDraft looks for an unsent edit of listing id, so that e resumes it instead
// of starting over.
func findEditDraft(store *draft.Store, base string, id int, l *api.ListingFull) tea.Cmd {
	return func() tea.Msg {
		list, err := store.List(base)
		if err == nil {
			for _, it := range list {
				if it.Draft != nil && it.Draft.ListingID == id {
					return editDraftMsg{id: id, d: it.Draft}
				}
			}
		}
		return editDraftMsg{id: id, l: l}
	}
}

func notice(text string) tea.Cmd {
	return func() tea.Msg { return msgs.Notice{Text: text} }
}

// busy keeps the open draft while it uploads or sends, and says so.
func (m Model) busy() (Model, tea.Cmd, bool) {
	if !m.ed.Busy() {
		return m, nil, false
	}
	return m, notice(theme.WarningMark + " " + i18n.T("editor.session.busy")), true
}

// Update opens what the root asks for and gives everything else to the editor.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case msgs.NewDraft:
		if m, cmd, busy := m.busy(); busy {
			return m, cmd
		}
		m.ed, cmd = m.ed.Open(draft.New(m.cfg.BaseURL, m.cfg.Profile, m.cfg.Lang, m.cfg.Now()))
		return m, cmd
	case msgs.EditListing:
		if m, cmd, busy := m.busy(); busy {
			return m, cmd
		}
		return m, findEditDraft(m.cfg.Store, m.cfg.BaseURL, msg.ID, msg.Listing)
	case editDraftMsg:
		if msg.d != nil {
			m.ed, cmd = m.ed.Open(msg.d)
			return m, tea.Batch(cmd, notice(i18n.T("editor.session.resumed", "ID", msg.id)))
		}
		m.ed, cmd = m.ed.OpenEdit(msg.id, msg.l)
		return m, cmd
	case msgs.ResumeDraft:
		if d := m.ed.Draft(); d != nil && d.ID == msg.ID {
			return m, nil // already open: keep its uploads
		}
		if m, cmd, busy := m.busy(); busy {
			return m, cmd
		}
		return m, loadDraft(m.cfg.Store, msg.ID)
	case draftLoadedMsg:
		if msg.err != nil {
			back := func() tea.Msg { return msgs.Back{} }
			return m, tea.Batch(notice(theme.ErrorMark+" "+termtext.Clean(msg.err.Error())), back)
		}
		m.ed, cmd = m.ed.Open(msg.d)
		return m, cmd
	case msgs.LangChanged:
		m.cfg.Lang = msg.Lang
	}
	m.ed, cmd = m.ed.Update(msg)
	return m, cmd
}

// View is the editor's.
func (m Model) View() string { return m.ed.View() }

// SetSize sizes the editor.
func (m *Model) SetSize(w, h int) { m.ed.SetSize(w, h) }

// Capturing is the editor's.
func (m Model) Capturing() bool { return m.ed.Capturing() }

// KeyMap is the editor's.
func (m Model) KeyMap() action.Help { return m.ed.KeyMap() }

// Busy reports whether the open draft is uploading or being sent.
func (m Model) Busy() bool { return m.ed.Busy() }

// Draft is the open draft, or nil.
func (m Model) Draft() *draft.Draft { return m.ed.Draft() }

// Unsent reports whether the open draft holds work not yet sent.
func (m Model) Unsent() bool { return m.ed.Unsent() }

// Actions is the editor's.
func (m Model) Actions() []action.Bound { return m.ed.Actions() }

// Run is the editor's.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.ed, cmd = m.ed.Run(id)
	return m, cmd
}

// SetKeymap gives the editor the user's keys.
func (m *Model) SetKeymap(km action.Keymap) { m.ed.SetKeymap(km) }
