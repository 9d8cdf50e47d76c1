// Package catpick owns the category step of the listing editor: a picker over the
// category tree in the chosen language. It loads each language's tree once and keeps
// it, lets the seller walk the levels or search all of them at once, lets only a leaf
// be chosen, and asks the service's AI for a suggestion from the listing's title and
// description, which it pre-selects and shows with its path for the seller to confirm.
// It is a component (docs/tui.md): the editor embeds it, and it answers through the
// Chosen and Cancelled messages.
package catpick

import (
	"context"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/theme"
)

// Service is what the picker needs from the API; *api.Client satisfies it.
type Service interface {
	Categories(ctx context.Context, lang string) ([]api.Category, error)
	SuggestCategory(ctx context.Context, title, description, lang string) (*api.Suggestion, error)
}

// Chosen is sent when the seller chooses a leaf category. Path holds the names in the
// picker's language joined with " > ", like the service's category_path.
type Chosen struct {
	ID   int
	Path string
	Slug string
}

// Cancelled is sent on esc at the top level with no search open: the seller leaves
// the step without choosing.
type Cancelled struct{}

// list is one list on screen: the rows (node indices) and where the cursor is.
type list struct {
	rows           []int
	cursor, offset int
}

// Model is the category picker. It is a value; the per-language tree cache is a map
// shared by copies on purpose (it only grows), so a copy still benefits from loads.
type Model struct {
	svc   Service
	lang  string
	trees map[string]*tree
	tr    *tree // the tree of lang; nil until it is loaded

	// The tree request in flight, if any; an answer of another seq is stale.
	loadLang string
	loadSeq  int
	loading  bool
	loadErr  string // why lang's tree did not load, cleaned

	parent int  // index in tr of the group whose children are listed; -1 for the top
	browse list // the level on screen
	found  list // the search results
	// focusID is the category to put the cursor on once the tree is there (Select,
	// an AI answer or a language switch before the tree arrived).
	focusID   int
	focusWhy  focusReason
	keepFound int // the search result to keep the cursor on across a language switch
	// altAsked are the languages whose tree was asked for a search's sake.
	altAsked  map[string]bool
	searching bool
	input     textinput.Model

	current int // the category chosen or given by Select: marked on screen

	title, desc string // from SetContext, trimmed
	sugSeq      int
	suggesting  bool
	sugID       int    // the AI's answer; 0 when none
	sugPath     string // its category_path as the service sent it, cleaned

	note      note
	noteLines []string // note wrapped to the width: at most two lines

	spin        spinner.Model
	action.Keys // the user's keys (actions.go)
	focused     bool
	width       int
	height      int
}

type focusReason int

const (
	focusKeep    focusReason = iota // a language switch: stay where the seller was
	focusSelect                     // Select: say so if the category is gone
	focusSuggest                    // the AI's answer
)

// New returns a picker for lang ("uk", "ru", "en"; "" is the service's default),
// marked as loading; Init sends the request. It starts blurred, like a bubbles input:
// the editor calls Focus when the step is shown.
func New(svc Service, lang string) Model {
	m := Model{svc: svc, lang: lang, trees: map[string]*tree{}, parent: -1}
	m.input = theme.Input()
	m.input.Prompt = "/ "
	m.Relabel()
	m.input.CharLimit = 80
	m.input.Cursor.SetMode(cursor.CursorStatic)
	m.input.PromptStyle = theme.Key
	// ctrl+a is the AI suggestion here; home still goes to the line start.
	m.input.KeyMap.LineStart = key.NewBinding(key.WithKeys("home"))
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(theme.Muted))
	m.loadLang, m.loadSeq, m.loading = lang, 1, true
	m.SetSize(80, 24)
	return m
}

// Init sends the tree request prepared by New.
func (m Model) Init() tea.Cmd {
	if !m.loading {
		return nil
	}
	return tea.Batch(loadTree(m.svc, m.loadLang, m.loadSeq), m.spin.Tick)
}

// SetSize sets the area View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.input.Width = max(m.width-len(m.input.Prompt)-14, 4) // room for "123 found"
	m.wrapNote()
	m.scroll(&m.browse)
	m.scroll(&m.found)
}

// Focus gives the picker the keys; a search left open gets its input back. A tree
// that failed to load is asked for again, since the seller is back to use it.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	var cmds []tea.Cmd
	if m.searching {
		cmds = append(cmds, m.input.Focus())
	}
	if m.tr == nil && !m.loading {
		cmds = append(cmds, m.fetch())
	}
	return tea.Batch(cmds...)
}

// Blur takes the keys away; the search stays as typed.
func (m *Model) Blur() {
	m.focused = false
	m.input.Blur()
}

// Focused reports whether the picker has the keys.
func (m Model) Focused() bool { return m.focused }

// Capturing reports whether the search input has focus: the editor and the root must
// not treat letters as shortcuts.
func (m Model) Capturing() bool { return m.focused && m.searching }

// Lang is the language names are shown in.
func (m Model) Lang() string { return m.lang }

// SetLang shows the names in lang. A tree seen before comes from the cache and costs
// no request; the cursor stays on the same category.
func (m *Model) SetLang(lang string) tea.Cmd {
	lang = strings.TrimSpace(lang)
	if lang == m.lang {
		if m.tr == nil && !m.loading {
			return m.fetch()
		}
		return nil
	}
	m.keepPosition()
	m.lang, m.loadErr = lang, ""
	if t, ok := m.trees[lang]; ok {
		m.useTree(t)
		return nil
	}
	m.tr = nil
	return m.fetch()
}

// SetContext gives the title and description the AI suggestion is asked for. A new
// text makes an answer still on its way for the old one stale.
func (m *Model) SetContext(title, description string) {
	title, description = strings.TrimSpace(title), strings.TrimSpace(description)
	if title == m.title && description == m.desc {
		return
	}
	m.title, m.desc = title, description
	if m.suggesting {
		m.suggesting = false
		m.sugSeq++
		m.setNote(noteInfo, i18n.T("pickers.cat.context_changed"))
	}
}

// Select pre-positions the picker on a category (the listing's current one when
// editing, or a resumed draft's), opening its level and marking it as the current
// choice. 0 clears the mark and shows the top. Before the tree is loaded, it is
// applied when the tree comes.
func (m *Model) Select(id int) {
	m.current = id
	m.closeSearch()
	if id == 0 {
		m.focusID = 0
		if m.tr != nil {
			m.openLevel(-1, 0)
		}
		return
	}
	m.focusID, m.focusWhy = id, focusSelect
	if m.tr != nil {
		m.applyFocus()
	}
}

// Current is the category chosen last or given by Select; 0 when none.
func (m Model) Current() int { return m.current }

// PathOf returns the path of a category in the current language ("Електроніка >
// Телефони та аксесуари > Мобільні телефони"); false when the tree is not loaded or
// has no such category.
func (m Model) PathOf(id int) (string, bool) {
	if m.tr == nil {
		return "", false
	}
	i := m.tr.find(id)
	if i < 0 {
		return "", false
	}
	return m.tr.nodes[i].path, true
}

// IsLeaf reports whether id is a leaf of the loaded tree: only a leaf can be chosen.
func (m Model) IsLeaf(id int) bool {
	if m.tr == nil {
		return false
	}
	i := m.tr.find(id)
	return i >= 0 && m.tr.nodes[i].leaf()
}

// Loaded reports whether the tree of the current language is on hand.
func (m Model) Loaded() bool { return m.tr != nil }

// Relabel gives the search input its words in the interface's language: a view
// that handles msgs.LangChanged for the picker calls it.
func (m *Model) Relabel() { m.input.Placeholder = i18n.T("pickers.cat.placeholder") }
