// Package watch owns the moderation watch: the persisted list of listings waiting for
// a moderation decision, their adaptive polling within the request budget, the
// decision notices, and the watch panel that shows and edits the list.
//
// Polling is driven by the root's msgs.Tick: at most one request is in flight, the
// due entry with the earliest next check goes first (a listing watched on its own
// before a job's), and half of the minute's budget (and a tenth of the day's) is
// always left to the user's own work. The list is kept per key and service
// (service.go); a job's or a bulk watch's listings are one group, one line of the
// panel (group.go); decisions that come together are said together (burst.go).
package watch

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/listings-tui/listings/tui/action"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
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
	asked      int // the same, until its answer: a decision then answers the key
	holdUntil  time.Time
	holdWhy    string
	authPaused bool
	reported   map[string]bool // error kinds shown in the banner since the last success
	saveFailed bool
	burst      burst           // decisions not yet said
	refused    map[string]bool // groups told the watch is full, this session

	action.Keys   // the user's keys (keys.go)
	input         textinput.Model
	adding        bool
	inputErr      string
	cursor        int
	offset        int
	open          string // the group whose listings the panel shows; "" for the top
	topCursor     int    // the cursor at the top, while a group is open
	width, height int

	// Precomputed by refresh for View and Summary; items and what follows only when
	// the list changed (built).
	built      built
	items      []item // the panel's lines: listings and groups
	pending    int    // the listings still waiting for a decision
	soonest    time.Time
	idW        int // the width of the longest id of items
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
	in := theme.Input()
	in.Prompt = idPrompt()
	in.Placeholder = "10062"
	in.CharLimit = 12
	// A static cursor: a blinking one would keep a timer running for a two-key input.
	in.Cursor.SetMode(cursor.CursorStatic)
	m := Model{
		svc: svc, store: store, base: max(interval, 0), now: now,
		reported: map[string]bool{}, refused: map[string]bool{}, input: in,
		width: 80, height: 24,
	}
	m.at = now()
	if svc != nil {
		m.budget = svc.Budget()
	}
	m.refresh()
	return m
}

// Init has nothing to load (the first tick starts polling); it says what the store
// has to say once, such as an older list taken over for this service.
func (m Model) Init() tea.Cmd {
	if n := m.store.Note(); n != "" {
		return send(msgs.Notice{Text: theme.WarningMark + " " + termtext.Clean(n)})
	}
	return nil
}

// Capturing reports whether the "add id" input has focus.
func (m Model) Capturing() bool { return m.adding }

// SetSize sets the panel's size.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.input.Width = max(m.width-len(m.input.Prompt)-2, 4)
	m.refresh()
}

// Update handles ticks, poll answers, the root's messages, the panel's keys and the
// mouse.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	m.at = m.now()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case msgs.Tick:
		if m.svc != nil {
			m.budget = m.svc.Budget()
		}
		cmd = tea.Batch(m.burst.due(m.at), m.maybePoll())
	case polled:
		cmd = m.answer(msg)
	case savedMsg:
		cmd = m.saved(msg.err)
	case msgs.Watch:
		cmd = m.watch(msg.ID, msg.Title, msg.Group, false)
	case msgs.ListingChanged:
		cmd = m.changed(msg)
	case msgs.LangChanged:
		m.lang = msg.Lang
		m.input.Prompt = idPrompt() // the rest is drawn again by refresh, below
	case tea.KeyMsg:
		cmd = m.key(msg)
	case tea.MouseMsg:
		cmd = m.mouse(msg)
	default:
		if m.adding {
			m.input, cmd = m.input.Update(msg)
		}
	}
	m.refresh()
	return m, cmd
}

// watch adds id (to group, when a job or a bulk watch sends it), or re-arms it from
// the base interval when it is already watched. A listing of a group is added quietly:
// the job or the bulk action says what it did, and a notice per listing would hide it.
func (m *Model) watch(id int, title, group string, fromPanel bool) tea.Cmd {
	if id <= 0 {
		return nil
	}
	title, group = termtext.Clean(title), groupName(group)
	e, added, err := m.store.Add(id, title, group, m.at)
	if err != nil {
		if group == "" {
			return send(msgs.Notice{Text: theme.ErrorMark + " " + i18n.T("watch.notice.not_added", "ID", strconv.Itoa(id), "Err", fullText(err))})
		}
		if m.refused[group] {
			return nil
		}
		m.refused[group] = true // said once, not for each of the job's listings
		return send(msgs.Notice{Text: theme.ErrorMark + " " + i18n.T("watch.notice.group_refused", "Group", group, "ID", id, "Err", fullText(err))})
	}
	text := i18n.T("watch.notice.watching", "ID", id, "Title", quoted(e.Title))
	if !added {
		if title != "" {
			e.Title = title
		}
		m.rearm(e)
		text = i18n.T("watch.notice.again", "ID", id, "Title", quoted(e.Title))
	}
	m.authPaused = false
	if group != "" {
		// In the order they came; a listing on its own goes first anyway (due).
		return tea.Batch(m.save(), m.maybePoll())
	}
	m.priority, m.asked = id, id // the first check is now, before older overdue ones
	if m.base <= 0 {
		text += " " + i18n.T("watch.notice.off")
	}
	if fromPanel {
		m.open = ""
		m.buildItems()
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
// snapshot is taken here, where the list changes (persist.go).
func (m *Model) save() tea.Cmd {
	if !m.store.snapshot() {
		return nil
	}
	store := m.store
	return func() tea.Msg { return savedMsg{store.write()} }
}

// saved takes the end of a write: a failure reaches the banner once until a save
// succeeds.
func (m *Model) saved(err error) tea.Cmd {
	if err != nil {
		if m.saveFailed {
			return nil
		}
		m.saveFailed = true
		return send(msgs.Error{Op: i18n.T("watch.op.save"), Err: err})
	}
	m.saveFailed = false
	return nil
}

// indexOf is the line of the listing id among the panel's lines.
func (m *Model) indexOf(id int) int {
	for i, it := range m.items {
		if it.e != nil && it.e.ID == id {
			return i
		}
	}
	return m.cursor
}

// selected is the listing under the cursor; nil on a group's line.
func (m *Model) selected() *Entry {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return nil
	}
	return m.items[m.cursor].e
}

// fullText says why the store took no more listings, in the interface's words: its
// errors are made once, before a language is chosen.
func fullText(err error) string {
	switch {
	case errors.Is(err, errLines):
		return i18n.T("watch.full.lines", "Max", MaxLines, "Clear", "c", "Panel", "W", "Remove", "d")
	case errors.Is(err, errTotal):
		return i18n.T("watch.full.total", "Max", MaxListings, "Clear", "c", "Panel", "W")
	}
	return err.Error()
}

// idPrompt is the "add id" input's prompt, in the interface's language.
func idPrompt() string { return i18n.T("watch.add.prompt") }
