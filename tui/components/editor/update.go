package editor

import (
	"encoding/json"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/catpick"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/mediapick"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// rebuild makes a huh form lay its view out again after descriptions changed; the
// fields ignore it.
type rebuild struct{}

// Init does nothing: Open and OpenEdit return the first commands.
func (m Model) Init() tea.Cmd { return nil }

// Update handles a message; the root sends the editor every message it does not
// handle itself, so the answers of the steps' commands arrive while another view
// is shown too.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case listingMsg:
		return m.onListing(msg)
	case attrsMsg:
		return m.onAttributes(msg)
	case submitMsg:
		return m.onSubmitted(msg)
	case msgs.LangChanged:
		return m.setLang(msg.Lang)
	}
	if m.d == nil {
		if k, ok := msg.(tea.KeyMsg); ok {
			return m.onKey(k)
		}
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return m.after(m.onKey(msg))
	case tea.MouseMsg:
		return m.after(m.toStep(msg))
	case msgs.Tick:
		return m.forwardAll(msg) // nothing of the draft changes with the clock
	case catpick.Chosen:
		return m.after(m.chooseCategory(msg))
	case citypick.Chosen:
		m.d.CityRef, m.d.CityLabel = msg.City.Ref, termtext.Clean(msg.City.Label)
		m.city.SetChosen(m.d.CityRef, m.d.CityLabel)
		m.clearRefusal("city_ref")
		m, cmd := m.after(m, nil)
		return m, tea.Batch(cmd, m.goTo(stepContacts))
	case catpick.Cancelled, citypick.Cancelled:
		return m.leave()
	case mediapick.Changed:
		m.d.Photos, m.d.Video, m.d.Frames3D = m.media.Media()
		if m.media.Touched() {
			m.d.MediaTouched = true
		}
		m, cmd := m.after(m.forwardAll(msg))
		m, cmd2 := m.continueSubmit()
		return m, tea.Batch(cmd, cmd2)
	}
	return m.after(m.forwardAll(msg))
}

// toStep gives a message to the step on screen only (the mouse).
func (m Model) toStep(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch m.step {
	case stepCategory:
		m.cat, cmd = m.cat.Update(msg)
	case stepCity:
		m.city, cmd = m.city.Update(msg)
	case stepMedia:
		m.media, cmd = m.media.Update(msg)
	case stepReview:
		m.review.view, cmd = m.review.view.Update(msg)
	default:
		if f := m.forms[m.step]; f != nil {
			_, cmd = f.form.Update(msg)
		}
	}
	return m, cmd
}

// forwardAll gives a message to the components (their own answers, ticks) and to
// the huh form on screen.
func (m Model) forwardAll(msg tea.Msg) (Model, tea.Cmd) {
	var c1, c2, c3, c4 tea.Cmd
	m.cat, c1 = m.cat.Update(msg)
	m.city, c2 = m.city.Update(msg)
	m.media, c3 = m.media.Update(msg)
	if f := m.forms[m.step]; f != nil {
		_, c4 = f.form.Update(msg)
	}
	return m, tea.Batch(c1, c2, c3, c4)
}

// after runs once per handled message: it copies the form into the draft, checks
// it, refreshes the fields' descriptions and hands a changed draft to the saver.
func (m Model) after(m2 Model, cmd tea.Cmd) (Model, tea.Cmd) {
	m = m2
	if m.d == nil {
		return m, cmd
	}
	m.syncAttributes()
	m.recheck()
	if f := m.forms[m.step]; f != nil && f.form.State == huh.StateCompleted {
		// Leaving the last field completes a huh form (by a message of its own).
		cmd = tea.Batch(cmd, m.goTo(m.step+1))
	}
	if f := m.forms[m.step]; f != nil {
		// Focus moves by a message of huh's own, so leaving a field is seen here.
		if ff := f.form.GetFocusedField(); ff != nil && ff.GetKey() != m.focusKey {
			m.touch(m.focusKey)
			m.focusKey = ff.GetKey()
		}
		if m.describe(f) {
			f.form.Update(rebuild{})
		}
	}
	if m.step == stepReview {
		m.refreshReview()
	}
	return m, tea.Batch(cmd, m.save())
}

// recheck computes what is wrong with the draft as it stands.
func (m *Model) recheck() {
	var attrs = m.attrs
	if m.attrOf != m.d.CategoryID {
		attrs = nil
	}
	m.problems = m.d.Problems(attrs)
	m.cat.SetContext(m.d.Title, m.d.Description)
}

// encode is the draft as saved, without its time stamp, to tell a change.
func (m *Model) encode() string {
	d := *m.d
	d.UpdatedAt = d.CreatedAt
	b, _ := json.Marshal(&d)
	return string(b)
}

// save hands the draft to the saver when it changed. A new draft that is still
// empty is not kept.
func (m *Model) save() tea.Cmd {
	enc := m.encode()
	if enc == m.saved || m.cfg.Saver == nil {
		return nil
	}
	m.saved = enc
	if !m.stored && (m.emptyNew() || m.unchangedEdit()) {
		return nil // nothing written yet: no draft to keep
	}
	m.d.UpdatedAt = m.cfg.Now()
	if err := m.cfg.Saver.Save(m.d); err != nil {
		m.saveErr = i18n.T("editor.not_saved_err", "Err", err.Error())
		return nil
	}
	if !m.stored {
		m.stored = true
		return func() tea.Msg { return msgs.DraftsChanged{} }
	}
	return nil
}

// emptyNew reports a new draft the seller has not written anything into.
func (m *Model) emptyNew() bool {
	d := m.d
	return !d.IsEdit() && strings.TrimSpace(d.Title+d.Description+d.Price+d.ContactName+d.ContactPhone) == "" &&
		d.CategoryID == 0 && d.CityRef == "" && len(d.Photos) == 0 && d.Video == nil && len(d.Frames3D) == 0 &&
		len(d.Attributes) == 0
}

// unchangedEdit reports an edit that would send nothing yet.
func (m *Model) unchangedEdit() bool {
	if !m.d.IsEdit() || m.attrOf != m.d.CategoryID {
		return m.d.IsEdit() && !m.d.MediaTouched && m.d.Title == m.d.Original.Title &&
			m.d.Description == m.d.Original.Description
	}
	return m.previewDraft().Unchanged(m.attrs)
}

func back() tea.Msg { return msgs.Back{} }

// leave goes back to where the editor was opened from; the draft stays on disk.
func (m Model) leave() (Model, tea.Cmd) {
	cmds := []tea.Cmd{back}
	if m.d != nil && m.stored && !m.sub.done {
		text := i18n.T("editor.draft_kept")
		if m.media.Busy() {
			text = i18n.T("editor.draft_kept_uploads")
		}
		cmds = append(cmds, func() tea.Msg { return msgs.Notice{Text: text} })
	}
	return m, tea.Batch(cmds...)
}

// onKey runs the action of k, the step's or the editor's (Actions); a key of
// neither goes to the step: a huh field's own, or the letters of a text input.
func (m Model) onKey(k tea.KeyMsg) (Model, tea.Cmd) {
	own := slices.DeleteFunc(m.Actions(), func(b action.Bound) bool { return b.ID == "" })
	if b, ok := action.Find(own, k); ok {
		return m.run(b.ID)
	}
	if !ready(m) {
		return m, nil
	}
	var cmd tea.Cmd
	switch m.step {
	case stepCategory:
		m.cat, cmd = m.cat.Update(k)
	case stepCity:
		m.city, cmd = m.city.Update(k)
	case stepMedia:
		m.media, cmd = m.media.Update(k)
	case stepReview:
	default:
		return m.formKey(k)
	}
	return m, cmd
}

// formKey gives a key to the huh field in focus. Enter leaves a field as tab does
// (on the last one, for the next step); a select's filter takes it.
func (m Model) formKey(k tea.KeyMsg) (Model, tea.Cmd) {
	sf := m.forms[m.step]
	focused := m.focused()
	if focused == nil {
		return m, nil
	}
	if k.Type == tea.KeyEnter && !k.Alt && !filtering(m) { // alt+enter: a new line
		return m.run("editor.next")
	}
	_, cmd := sf.form.Update(k)
	m.clearRefusalOnEdit(focused.GetKey())
	return m, cmd
}

// touch marks the field behind a huh key as left once: its problems show now.
func (m *Model) touch(hkey string) {
	if hkey == "" {
		return
	}
	field, _, _ := strings.Cut(hkey, "#")
	m.touched[field] = true
}

// clearRefusalOnEdit forgets the service's message about a field once the seller
// changed that field.
func (m *Model) clearRefusalOnEdit(hkey string) {
	if m.d.Refusal == nil {
		return
	}
	field, _, _ := strings.Cut(hkey, "#")
	m.syncAttributes()
	if m.encode() != m.saved {
		m.clearRefusal(field)
	}
}

func (m *Model) clearRefusal(field string) {
	if r := m.d.Refusal; r != nil {
		delete(r.Fields, field)
		if m.sub.fields {
			m.sub.note = refusalNote(len(r.Fields))
		}
	}
}

// goTo shows step s; a huh step is built afresh from the draft (a completed huh
// form does not take keys again).
func (m *Model) goTo(s step) tea.Cmd {
	s = min(max(s, 0), stepCount-1)
	m.syncAttributes()
	m.touch(m.focusKey)
	m.focusKey = ""
	if s != stepOf(m.pendingFocus) {
		m.pendingFocus = ""
	}
	m.step = s
	m.cat.Blur()
	m.city.Blur()
	m.media.Blur()
	switch s {
	case stepBasics:
		m.forms[s] = m.buildBasics()
	case stepDetails:
		m.rebuildDetails()
	case stepContacts:
		m.forms[s] = m.buildContacts()
	case stepCategory:
		return m.cat.Focus()
	case stepCity:
		return m.city.Focus()
	case stepMedia:
		return m.media.Focus()
	case stepReview:
		m.refreshReview()
		m.review.view.GotoTop()
		return nil
	}
	m.describe(m.forms[s])
	return m.forms[s].form.Init()
}

// focusField shows the step of a field and puts the cursor on it.
func (m *Model) focusField(field string) tea.Cmd {
	s := stepOf(field)
	cmd := m.goTo(s)
	sf := m.forms[s]
	if sf == nil {
		return cmd
	}
	if !slices.ContainsFunc(sf.fields, func(f formField) bool { return f.field == field }) {
		return cmd // not on this form (yet): its first field then
	}
	cmds := []tea.Cmd{cmd}
	for range sf.fields {
		f := sf.form.GetFocusedField()
		if f == nil || strings.HasPrefix(f.GetKey(), field) || f.GetKey() == sf.last {
			break
		}
		cmds = append(cmds, sf.form.NextField())
	}
	return tea.Batch(cmds...)
}

func (m Model) chooseCategory(c catpick.Chosen) (Model, tea.Cmd) {
	changed := c.ID != m.d.CategoryID
	m.d.CategoryID, m.d.CategoryPath = c.ID, termtext.Clean(c.Path)
	m.clearRefusal("category_id")
	var cmd tea.Cmd
	if changed || m.attrOf != c.ID {
		m.attrs, m.attrOf = nil, 0
		cmd = m.loadAttributes()
	}
	return m, tea.Batch(cmd, m.goTo(stepDetails))
}

// setLang switches the language of category names, attribute labels and cities,
// and builds the form steps again in the interface's language (huh keeps the words
// it was given): the draft holds what was typed, so nothing is lost.
func (m Model) setLang(lang string) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	if m.compsReady {
		m.cat.Relabel()
		m.city.Relabel()
	}
	if m.d != nil && m.loading == 0 {
		cmds = append(cmds, m.relabel())
		if m.step == stepReview {
			m.refreshReview() // its text is laid out once, in words
		}
	}
	if lang == m.lang {
		return m, tea.Batch(cmds...)
	}
	m.lang = lang
	if m.d == nil {
		return m, nil
	}
	cmds = append(cmds, m.cat.SetLang(lang), m.city.SetLang(lang))
	if m.d.CategoryID != 0 {
		cmds = append(cmds, m.loadAttributes())
	}
	return m, tea.Batch(cmds...)
}
