package editor

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/catpick"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/mediapick"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// The table's modes: a step of huh fields, the review, an edit waiting for its
// listing; the category, city and media steps are named by their step.
const (
	modeForm    = "form"
	modeReview  = "review"
	modeLoading = "loading"
)

func ready(m Model) bool { return m.d != nil && m.loading == 0 }

func formStep(s step) bool { return s == stepBasics || s == stepDetails || s == stepContacts }

// focused is the huh field in focus on a form step, or nil.
func (m Model) focused() huh.Field {
	if !ready(m) || !formStep(m.step) || m.forms[m.step] == nil {
		return nil
	}
	return m.forms[m.step].form.GetFocusedField()
}

// filtering: a huh select's filter is open, and takes tab, shift+tab and esc.
func filtering(m Model) bool {
	s, ok := m.focused().(interface{ GetFiltering() bool })
	return ok && s.GetFiltering()
}

// onEdge: the field in focus is the form's first (edge "first") or last one, where
// tab and shift+tab move between steps.
func (m Model) onEdge(last bool) bool {
	f := m.focused()
	if f == nil {
		return true // not a form: they always move between steps
	}
	sf := m.forms[m.step]
	return (last && f.GetKey() == sf.last) || (!last && f.GetKey() == sf.first)
}

func canNext(m Model) bool { return ready(m) && m.step < stepReview && !filtering(m) }
func canPrev(m Model) bool {
	return ready(m) && !filtering(m) && (m.step > stepBasics || !m.onEdge(false))
}

// canLeave: esc leaves the editor where no step of its own takes it (the category
// and city steps close what they have open, or say Cancelled; the media step's
// picker and path input close).
func canLeave(m Model) bool {
	switch {
	case !ready(m) || m.step == stepReview:
		return true
	case formStep(m.step):
		return !filtering(m)
	}
	return m.step == stepMedia && !m.media.Capturing()
}

func canSubmit(m Model) bool { return ready(m) && !m.sub.sending && !m.sub.done }

// unchangedReview: an edit that changes nothing is reviewed; nothing is offered to
// send, though enter and ctrl+s answer that nothing changed.
func unchangedReview(m Model) bool { return m.step == stepReview && m.review.unchanged }

func moveNote(last bool) func(Model) string {
	return func(m Model) string {
		if m.onEdge(last) {
			return i18n.T("editor.note.step")
		}
		return i18n.T("editor.note.field")
	}
}

var (
	jumpFold   = action.Fold{ID: "editor.steps", Label: "alt+1…7", Desc: "go to step"}
	scrollFold = action.Fold{ID: "editor.scroll", Label: "↑/↓ pgup/pgdn", Desc: "scroll"}
)

// stepWords are the words of the actions going to each step, which the palette
// finds them by.
var stepWords = [stepCount]string{
	"go to Basics: title, description", "go to Category", "go to Details: price, condition, attributes",
	"go to City", "go to Contacts: name, phone", "go to Media: photos, video, 3D tour", "go to Review and send",
}

// stepIDs name the steps in action ids and modes, which stay English.
var stepIDs = [stepCount]string{"basics", "category", "details", "city", "contacts", "media", "review"}

// jumpID is the action going to step s: "editor.step.media".
func jumpID(s step) action.ID { return action.ID("editor.step." + stepIDs[s]) }

// table is the editor's own actions; each step adds its own before them
// (Actions). The huh fields of the form steps keep huh's keys (fieldActions).
var table = action.Table[Model]{
	Mode: func(m Model) string {
		switch {
		case !ready(m):
			return modeLoading
		case m.step == stepReview:
			return modeReview
		case formStep(m.step):
			return modeForm
		}
		return stepIDs[m.step]
	},
	Actions: append([]action.Action[Model]{
		{ID: "editor.type", Mode: modeForm, Desc: "type in the field", Typing: true},
		{ID: "editor.send", Mode: modeReview, Desc: "send", Keys: []string{"enter"}, Short: 1,
			When: canSubmit, Quiet: unchangedReview, Note: func(m Model) string {
				if len(m.problems) > 0 {
					return "goes to what to fix first"
				}
				return ""
			}},
		{ID: "editor.review.up", Mode: modeReview, Moves: true, Desc: "scroll up", Keys: []string{"up", "k"},
			Short: 2, Fold: scrollFold},
		{ID: "editor.review.down", Mode: modeReview, Moves: true, Desc: "scroll down", Keys: []string{"down", "j"},
			Fold: scrollFold},
		{ID: "editor.review.page_up", Mode: modeReview, Moves: true, Desc: "scroll a page up",
			Keys: []string{"pgup"}, Fold: scrollFold},
		{ID: "editor.review.page_down", Mode: modeReview, Moves: true, Desc: "scroll a page down",
			Keys: []string{"pgdown"}, Fold: scrollFold},
		{ID: "editor.reload", Mode: action.Any, Desc: "reload attributes", Keys: []string{"ctrl+r"}, Group: 3, Short: 9,
			When: func(m Model) bool { return ready(m) && m.attrEr != "" }},
		{ID: "editor.next", Mode: action.Any, Desc: "next", Keys: []string{"tab"}, Group: 3, Short: 10, When: canNext,
			Note: moveNote(true)},
		{ID: "editor.prev", Mode: action.Any, Desc: "back", Keys: []string{"shift+tab"}, Group: 3, When: canPrev,
			Note: moveNote(false)},
	}, append(jumps(), []action.Action[Model]{
		{ID: "editor.submit", Mode: action.Any, Desc: "review & send", Keys: []string{"ctrl+s"}, Group: 3, Short: 11,
			When: canSubmit, Quiet: unchangedReview},
		{ID: "editor.leave", Mode: action.Any, Desc: "leave (draft kept)", Keys: []string{"esc"}, Group: 3, Short: 12, When: canLeave},
		{ID: "editor.no_editor", Mode: modeForm, Desc: "your editor for the description",
			Note: func(Model) string { return "none found: how to set one" }, Keys: []string{"ctrl+e"}, Group: 3,
			When: func(m Model) bool { return m.step == stepBasics && m.extEditor == nil }},
	}...)...),
}

// jumps are the actions going to each step, alt+1…7, one line of the help.
func jumps() []action.Action[Model] {
	var out []action.Action[Model]
	for s := range stepCount {
		out = append(out, action.Action[Model]{ID: jumpID(s), Mode: action.Any, Desc: stepWords[s],
			Keys: []string{"alt+" + string(rune('1'+s))}, Group: 3, Fold: jumpFold,
			When: func(m Model) bool { return ready(m) && m.step != s }})
	}
	return out
}

// Table is the editor's actions with its steps', as they are in reach together,
// for the check of the user's keys and the reference of every action id.
func Table() action.Catalog {
	return action.Join(table, action.Within("category", catpick.Table()),
		action.Within("city", citypick.Table()), action.Within("media", mediapick.Table()))
}

// Actions is what the editor does now: the step's actions (its table, or the huh
// field's keys), then the editor's own.
func (m Model) Actions() []action.Bound {
	var step []action.Bound
	if ready(m) {
		switch m.step {
		case stepCategory:
			step = m.cat.Actions()
		case stepCity:
			step = m.city.Actions()
		case stepMedia:
			step = m.media.Actions()
		case stepReview:
		default:
			step = m.fieldActions()
		}
	}
	return append(step, table.Reach(m, m.Keys.Map)...)
}

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// fieldActions are the keys of the focused huh field, as huh binds them: without
// ids, as the field's own (docs/tui.md, "Actions"), less those the editor has.
func (m Model) fieldActions() []action.Bound {
	f := m.focused()
	if f == nil {
		return nil
	}
	var out []action.Bound
	for _, b := range f.KeyBinds() {
		switch h := b.Help(); {
		case !b.Enabled() || h.Key == "", h.Key == "shift+tab", h.Key == "tab", h.Key == "enter":
		default:
			short := 0
			if len(out) < 3 {
				short = len(out) + 1
			}
			out = append(out, action.Bound{Desc: h.Desc, Keys: b.Keys(), Label: h.Key, Short: short, Offered: short > 0})
		}
	}
	return out
}

// SetKeymap gives the editor and its steps the user's keys; steps made later get
// them as they are made (initComponents).
func (m *Model) SetKeymap(km action.Keymap) {
	m.Keys.Map = km
	m.cat.SetKeymap(km)
	m.city.SetKeymap(km)
	m.media.SetKeymap(km)
}

// Run does the action id, the editor's or its step's, by its key or from the
// palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) { return m.after(m.run(id)) }

func (m Model) run(id action.ID) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch s := string(id); {
	case !ready(m) && id != "editor.leave":
		return m, nil
	case strings.HasPrefix(s, "catpick."):
		m.cat, cmd = m.cat.Run(id)
		return m, cmd
	case strings.HasPrefix(s, "citypick."):
		m.city, cmd = m.city.Run(id)
		return m, cmd
	case strings.HasPrefix(s, "media."):
		m.media, cmd = m.media.Run(id)
		return m, cmd
	case strings.HasPrefix(s, "editor.step."):
		for st := range stepCount {
			if jumpID(st) == id {
				return m, m.goTo(st)
			}
		}
	}
	return m.runOwn(id)
}

// runOwn does one of the editor's own actions but a jump.
func (m Model) runOwn(id action.ID) (Model, tea.Cmd) {
	sf := m.forms[m.step]
	form := formStep(m.step) && sf != nil
	switch id {
	case "editor.leave":
		return m.leave()
	case "editor.submit":
		return m.submit()
	case "editor.send":
		if len(m.problems) > 0 {
			return m, m.focusField(firstField(m.problems))
		}
		return m.submit()
	case "editor.reload":
		return m, m.loadAttributes()
	case "editor.no_editor":
		return m, func() tea.Msg { return msgs.Notice{Text: theme.WarningMark + " " + noEditorNote} }
	case "editor.next":
		// Moving between fields is done here, at once, not by huh's own message:
		// keys typed right after tab would otherwise land in the field being left.
		if form && !m.onEdge(true) {
			return m, sf.form.NextField()
		}
		return m, m.goTo(m.step + 1)
	case "editor.prev":
		if form && !m.onEdge(false) {
			return m, sf.form.PrevField()
		}
		return m, m.goTo(m.step - 1)
	case "editor.review.up":
		m.review.view.ScrollUp(1)
	case "editor.review.down":
		m.review.view.ScrollDown(1)
	case "editor.review.page_up":
		m.review.view.PageUp()
	case "editor.review.page_down":
		m.review.view.PageDown()
	}
	return m, nil
}
