// Package drafts owns the drafts list: the listings being written that were not
// sent yet (new ones and edits), for the service in use, most recent first, with
// what happened to each last (refused, uploads done); enter resumes one in the
// editor, d deletes one after a confirmation. Damaged files are listed too, so a
// draft is never lost silently.
package drafts

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Model is the drafts view.
type Model struct {
	store   *draft.Store
	baseURL string
	now     func() time.Time

	items   []draft.Listed
	head    []string // the heading and the message, wrapped; rendered in Update
	rows    []string // rendered in Update
	loaded  bool
	seq     int
	err     string
	cursor  int
	offset  int
	confirm string // the id asked about for deletion

	action.Keys   // the user's keys (actions.go)
	width, height int
}

// listMsg is the answer of a read of the drafts folder.
type listMsg struct {
	seq   int
	items []draft.Listed
	err   error
}

type deletedMsg struct {
	id  string
	err error
}

func list(store *draft.Store, baseURL string, seq int) tea.Cmd {
	return func() tea.Msg {
		items, err := store.List(baseURL)
		return listMsg{seq: seq, items: items, err: err}
	}
}

func remove(store *draft.Store, id string) tea.Cmd {
	return func() tea.Msg { return deletedMsg{id: id, err: store.Delete(id)} }
}

// New returns the list of the drafts kept in store for baseURL.
func New(store *draft.Store, baseURL string, now func() time.Time) Model {
	if now == nil {
		now = time.Now
	}
	m := Model{store: store, baseURL: baseURL, now: now}
	m.SetSize(80, 20)
	return m
}

// Init reads the list (the answer carries the current sequence number).
func (m Model) Init() tea.Cmd { return list(m.store, m.baseURL, m.seq) }

// Reload reads the list again.
func (m *Model) Reload() tea.Cmd {
	m.seq++
	return list(m.store, m.baseURL, m.seq)
}

// Count is the number of drafts listed (damaged files included).
func (m Model) Count() int { return len(m.items) }

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 1), max(h, 1)
	m.render()
}

// Capturing: the view has no text input.
func (m Model) Capturing() bool { return false }

// Update handles a message.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case listMsg:
		if msg.seq != m.seq {
			return m, nil
		}
		m.loaded, m.items, m.err = true, msg.items, ""
		if msg.err != nil {
			m.err = msg.err.Error()
		}
		m.cursor = min(m.cursor, max(len(m.items)-1, 0))
		m.render()
		return m, nil
	case deletedMsg:
		if msg.err != nil {
			m.err = msg.err.Error()
		}
		return m, tea.Batch(m.Reload(), func() tea.Msg { return msgs.DraftsChanged{} })
	case msgs.DraftsChanged:
		return m, m.Reload()
	case msgs.LangChanged:
		m.render() // the heading and the rows keep the words they were drawn in
		return m, nil
	case tea.KeyMsg:
		return m.onKey(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	return m, nil
}

func (m Model) selected() (draft.Listed, bool) {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return draft.Listed{}, false
	}
	return m.items[m.cursor], true
}

func (m *Model) move(d int) {
	m.cursor = min(max(m.cursor+d, 0), max(len(m.items)-1, 0))
	m.render()
}

// body is the number of rows on screen: the heading (and a message) above them and
// a hint line under them take the rest.
func (m *Model) body() int { return max(m.height-len(m.head)-1, 1) }

// render lays the heading and the rows out once per change, so View only joins them.
func (m *Model) render() {
	m.head = m.heading()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+m.body() {
		m.offset = m.cursor - m.body() + 1
	}
	m.rows = m.rows[:0]
	for i, it := range m.items {
		line := m.row(it, m.width-2)
		if i == m.cursor {
			line = theme.Selected.Render(ansi.Truncate(theme.Cursor+" "+line, m.width, theme.Ellipsis))
		} else {
			line = "  " + line
		}
		m.rows = append(m.rows, ansi.Truncate(line, m.width, theme.Ellipsis))
	}
}

// row is a draft's line for w cells: the title gives way, so that what happened to
// the draft (refused, not uploaded) stays on screen.
func (m *Model) row(it draft.Listed, w int) string {
	if it.Draft == nil {
		return theme.ErrorMark + " " + it.ID + ": " + termtext.Clean(it.Err.Error())
	}
	d := it.Draft
	kind := i18n.T("drafts.kind.new")
	if d.IsEdit() {
		kind = i18n.T("drafts.kind.edit", "ID", strconv.Itoa(d.ListingID))
	}
	title := strings.TrimSpace(termtext.Clean(d.Title))
	if title == "" {
		title = i18n.T("drafts.untitled")
	}
	var notes []string
	if d.Refusal != nil {
		notes = append(notes, theme.ErrorMark+" "+i18n.T("drafts.refused", "Code", termtext.Clean(d.Refusal.Code)))
	}
	var media []string
	if n := len(d.Photos); n > 0 {
		media = append(media, i18n.N("drafts.photos", n))
	}
	if n := d.PendingUploads(); n > 0 {
		media = append(media, i18n.N("drafts.not_uploaded", n))
	}
	if len(media) > 0 {
		notes = append(notes, strings.Join(media, ", "))
	}
	// What happened comes before when: on a narrow screen the end is cut, and the
	// title gives way down to a few words first.
	left := fmt.Sprintf("%-9s ", kind)
	right := "  " + theme.Muted.Render(ago(m.now(), d.UpdatedAt))
	if len(notes) > 0 {
		right = "  " + strings.Join(notes, " · ") + right
	}
	room := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	title = layout.Cut(title, max(room, min(ansi.StringWidth(title), minTitle)))
	return left + title + right
}

// minTitle is how much of a title a row keeps however much else it has to say.
const minTitle = 10

// heading is the title and where the drafts are kept, then what the list has to say
// (an error, reading, none), each wrapped to the width rather than cut.
func (m *Model) heading() []string {
	title := i18n.T("drafts.title", "Count", i18n.UI().Number(len(m.items)))
	where := i18n.T("drafts.where.disk")
	if m.store.Dir() == "" {
		where = i18n.T("drafts.where.memory")
	}
	var head []string
	for i, l := range strings.Split(ansi.Wrap(title+"  "+where, m.width, ""), "\n") {
		switch {
		case i == 0 && strings.HasPrefix(l, title):
			head = append(head, theme.Heading.Render(title)+theme.Muted.Render(strings.TrimPrefix(l, title)))
		default:
			head = append(head, theme.Muted.Render(l))
		}
	}
	var say string
	style := theme.Muted
	switch {
	case m.err != "":
		say, style = theme.ErrorMark+" "+termtext.Clean(m.err), theme.Danger
	case !m.loaded:
		say = i18n.T("drafts.reading")
	case len(m.items) == 0:
		say = i18n.T("drafts.none")
	}
	var msg []string
	if say != "" {
		for _, l := range strings.Split(ansi.Wrap(say, m.width, ""), "\n") {
			msg = append(msg, style.Render(l))
		}
	}
	// On a short screen the hint keeps its line and a list its first row; then the
	// title's first line, the message and the rest of the title, in that order.
	room := m.height - 1
	if len(m.items) > 0 {
		room--
	}
	room = max(room, 1)
	keep := max(min(len(head), room-len(msg)), 1)
	return append(head[:keep], msg[:max(min(len(msg), room-keep), 0)]...)
}

// ago says how long since t, the way a person says it.
func ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return i18n.T("drafts.ago.now")
	case d < time.Hour:
		return i18n.N("drafts.ago.minutes", int(d.Minutes()))
	case d < 24*time.Hour:
		return i18n.N("drafts.ago.hours", int(d.Hours()))
	}
	return format.Date(t)
}

// View renders the list in exactly the size given.
func (m Model) View() string {
	lines := append([]string(nil), m.head...)
	end := min(m.offset+m.body(), len(m.rows))
	if m.offset < end {
		lines = append(lines, m.rows[m.offset:end]...)
	}
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	lines = lines[:max(m.height-1, 0)]
	hint := ""
	if m.confirm != "" {
		hint = theme.Warning.Render(i18n.T("drafts.confirm"))
	}
	lines = append(lines, hint)
	for i, l := range lines {
		lines[i] = layout.Pad(l, m.width)
	}
	return strings.Join(lines, "\n")
}
