// Package watch owns the moderation watch: the persisted list of listings waiting for
// a moderation decision, their adaptive polling within the request budget, the
// decision notices, and the watch panel that shows and edits the list.
//
// Polling is driven by the root's msgs.Tick: at most one request is in flight, the
// due entry with the earliest next check goes first, and half of the minute's budget
// (and a tenth of the day's) is always left to the user's own work.
package watch

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Poller is what the watch needs of the API; *api.Client satisfies it.
type Poller interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
	Budget() api.Budget
}

// Model is the moderation watch. The root must pass it every message that is not a
// key press (ticks, its own poll answers, msgs.Watch, msgs.ListingChanged,
// msgs.LangChanged) even while the panel is hidden, and key presses while it is shown.
type Model struct {
	svc   Poller
	store *Store
	base  time.Duration // 0: polling off
	now   func() time.Time
	lang  string

	at     time.Time // the clock at the last Update, for rendering
	budget api.Budget

	seq        int
	inflight   flight
	priority   int // an id the user asked to check now
	holdUntil  time.Time
	holdWhy    string
	authPaused bool
	reported   map[string]bool // error kinds shown in the banner since the last success
	saveFailed bool

	keys          KeyMap
	input         textinput.Model
	adding        bool
	inputErr      string
	cursor        int
	offset        int
	width, height int

	// Precomputed by refresh for View and Summary.
	statusLine string
	header     string
	rows       []string
	summary    string
}

// New builds the watch over store (nil: an empty list kept in memory). interval is the
// base wait between checks (DefaultInterval normally); 0 turns polling off while the
// list still shows. now is the clock (nil: time.Now).
func New(svc Poller, store *Store, interval time.Duration, now func() time.Time) Model {
	if store == nil {
		store = NewMemoryStore()
	}
	if now == nil {
		now = time.Now
	}
	in := textinput.New()
	in.Prompt = "Listing id: "
	in.Placeholder = "10062"
	in.CharLimit = 12
	// A static cursor: a blinking one would keep a timer running for a two-key input.
	in.Cursor.SetMode(cursor.CursorStatic)
	m := Model{
		svc: svc, store: store, base: max(interval, 0), now: now,
		reported: map[string]bool{}, keys: DefaultKeyMap(), input: in,
		width: 80, height: 24,
	}
	m.at = now()
	if svc != nil {
		m.budget = svc.Budget()
	}
	m.refresh()
	return m
}

// Init has nothing to load: the first tick starts polling.
func (m Model) Init() tea.Cmd { return nil }

// Capturing reports whether the "add id" input has focus.
func (m Model) Capturing() bool { return m.adding }

// KeyMap returns the keys for the help bar.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.capturing = m.adding
	empty := m.store.Len() == 0
	for _, b := range []*key.Binding{&k.Open, &k.Remove, &k.Check, &k.Up, &k.Down} {
		b.SetEnabled(!empty)
	}
	k.Check.SetEnabled(!empty && m.base > 0)
	return k
}

// SetSize sets the panel's size.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.input.Width = max(m.width-len(m.input.Prompt)-2, 4)
	m.refresh()
}

// Update handles ticks, poll answers, the root's messages and the panel's keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	m.at = m.now()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case msgs.Tick:
		if m.svc != nil {
			m.budget = m.svc.Budget()
		}
		cmd = m.maybePoll()
	case polled:
		cmd = m.answer(msg)
	case savedMsg:
		cmd = m.saved(msg.err)
	case msgs.Watch:
		cmd = m.watch(msg.ID, msg.Title, false)
	case msgs.ListingChanged:
		cmd = m.changed(msg)
	case msgs.LangChanged:
		m.lang = msg.Lang
	case tea.KeyMsg:
		if m.adding {
			cmd = m.inputKey(msg)
		} else {
			cmd = m.key(msg)
		}
	default:
		if m.adding {
			m.input, cmd = m.input.Update(msg)
		}
	}
	m.refresh()
	return m, cmd
}

// watch adds id, or re-arms it from the base interval when it is already watched.
func (m *Model) watch(id int, title string, fromPanel bool) tea.Cmd {
	if id <= 0 {
		return nil
	}
	title = termtext.Clean(title)
	e, added, err := m.store.Add(id, title, m.at)
	if err != nil {
		return send(msgs.Notice{Text: theme.ErrorMark + " Listing " + strconv.Itoa(id) + " not added: " + err.Error()})
	}
	text := fmt.Sprintf("Watching listing %d%s for a moderation decision", id, quoted(e.Title))
	if !added {
		if title != "" {
			e.Title = title
		}
		m.rearm(e)
		text = fmt.Sprintf("Listing %d%s is watched: checking again", id, quoted(e.Title))
	}
	m.authPaused = false
	m.priority = id // the first check is now, before older overdue ones
	if m.base <= 0 {
		text += " (polling is off)"
	}
	if fromPanel {
		m.cursor = m.indexOf(id)
	}
	return tea.Batch(m.save(), send(msgs.Notice{Text: text}), m.maybePoll())
}

// changed takes in what another view learnt about a watched listing, quietly: the
// user saw it already, so a decision found this way rings no bell.
func (m *Model) changed(c msgs.ListingChanged) tea.Cmd {
	e := m.store.Get(c.ID)
	if e == nil {
		return nil
	}
	dirty := false
	if c.Listing != nil {
		if t := termtext.Clean(c.Listing.Title); t != "" && t != e.Title {
			e.Title, dirty = t, true
		}
	}
	switch {
	case c.Status == "":
	case c.Status == api.StatusPending:
		if !e.Pollable() {
			// Edited and resubmitted: watch the new review from the base interval.
			e.Status, e.Interval, e.NextCheck = api.StatusPending, 0, m.at.Add(m.base)
			e.DecidedAt, e.Reason, e.Error, e.Gone = time.Time{}, "", "", false
			dirty = true
		} else if e.Status != api.StatusPending {
			e.Status, dirty = api.StatusPending, true
		}
	case e.Pollable():
		m.decide(e, c.Status, c.Moderation)
		dirty = true
	case e.Status != c.Status || e.Gone:
		e.Status, e.Gone, dirty = c.Status, false, true
		if c.Status == api.StatusBlocked && c.Moderation != nil && c.Moderation.Reason != nil {
			e.Reason = termtext.Clean(*c.Moderation.Reason)
		}
	}
	if !dirty {
		return nil
	}
	return m.save()
}

// savedMsg is the end of a write of the watch list.
type savedMsg struct{ err error }

// save writes the list off the event loop, so a slow disk never holds the keys; the
// snapshot is taken here, where the list changes.
func (m *Model) save() tea.Cmd {
	data, v, err := m.store.encode()
	if err != nil {
		return func() tea.Msg { return savedMsg{err} }
	}
	if data == nil {
		return nil
	}
	store := m.store
	return func() tea.Msg { return savedMsg{store.write(data, v)} }
}

// saved takes the end of a write: a failure reaches the banner once until a save
// succeeds.
func (m *Model) saved(err error) tea.Cmd {
	if err != nil {
		if m.saveFailed {
			return nil
		}
		m.saveFailed = true
		return send(msgs.Error{Op: "save the watch list", Err: err})
	}
	m.saveFailed = false
	return nil
}

func (m *Model) indexOf(id int) int {
	for i, e := range m.store.Entries() {
		if e.ID == id {
			return i
		}
	}
	return m.cursor
}

func (m *Model) selected() *Entry {
	es := m.store.Entries()
	if m.cursor < 0 || m.cursor >= len(es) {
		return nil
	}
	return es[m.cursor]
}

// key handles the panel's keys.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	page := max(m.listHeight()-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		m.cursor--
	case key.Matches(msg, k.Down):
		m.cursor++
	case key.Matches(msg, k.PageUp):
		m.cursor -= page
	case key.Matches(msg, k.PageDown):
		m.cursor += page
	case key.Matches(msg, k.Home):
		m.cursor = 0
	case key.Matches(msg, k.End):
		m.cursor = m.store.Len() - 1
	case key.Matches(msg, k.Open):
		if e := m.selected(); e != nil {
			return send(msgs.OpenListing{ID: e.ID, Title: e.Title})
		}
	case key.Matches(msg, k.Add):
		m.adding, m.inputErr = true, ""
		m.input.Reset()
		return m.input.Focus()
	case key.Matches(msg, k.Remove):
		if e := m.selected(); e != nil {
			m.forget(e.ID)
			m.store.Remove(e.ID)
			return tea.Batch(m.save(), send(msgs.Notice{Text: fmt.Sprintf("Stopped watching listing %d", e.ID)}))
		}
	case key.Matches(msg, k.RemoveDecided):
		for _, e := range m.store.Entries() {
			if !e.Pollable() {
				m.forget(e.ID)
			}
		}
		n := m.store.RemoveDecided()
		if n == 0 {
			return send(msgs.Notice{Text: "Nothing decided to remove"})
		}
		return tea.Batch(m.save(), send(msgs.Notice{Text: fmt.Sprintf("Removed %d decided listing%s", n, plural(n))}))
	case key.Matches(msg, k.Check):
		return m.checkNow()
	case key.Matches(msg, k.Back):
		return send(msgs.Back{})
	}
	return nil
}

// checkNow puts the selected entry first, within the budget rule.
func (m *Model) checkNow() tea.Cmd {
	e := m.selected()
	if e == nil {
		return nil
	}
	if m.base <= 0 {
		return send(msgs.Notice{Text: "Polling is off (watch interval 0): listing not checked"})
	}
	var cmds []tea.Cmd
	if !e.Pollable() {
		m.rearm(e)
		cmds = append(cmds, m.save())
	}
	m.authPaused = false
	m.priority = e.ID
	cmd := m.maybePoll()
	switch {
	case cmd != nil:
		cmds = append(cmds, cmd)
	case m.at.Before(m.holdUntil):
		cmds = append(cmds, send(msgs.Notice{Text: fmt.Sprintf(
			"Listing %d will be checked when the %s allows it (%s)", e.ID, m.holdWhy, untilText(m.holdUntil, m.at))}))
	}
	return tea.Batch(cmds...)
}

// forget drops in-memory state tied to an id that leaves the list.
func (m *Model) forget(id int) {
	if m.inflight.id == id {
		m.inflight.discard = true
	}
	if m.priority == id {
		m.priority = 0
	}
}

// inputKey handles keys while the "add id" input has focus.
func (m *Model) inputKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Cancel):
		m.adding, m.inputErr = false, ""
		m.input.Blur()
		return nil
	case key.Matches(msg, m.keys.Submit):
		id, err := parseID(m.input.Value())
		if err != nil {
			m.inputErr = err.Error()
			return nil
		}
		m.adding, m.inputErr = false, ""
		m.input.Blur()
		return m.watch(id, "", true)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	m.inputErr = ""
	return cmd
}

// parseID accepts a listing id typed or pasted: digits only, surrounding spaces and a
// leading "#" forgiven.
func parseID(s string) (int, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if s == "" {
		return 0, fmt.Errorf("type a listing id, e.g. 10062")
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("a listing id is digits only, e.g. 10062")
		}
	}
	id, err := strconv.Atoi(s)
	if err != nil || id <= 0 || id > 1<<31-1 {
		return 0, fmt.Errorf("%s is not a listing id", s)
	}
	return id, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
