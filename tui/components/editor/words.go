package editor

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
)

// The editor draws its words when it draws the screen, in the interface's language;
// only the huh forms keep theirs, and are built again on msgs.LangChanged.

// ruleWords is a rule's message (api/client/rules knows ids, not languages) in the
// interface's language: the entry "editor.rule."+ID.
func ruleWords(w rules.Why) string { return i18n.Reason("editor.rule.", w) }

// stepName is a step's name on the steps line and in the review.
func stepName(s step) string {
	switch s {
	case stepBasics:
		return i18n.T("editor.steps.basics")
	case stepCategory:
		return i18n.T("editor.steps.category")
	case stepDetails:
		return i18n.T("editor.steps.details")
	case stepCity:
		return i18n.T("editor.steps.city")
	case stepContacts:
		return i18n.T("editor.steps.contacts")
	case stepMedia:
		return i18n.T("editor.steps.media")
	}
	return i18n.T("editor.steps.review")
}

// fieldLabels are the catalog ids of the fields' names, as the seller knows them.
var fieldLabels = map[string]string{
	draft.FieldTitle: "editor.field.title", draft.FieldDescription: "editor.field.description",
	draft.FieldPrice: "editor.field.price", draft.FieldPriceType: "editor.field.price_type",
	draft.FieldCurrency: "editor.field.currency", draft.FieldCondition: "editor.field.condition",
	draft.FieldCategory: "editor.field.category", draft.FieldCity: "editor.field.city",
	draft.FieldContactName: "editor.field.contact_name", draft.FieldContactPhone: "editor.field.contact_phone",
	draft.FieldHidePhone: "editor.field.hide_phone", draft.FieldPhotos: "editor.field.photos",
	draft.FieldPhotos3D: "editor.field.photos_3d", draft.FieldVideo: "editor.field.video",
}

// priceTypeWord is a price type as the form offers it.
func priceTypeWord(pt string) string {
	switch pt {
	case api.PriceExchange:
		return i18n.T("editor.price_type.exchange")
	case api.PriceFree:
		return i18n.T("editor.price_type.free")
	}
	return i18n.T("editor.price_type.sell")
}

// relabel builds the form steps again from the draft, the cursor back on the field it
// was on.
func (m *Model) relabel() tea.Cmd {
	m.syncAttributes()
	m.forms[stepBasics] = m.buildBasics()
	m.forms[stepContacts] = m.buildContacts()
	m.rebuildDetails()
	for _, f := range m.forms {
		m.describe(f)
	}
	sf := m.forms[m.step]
	if sf == nil {
		return nil
	}
	cmds := []tea.Cmd{sf.form.Init()}
	for range sf.fields {
		f := sf.form.GetFocusedField()
		if f == nil || f.GetKey() == m.focusKey || f.GetKey() == sf.last || m.focusKey == "" {
			break
		}
		cmds = append(cmds, sf.form.NextField())
	}
	return tea.Batch(cmds...)
}
