package citypick

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

// Update handles keys while focused, the debounce ticks and the answers of its own
// searches (which come back even while another step is shown), and the root's
// language change.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case debounceMsg:
		if msg.id != m.id || msg.typed != m.typed || m.st != stSearching || m.seq != 0 {
			return m, nil // typing went on, or the query was already sent
		}
		return m, m.fire()
	case resultMsg:
		if msg.id != m.id {
			return m, nil
		}
		return m.onResult(msg)
	case spinner.TickMsg:
		if msg.ID != m.spin.ID() || m.st != stSearching {
			return m, nil // nothing is searched: let the tick chain stop
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case msgs.LangChanged:
		m.Relabel()
		return m, m.SetLang(msg.Lang)
	case tea.KeyMsg:
		if !m.input.Focused() {
			return m, nil
		}
		return m.onKey(msg)
	}
	if m.input.Focused() { // the input's own messages: a paste from the clipboard
		return m.edit(msg)
	}
	return m, nil
}

func (m Model) onKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, msg); ok {
		return m.Run(id)
	}
	switch msg.Type {
	case tea.KeyTab, tea.KeyShiftTab, tea.KeyCtrlS:
		return m, nil // the editor's keys, should it pass them on
	}
	return m.edit(msg)
}

// edit passes msg to the input and reacts when the text changed.
func (m Model) edit(msg tea.Msg) (Model, tea.Cmd) {
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() == before {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.changed())
}

// changed follows a new input text: below 2 characters a hint, a query answered
// before at once from the cache, any other after the debounce.
func (m *Model) changed() tea.Cmd {
	q := normalise(m.input.Value())
	if q == m.query {
		return nil // only spaces or the kind of apostrophe changed
	}
	m.query, m.seq = q, 0
	m.typed++
	if !searchable(q) {
		m.st = stHint
		return nil
	}
	key := cacheKey(m.lang, q)
	if ans, ok := m.cache.get(key); ok {
		m.show(key, ans)
		return nil
	}
	m.st = stSearching
	id, typed := m.id, m.typed
	return tea.Batch(m.after(debounce, func(time.Time) tea.Msg { return debounceMsg{id: id, typed: typed} }),
		m.spin.Tick)
}

// fire answers the current query from the cache, or waits for the request already
// in flight for it, or sends one.
func (m *Model) fire() tea.Cmd {
	key := cacheKey(m.lang, m.query)
	if ans, ok := m.cache.get(key); ok {
		m.show(key, ans)
		return nil
	}
	m.st = stSearching
	if seq, ok := m.inflight[key]; ok {
		m.seq = seq
		return m.spin.Tick
	}
	m.reqs++
	m.seq = m.reqs
	m.inflight[key] = m.seq
	return tea.Batch(search(m.svc, m.id, m.seq, key, m.query, m.lang, m.limit), m.spin.Tick)
}

// onResult caches every good answer, stale or not, and shows the awaited one.
func (m Model) onResult(msg resultMsg) (Model, tea.Cmd) {
	if m.inflight[msg.key] == msg.seq {
		delete(m.inflight, msg.key)
	}
	var ans answer
	if msg.err == nil {
		ans = newAnswer(msg.cities, m.limit)
		m.cache.put(msg.key, ans)
	}
	if msg.seq != m.seq || m.st != stSearching {
		return m, nil
	}
	m.seq = 0
	if msg.err != nil {
		m.st = stError
		m.errText, m.errTodo = explain(msg.err)
		return m, searchErr(msg.err)
	}
	m.show(msg.key, ans)
	return m, nil
}

// show puts an answer on screen. The same query in another language keeps the
// selected city; a new query starts at its best match.
func (m *Model) show(key string, ans answer) {
	rows := ans.rows
	keep := ""
	if m.cursor < len(m.rows) && queryOf(key) == queryOf(m.rowsFor) {
		keep = m.rows[m.cursor].city.Ref
	}
	m.rows, m.rowsFor, m.more, m.countW = rows, key, ans.full, ans.countW
	m.shownQ = strings.TrimSpace(m.input.Value())
	m.cursor, m.offset = 0, 0
	for i, r := range rows {
		if keep != "" && r.city.Ref == keep {
			m.cursor = i
		}
	}
	m.st = stResults
	if len(rows) == 0 {
		m.st = stEmpty
	}
	m.errText, m.errTodo = "", ""
	m.scroll()
}

func queryOf(key string) string {
	_, q, _ := strings.Cut(key, "\x00")
	return q
}

// choose sends the selected city when the list answers what is typed; enter while
// waiting for the pause sends the query at once, and after a failure retries it.
func (m Model) choose() (Model, tea.Cmd) {
	switch {
	case m.st == stError, m.st == stSearching && m.seq == 0:
		return m, m.fire()
	case m.st == stResults && m.rowsFor == cacheKey(m.lang, m.query) && m.cursor < len(m.rows):
		c := m.rows[m.cursor].city
		m.chosenRef, m.chosenLabel = c.Ref, c.Label
		return m, emit(Chosen{City: c})
	}
	return m, nil
}

func (m *Model) move(d int) {
	if m.st != stResults {
		return
	}
	m.cursor += d
	m.scroll()
}
