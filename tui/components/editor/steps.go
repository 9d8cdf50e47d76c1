package editor

import (
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/huh"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// formKeys are huh's keys without its own quit: ctrl+c belongs to the root.
func formKeys() *huh.KeyMap {
	k := huh.NewDefaultKeyMap()
	k.Quit = key.NewBinding(key.WithDisabled())
	return k
}

// newStepForm wraps fields in a form of one group, sized to the body.
func (m *Model) newStepForm(fields []formField, hf ...huh.Field) *stepForm {
	f := huh.NewForm(huh.NewGroup(hf...)).
		WithTheme(theme.Form()).
		WithKeyMap(formKeys()).
		WithShowHelp(false).
		WithShowErrors(false)
	sf := &stepForm{form: f, fields: fields}
	if len(fields) > 0 {
		sf.first, sf.last = fields[0].key, fields[len(fields)-1].key
	}
	sf.resize(m.width, m.bodyH)
	return sf
}

// buildBasics is the title and the description, with live counters.
func (m *Model) buildBasics() *stepForm {
	d := m.d
	title := huh.NewInput().Key(draft.FieldTitle).Title(i18n.T("editor.field.title_req")).
		Placeholder(i18n.T("editor.placeholder.title")).
		CharLimit(2 * rules.TitleMax).Value(&d.Title)
	desc := huh.NewText().Key(draft.FieldDescription).Title(i18n.T("editor.field.description_req")).
		Placeholder(i18n.T("editor.placeholder.description")).
		CharLimit(2 * rules.DescriptionMax).Lines(max(3, min(10, m.bodyH-7))).
		ExternalEditor(m.extEditor != nil).Value(&d.Description)
	if m.extEditor != nil {
		desc.Editor(m.extEditor...)
	}
	fields := []formField{
		{key: draft.FieldTitle, field: draft.FieldTitle, describe: func(s string) { title.Description(s) },
			hint: func() string { return counter(d.Title, rules.TitleMin, rules.TitleMax) }},
		{key: draft.FieldDescription, field: draft.FieldDescription, describe: func(s string) { desc.Description(s) },
			hint: func() string {
				ext := i18n.T("editor.hint.no_editor")
				if m.extEditor != nil {
					ext = i18n.T("editor.hint.editor", "Editor", filepath.Base(m.extEditor[0]))
				}
				return counter(d.Description, rules.DescriptionMin, rules.DescriptionMax) + ext + i18n.T("editor.hint.newline")
			}},
	}
	return m.newStepForm(fields, title, desc)
}

// counter is the live count of a limited text: "37/120 characters (5–120)".
func counter(s string, lo, hi int) string {
	return i18n.T("editor.hint.counter", "N", rules.Chars(s), "Max", hi, "Min", lo)
}

// buildContacts is the contact name, the phone and whether to hide it.
func (m *Model) buildContacts() *stepForm {
	d := m.d
	name := huh.NewInput().Key(draft.FieldContactName).Title(i18n.T("editor.field.contact_name")).
		Placeholder(i18n.T("editor.placeholder.contact_name")).CharLimit(200).Value(&d.ContactName)
	phone := huh.NewInput().Key(draft.FieldContactPhone).Title(i18n.T("editor.field.contact_phone")).
		Placeholder(i18n.T("editor.placeholder.contact_phone")).CharLimit(40).Value(&d.ContactPhone)
	hide := huh.NewConfirm().Key(draft.FieldHidePhone).Title(i18n.T("editor.field.hide_phone_q")).
		Affirmative(i18n.T("editor.hide")).Negative(i18n.T("editor.show")).Value(&d.HidePhone)
	fields := []formField{
		{key: draft.FieldContactName, field: draft.FieldContactName, describe: func(s string) { name.Description(s) },
			hint: func() string { return i18n.T("editor.hint.contact_name") }},
		{key: draft.FieldContactPhone, field: draft.FieldContactPhone, describe: func(s string) { phone.Description(s) },
			hint: func() string { return i18n.T("editor.hint.phone") }},
		{key: draft.FieldHidePhone, field: draft.FieldHidePhone, describe: func(s string) { hide.Description(s) },
			hint: func() string { return i18n.T("editor.hint.hide_phone") }},
	}
	return m.newStepForm(fields, name, phone, hide)
}

// attrBinding holds what huh edits for one attribute; sync copies it to the draft.
type attrBinding struct {
	a              api.Attribute
	text, from, to string
}

func (b *attrBinding) value() draft.AttrValue {
	return draft.AttrValue{Type: b.a.Type, Text: b.text, From: b.from, To: b.to}
}

// buildDetails is the price, currency, condition and the category's attributes.
// Values the draft holds for these codes come back (also after a change of
// category, when they still apply).
func (m *Model) buildDetails() (*stepForm, []*attrBinding) {
	d := m.d
	var hf []huh.Field
	var fields []formField
	add := func(key, field string, f huh.Field, describe func(string), hint func() string) {
		hf = append(hf, f)
		fields = append(fields, formField{key: key, field: field, describe: describe, hint: hint})
	}
	if d.IsEdit() {
		note := huh.NewNote().Title(i18n.T("editor.price_type_fixed", "Type", priceTypeWord(d.PriceType))).
			Description(i18n.T("editor.price_type_fixed_note"))
		hf = append(hf, note)
	} else {
		pt := huh.NewSelect[string]().Key(draft.FieldPriceType).Title(i18n.T("editor.field.price_type")).Inline(true).
			Value(&d.PriceType).Options(
			huh.NewOption(priceTypeWord(api.PriceSell), api.PriceSell), huh.NewOption(priceTypeWord(api.PriceExchange), api.PriceExchange),
			huh.NewOption(priceTypeWord(api.PriceFree), api.PriceFree))
		add(draft.FieldPriceType, draft.FieldPriceType, pt, func(s string) { pt.Description(s) },
			func() string { return i18n.T("editor.hint.change") })
	}
	price := huh.NewInput().Key(draft.FieldPrice).Title(i18n.T("editor.field.price")).Placeholder(i18n.T("editor.placeholder.price")).
		CharLimit(24).Value(&d.Price)
	add(draft.FieldPrice, draft.FieldPrice, price, func(s string) { price.Description(s) }, func() string {
		if d.PriceType == api.PriceSell || d.PriceType == "" {
			return i18n.T("editor.hint.price_required")
		}
		return i18n.T("editor.hint.price_not_sent", "Type", priceTypeWord(d.PriceType))
	})
	cur := huh.NewSelect[string]().Key(draft.FieldCurrency).Title(i18n.T("editor.field.currency")).Inline(true).Value(&d.Currency).
		Options(huh.NewOptions(rules.Currencies...)...)
	add(draft.FieldCurrency, draft.FieldCurrency, cur, func(s string) { cur.Description(s) }, func() string { return "" })
	cond := huh.NewSelect[string]().Key(draft.FieldCondition).Title(i18n.T("editor.field.condition")).Inline(true).Value(&d.Condition).
		Options(huh.NewOption(i18n.T("editor.not_stated"), ""), huh.NewOption(i18n.T("editor.condition.new"), "new"),
			huh.NewOption(i18n.T("editor.condition.used"), "used"))
	add(draft.FieldCondition, draft.FieldCondition, cond, func(s string) { cond.Description(s) }, func() string { return "" })

	var binds []*attrBinding
	for _, a := range m.attrs {
		b := &attrBinding{a: a}
		if v, ok := d.Attributes[a.Code]; ok && draft.Applies(a, v) {
			b.text, b.from, b.to = v.Text, v.From, v.To
		}
		binds = append(binds, b)
		m.attributeFields(b, add)
	}
	sf := m.newStepForm(fields, hf...)
	sf.form.WithHeight(max(m.bodyH-1, 1)) // a line above it says which category
	return sf, binds
}

// attributeFields adds the huh fields of one attribute: a text or number input, a
// select of labels sending values, yes/no, or a range's two inputs.
func (m *Model) attributeFields(b *attrBinding, add func(string, string, huh.Field, func(string), func() string)) {
	a := b.a
	field := draft.AttributeField(a.Code)
	title := termtext.Clean(a.Name)
	if a.Required {
		title += " *"
	}
	switch a.Type {
	case api.AttrSelect:
		empty := i18n.T("editor.not_stated")
		if a.Required {
			empty = i18n.T("editor.choose_one")
		}
		opts := []huh.Option[string]{huh.NewOption("— "+empty+" —", "")}
		for _, o := range a.Options {
			opts = append(opts, huh.NewOption(termtext.Clean(o.Label), o.Value))
		}
		s := huh.NewSelect[string]().Key(field).Title(title).Value(&b.text).Options(opts...)
		if len(opts) <= 4 {
			s.Inline(true)
		} else {
			s.Height(min(len(opts), 6) + 1)
		}
		add(field, field, s, func(t string) { s.Description(t) }, func() string {
			if len(opts) > 4 {
				return i18n.T("editor.hint.choose")
			}
			return i18n.T("editor.hint.change")
		})
	case api.AttrBoolean:
		s := huh.NewSelect[string]().Key(field).Title(title).Inline(true).Value(&b.text).Options(
			huh.NewOption(i18n.T("editor.not_stated"), ""), huh.NewOption(i18n.T("yes"), "true"), huh.NewOption(i18n.T("no"), "false"))
		add(field, field, s, func(t string) { s.Description(t) }, func() string { return i18n.T("editor.hint.change") })
	case api.AttrRange:
		from := huh.NewInput().Key(field + "#from").Title(i18n.T("editor.range.from", "Name", title)).Placeholder(i18n.T("editor.placeholder.number")).CharLimit(24).Value(&b.from)
		to := huh.NewInput().Key(field + "#to").Title(i18n.T("editor.range.to", "Name", title)).Placeholder(i18n.T("editor.placeholder.number")).CharLimit(24).Value(&b.to)
		add(field+"#from", field, from, func(t string) { from.Description(t) }, func() string { return i18n.T("editor.hint.range") })
		add(field+"#to", field, to, func(t string) { to.Description(t) }, func() string { return "" })
	case api.AttrNumber:
		in := huh.NewInput().Key(field).Title(title).Placeholder(i18n.T("editor.placeholder.number")).CharLimit(24).Value(&b.text)
		add(field, field, in, func(t string) { in.Description(t) }, func() string { return i18n.T("editor.hint.number") })
	default: // text, and types newer than this app: free text
		in := huh.NewInput().Key(field).Title(title).CharLimit(500).Value(&b.text)
		add(field, field, in, func(t string) { in.Description(t) }, func() string { return "" })
	}
}

// describe refreshes every field's description: its limits or counter, then what
// is wrong with it once the seller has left it (or tried to submit), and what the
// service said about it last. It reports whether any changed: only then must the
// form lay itself out again.
func (m *Model) describe(sf *stepForm) bool {
	if sf == nil {
		return false
	}
	changed := false
	for i := range sf.fields {
		f := &sf.fields[i]
		var parts []string
		if h := f.hint(); h != "" {
			parts = append(parts, h)
		}
		if msg := m.problemShown(f.field); msg != "" && !strings.HasSuffix(f.key, "#to") {
			parts = append(parts, theme.ErrorMark+" "+msg)
		}
		if d := strings.Join(parts, "\n"); d != f.shown || !f.described {
			f.describe(d)
			f.shown, f.described, changed = d, true, true
		}
	}
	return changed
}

// problemShown is the message a field shows now: the service's refusal first (it
// knows more), else the app's own check once the field was left or a submit tried.
func (m *Model) problemShown(field string) string {
	if r := m.d.Refusal; r != nil {
		if msg := r.Fields[field]; msg != "" {
			return termtext.Clean(msg)
		}
	}
	if m.attempted || m.touched[field] {
		return ruleWords(m.problems[field])
	}
	return ""
}
