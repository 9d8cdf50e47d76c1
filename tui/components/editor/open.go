package editor

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/catpick"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/mediapick"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
)

const requestTimeout = 30 * time.Second

// listingMsg is the answer to the load of a listing to edit.
type listingMsg struct {
	seq int
	id  int
	det *api.ListingDetail
	err error
}

// attrsMsg is the answer to the load of a category's attributes.
type attrsMsg struct {
	seq   int
	id    int
	lang  string
	attrs []api.Attribute
	err   error
}

func fetchListing(svc Service, id int, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		det, err := svc.GetListing(ctx, id, lang)
		return listingMsg{seq: seq, id: id, det: det, err: err}
	}
}

func fetchAttributes(svc Service, id int, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		attrs, err := svc.Attributes(ctx, id, lang)
		return attrsMsg{seq: seq, id: id, lang: lang, attrs: attrs, err: err}
	}
}

// Open starts editing d: a new draft, or one resumed from the store. A draft that
// was refused last time opens on the first field the service named.
func (m Model) Open(d *draft.Draft) (Model, tea.Cmd) {
	m.reset()
	m.d = d
	if d.Lang == "" {
		d.Lang = m.lang
	}
	if d.Attributes == nil {
		d.Attributes = map[string]draft.AttrValue{}
	}
	m.saved = m.encode()
	m.stored = d.UpdatedAt.After(d.CreatedAt) || d.Refusal != nil
	cmds := []tea.Cmd{m.initComponents()}
	if d.CategoryID != 0 {
		cmds = append(cmds, m.loadAttributes())
	}
	m.forms[stepBasics] = m.buildBasics()
	m.forms[stepContacts] = m.buildContacts()
	m.rebuildDetails()
	m.recheck()
	if d.Refusal != nil && len(d.Refusal.Fields) > 0 {
		// The refused field; an attribute's field exists once the attributes are in.
		m.pendingFocus = firstField(d.Refusal.Fields)
		cmds = append(cmds, m.focusField(m.pendingFocus))
	} else {
		cmds = append(cmds, m.goTo(stepBasics))
	}
	return m, tea.Batch(cmds...)
}

// OpenEdit starts editing the listing id: l is the listing when the caller has it
// (the detail view), else it is loaded first.
func (m Model) OpenEdit(id int, l *api.ListingFull) (Model, tea.Cmd) {
	if l != nil {
		return m.Open(m.editDraft(l))
	}
	m.reset()
	m.loading = id
	m.loadSeq++
	return m, fetchListing(m.svc, id, m.lang, m.loadSeq)
}

func (m Model) editDraft(l *api.ListingFull) *draft.Draft {
	return draft.ForEdit(m.cfg.BaseURL, m.cfg.Profile, m.lang, l, m.cfg.Now())
}

func (m *Model) reset() {
	m.d = nil
	m.loading, m.loadErr = 0, ""
	m.forms = [stepCount]*stepForm{}
	m.attrs, m.attrOf, m.attrIn, m.attrEr = nil, 0, "", ""
	m.binds = nil
	m.problems, m.touched, m.attempted = map[string]rules.Why{}, map[string]bool{}, false
	m.sub = submission{}
	m.review = reviewState{}
	m.review.resize(m.width, m.bodyH)
	m.saved, m.stored, m.saveErr = "", false, ""
	m.pendingFocus = ""
	m.step = stepBasics
}

// initComponents sets the category, city and media steps up for the draft. The
// category tree and the city answers are kept from one draft to the next (they
// cost requests); the media are the draft's own.
func (m *Model) initComponents() tea.Cmd {
	d := m.d
	var cmds []tea.Cmd
	if !m.compsReady {
		m.cat = catpick.New(m.svc, m.lang)
		m.city = citypick.New(m.svc, m.lang)
		cmds = append(cmds, m.cat.Init(), m.city.Init())
		m.compsReady = true
	}
	m.cat.SetSize(m.width, m.bodyH)
	m.cat.SetContext(d.Title, d.Description)
	m.cat.Select(d.CategoryID)
	m.city.SetSize(m.width, m.bodyH)
	m.city.Reset()
	if d.CityRef != "" {
		m.city.SetChosen(d.CityRef, d.CityLabel)
	}
	m.media = mediapick.New(m.svc, m.cfg.StartDir).WithPainter(m.cfg.Painter)
	m.media.SetSize(m.width, m.bodyH)
	m.media.SetMedia(d.Photos, d.Video, d.Frames3D)
	m.media.SetTouched(d.MediaTouched)
	m.SetKeymap(m.Keys.Map) // to the steps just made
	return tea.Batch(append(cmds, m.media.Init())...)
}

// loadAttributes asks for the chosen category's attributes, from the cache when
// they were read before in this language.
func (m *Model) loadAttributes() tea.Cmd {
	id := m.d.CategoryID
	if a, ok := m.cache[attrKey{id, m.lang}]; ok {
		m.attrs, m.attrOf, m.attrIn, m.attrEr = a, id, m.lang, ""
		m.rebuildDetails()
		return nil
	}
	m.attrSq++
	m.attrEr = ""
	return fetchAttributes(m.svc, id, m.lang, m.attrSq)
}

// rebuildDetails builds the details step for the current attributes, keeping the
// values already entered.
func (m *Model) rebuildDetails() {
	if m.d == nil {
		return
	}
	m.syncAttributes()
	m.forms[stepDetails], m.binds = m.buildDetails()
}

// syncAttributes copies what the details form holds into the draft. Values of
// codes the current category lacks stay in the draft for a change back.
func (m *Model) syncAttributes() {
	for _, b := range m.binds {
		v := b.value()
		if v.Empty() {
			delete(m.d.Attributes, b.a.Code)
			continue
		}
		m.d.Attributes[b.a.Code] = v
	}
}

func (m Model) onListing(msg listingMsg) (Model, tea.Cmd) {
	if msg.seq != m.loadSeq || m.loading != msg.id {
		return m, nil
	}
	if msg.err != nil {
		m.loadErr = i18n.T("editor.load_failed", "ID", msg.id, "Err", msg.err)
		return m, func() tea.Msg { return msgs.Error{Op: "load the listing to edit", Err: msg.err} }
	}
	return m.Open(m.editDraft(&msg.det.Listing))
}

func (m Model) onAttributes(msg attrsMsg) (Model, tea.Cmd) {
	if msg.err == nil {
		m.cache[attrKey{msg.id, msg.lang}] = msg.attrs
	}
	if m.d == nil || msg.seq != m.attrSq || msg.id != m.d.CategoryID {
		return m, nil
	}
	if msg.err != nil {
		m.attrEr = i18n.T("editor.attrs_failed", "ID", msg.id, "Err", msg.err)
		return m, func() tea.Msg { return msgs.Error{Op: "load the category's attributes", Err: msg.err} }
	}
	m.attrs, m.attrOf, m.attrIn = msg.attrs, msg.id, msg.lang
	m.rebuildDetails()
	m.recheck()
	if m.step != stepDetails {
		return m, nil
	}
	if f := m.pendingFocus; f != "" && stepOf(f) == stepDetails {
		return m, m.focusField(f)
	}
	return m, m.goTo(stepDetails)
}

// firstField is the field to show first of a set: the earliest step, then by name.
func firstField[V any](fields map[string]V) string {
	if fs := sortedFields(fields); len(fs) > 0 {
		return fs[0]
	}
	return ""
}
