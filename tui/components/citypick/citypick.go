// Package citypick owns the city step of the listing editor: a search-as-you-type
// input over GET /api/v1/cities/search, debounced and cached per language and
// normalised query, the list of matching settlements with their number of carrier
// warehouses, and the city already chosen. It sends the editor Chosen (whose
// City.Ref is what goes into city_ref) or Cancelled, and the root msgs.Error when a
// search fails; what was typed is never lost.
package citypick

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/theme"
)

// Searcher is what the picker needs from the API; *api.Client satisfies it.
type Searcher interface {
	SearchCities(ctx context.Context, q, lang string, limit int) ([]api.City, error)
}

// Chosen tells the editor the user picked a city; City.Ref is the value for city_ref
// and City.Label what to show. Every field is already cleaned.
type Chosen struct{ City api.City }

// Cancelled tells the editor the user pressed esc with an empty input: back.
type Cancelled struct{}

const (
	// debounce is how long typing must pause before a query is sent.
	debounce = 250 * time.Millisecond
	// resultLimit is sent as limit. It does not follow the window's height, so that a
	// cached answer is the same whatever the size was when it came.
	resultLimit = 20
	// cacheSize bounds the answers kept; a city search is typed a few dozen times
	// per listing at most.
	cacheSize = 200
	// searchTimeout covers the client's own wait for the budget and its retries.
	searchTimeout = 30 * time.Second
)

type state int

const (
	stHint      state = iota // fewer than 2 characters typed
	stSearching              // waiting for the debounce or for an answer
	stResults
	stEmpty // the service found nothing
	stError
)

// lastID numbers pickers, so that an answer meant for a picker that was replaced (an
// editor closed and opened again) is not taken by the new one.
var lastID atomic.Int64

// row is one city as the list shows it, formatted and measured when the answer
// came, so that View only pads.
type row struct {
	city   api.City // City.Label is what is listed
	labelW int      // display width of City.Label
	count  string   // "  12 warehouses", right-aligned to the widest of its answer
	styled string   // count, rendered muted once rather than on every frame
}

// Model is the city picker.
type Model struct {
	svc   Searcher
	id    int64
	lang  string
	limit int

	input textinput.Model
	spin  spinner.Model
	action.Keys
	// after starts the debounce timer: tea.Tick, which tests replace so that they
	// deliver the tick messages themselves.
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

	// Maps shared by the copies of the model that Update makes; only Update writes them.
	cache    *lru
	inflight map[string]int // cache key → sequence of its request in flight

	query string // the normalised input
	typed int    // bumps on every change of query; a debounce tick with another is stale
	reqs  int    // requests sent so far
	seq   int    // the request whose answer is awaited; 0 for none

	st      state
	rows    []row
	rowsFor string // the cache key the rows answer
	more    bool   // the service sent as many as asked: more places may match
	shownQ  string // the input as it was typed for the rows (or the empty answer)
	countW  int    // the width of the warehouse column
	cursor  int
	offset  int
	errText string
	errTodo string

	chosenRef, chosenLabel string

	width, height int
}

// New returns a picker that searches svc in lang (uk, ru or en). It starts blurred;
// the editor calls Focus when it shows the city step.
func New(svc Searcher, lang string) Model {
	m := Model{svc: svc, id: lastID.Add(1), lang: lang, limit: resultLimit,
		after: tea.Tick, cache: newLRU(cacheSize), inflight: map[string]int{}}
	m.input = theme.Input()
	m.Relabel()
	m.input.CharLimit = 100
	m.input.Cursor.SetMode(cursor.CursorStatic)
	m.input.PromptStyle = theme.Key
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(theme.Muted))
	m.SetSize(80, 24)
	return m
}

// Init has nothing to load: the picker waits for typing.
func (m Model) Init() tea.Cmd { return nil }

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.input.Width = max(m.width-len(m.input.Prompt)-2, 1)
	m.scroll()
}

// Focus gives the input focus: letters are typed into it.
func (m *Model) Focus() tea.Cmd { return m.input.Focus() }

// Blur takes the focus away; keys are then ignored.
func (m *Model) Blur() { m.input.Blur() }

// Capturing reports whether the input has focus, so that the editor and the root do
// not treat letters as shortcuts.
func (m Model) Capturing() bool { return m.input.Focused() }

// SetChosen shows the city already in the draft (from a saved draft or the listing
// being edited). Both come from outside the program, so they are cleaned.
func (m *Model) SetChosen(ref, label string) {
	m.chosenRef, m.chosenLabel = clean(ref), clean(label)
}

// Reset empties the input, the list and the choice for another draft. The cache
// and the language stay, so places searched before cost no request; an answer
// still in flight is dropped.
func (m *Model) Reset() {
	m.input.SetValue("")
	m.query, m.shownQ, m.rowsFor = "", "", ""
	m.typed++
	m.seq = 0
	m.st = stHint
	m.rows, m.more, m.cursor, m.offset = nil, false, 0, 0
	m.errText, m.errTodo = "", ""
	m.chosenRef, m.chosenLabel = "", ""
}

// Current returns the chosen city's ref and label; ref is "" when none is chosen.
func (m Model) Current() (ref, label string) { return m.chosenRef, m.chosenLabel }

// Query returns the input as typed.
func (m Model) Query() string { return m.input.Value() }

// SetLang switches the language of the results: the current query is answered again
// in lang, from the cache when it was searched in lang before.
func (m *Model) SetLang(lang string) tea.Cmd {
	if lang == "" || lang == m.lang {
		return nil
	}
	m.lang = lang
	if m.st == stHint {
		return nil
	}
	m.seq = 0
	return m.fire()
}

// bodyHeight is the number of result rows on screen: the chosen line, the input and
// the status line take three.
func (m *Model) bodyHeight() int { return max(m.height-3, 1) }

// scroll keeps the cursor inside the window of rows on screen.
func (m *Model) scroll() {
	m.cursor = max(min(m.cursor, len(m.rows)-1), 0)
	h := m.bodyHeight()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = max(min(m.offset, len(m.rows)-h), 0)
}

// Relabel gives the input its words in the interface's language: a view that
// handles msgs.LangChanged for the picker calls it.
func (m *Model) Relabel() {
	m.input.Prompt = i18n.T("pickers.city.prompt")
	m.input.Placeholder = i18n.T("pickers.city.placeholder")
}
