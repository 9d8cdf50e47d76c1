// Package bulkform owns what comes between a bulk action asked for in the browser
// (msgs.Bulk: the marked listings and what to do to them) and its job: the form of a
// price change (a value, or a percentage or an amount, rounded as the listings' prices
// usually are, with a few of them shown old → new as it is typed) or of the fields
// common to all (condition, city through tui/components/citypick, contact name and phone, hide
// phone, currency), then the plan (api/jobs/bulk: what changes, what is skipped and why,
// how many active listings go back to moderation, the requests and the time) with
// its one confirmation, which asks the root to start the job (msgs.StartJob). It
// sends nothing itself but the city search.
package bulkform

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
)

// Service is what the view needs: the city search for the fields form and the
// budget a plan is costed against; *api.Client satisfies it.
type Service interface {
	citypick.Searcher
	Budget() api.Budget
}

type stage int

const (
	stPlan stage = iota
	stPrice
	stFields
)

// Model is the bulk action's view.
type Model struct {
	svc  Service
	now  func() time.Time
	lang string
	action.Keys

	stage stage
	verb  msgs.BulkVerb
	items []bulk.Item

	price priceForm
	form  fieldsForm
	city  citypick.Model
	// picking: the city picker has the screen (a letter typed on the city field).
	picking bool
	// discarding: esc on a form with something set asks before throwing it away.
	discarding bool

	plan bulk.Plan
	box  planbox.Box // the plan, rendered when made, and its scroll

	width, height int
}

// New returns the view; Open gives it an action.
func New(svc Service, lang string, now func() time.Time) Model {
	if now == nil {
		now = time.Now
	}
	m := Model{svc: svc, now: now, lang: lang, city: citypick.New(svc, lang)}
	m.price = newPriceForm(nil)
	m.form = newFieldsForm()
	m.SetSize(80, 24)
	return m
}

// Init has nothing to load.
func (m Model) Init() tea.Cmd { return nil }

// Open starts on req: a status change goes straight to its plan, a price or a
// fields change to its form first. What was typed for an earlier action is gone.
func (m Model) Open(req msgs.Bulk) (Model, tea.Cmd) {
	m.verb, m.items, m.picking, m.discarding = req.Verb, req.Items, false, false
	switch req.Verb {
	case msgs.BulkPrice:
		m.stage, m.price = stPrice, newPriceForm(req.Items)
		m.price.setWidth(m.width) // a new form: the inputs must not grow past the box
		return m, m.price.focus()
	case msgs.BulkEdit:
		m.stage, m.form = stFields, newFieldsForm()
		m.form.setWidth(m.width)
		m.city.Reset()
		return m, m.form.focus()
	case msgs.BulkActivate:
		m.makePlan(bulk.Action{Status: api.StatusActive})
	default:
		m.makePlan(bulk.Action{Status: api.StatusInactive})
	}
	return m, nil
}

// makePlan plans a on the items, costed against the budget as it is now.
func (m *Model) makePlan(a bulk.Action) {
	m.stage = stPlan
	m.plan = bulk.Make(m.items, a, m.svc.Budget(), m.now())
	m.box.SetLines(planLines(m.verb, m.plan, m.form.cityLabel))
}

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.city.SetSize(planbox.InnerWidth(m.width), max(m.height-3, 3)) // in the box, under its heading
	m.price.setWidth(m.width)
	m.form.setWidth(m.width)
	m.box.SetSize(m.width, m.height)
}

// Capturing is always true while the view is open: it is modal, and its letters
// (y, n, what is typed) are its own; only ctrl+c leaves past it.
func (m Model) Capturing() bool { return true }

// Update handles keys and the city picker's answers.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case msgs.LangChanged:
		// The words kept (the inputs' prompts, the plan's lines) are made again in
		// the interface's language; what was typed stays.
		m.lang = msg.Lang
		m.price.relabel()
		m.city.Relabel()
		m.SetSize(m.width, m.height)
		if m.stage == stPlan {
			m.box.SetLines(planLines(m.verb, m.plan, m.form.cityLabel))
		}
		return m, m.city.SetLang(msg.Lang)
	case citypick.Chosen:
		m.form.setCity(msg.City.Ref, msg.City.Label)
		m.picking = false
		m.city.Blur()
		return m, m.form.focus()
	case citypick.Cancelled:
		m.picking = false
		m.city.Blur()
		return m, m.form.focus()
	case tea.KeyMsg:
		if m.picking && !m.discarding {
			var cmd tea.Cmd
			m.city, cmd = m.city.Update(msg)
			return m, cmd
		}
		if id, ok := table.Match(m, m.Keys.Map, msg); ok {
			return m.Run(id)
		}
		switch {
		case m.discarding:
			return m, nil // the question waits for its answer
		case m.stage == stPrice:
			return m.priceKey(msg)
		case m.stage == stFields:
			return m.fieldsKey(msg)
		}
		return m, nil
	}
	// The picker's own answers (debounce ticks, search results).
	var cmd tea.Cmd
	m.city, cmd = m.city.Update(msg)
	return m, cmd
}

// leave is esc on a form: at once when nothing was set, else after a question.
func (m Model) leave(dirty bool) (Model, tea.Cmd) {
	if !dirty {
		return m, emit(msgs.Back{})
	}
	m.discarding = true
	return m, nil
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
