package bulkform

import (
	"errors"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// field is one line of the fields form: the fields a seller may set on many
// listings at once. Every field starts "unchanged", and only those set are sent.
type field int

const (
	fCondition field = iota
	fCity
	fName
	fPhone
	fHide
	fCurrency
	numFields
)

// fieldName is a field's name on the form and in the plan.
func fieldName(f field) string {
	switch f {
	case fCondition:
		return i18n.T("bulkform.field.condition")
	case fCity:
		return i18n.T("bulkform.field.city")
	case fName:
		return i18n.T("bulkform.field.contact_name")
	case fPhone:
		return i18n.T("bulkform.field.contact_phone")
	case fHide:
		return i18n.T("bulkform.field.hide_phone")
	}
	return i18n.T("bulkform.field.currency")
}

// choiceWord is a select field's value as the form shows it.
func choiceWord(c string) string {
	switch c {
	case "":
		return i18n.T("bulkform.unchanged")
	case "new":
		return i18n.T("bulkform.condition.new")
	case "used":
		return i18n.T("bulkform.condition.used")
	case "yes", "no":
		return i18n.T(c)
	}
	return c // a currency's code
}

// choices are the values of a select field; "" is "unchanged".
var choices = map[field][]string{
	fCondition: {"", "new", "used"},
	fHide:      {"", "yes", "no"},
	fCurrency:  {"", "UAH", "USD", "EUR"},
}

type fieldsForm struct {
	cur         field
	pick        [numFields]int // the choice of each select field
	name, phone textinput.Model
	cityRef     string
	cityLabel   string
	err         string
}

func newFieldsForm() fieldsForm {
	f := fieldsForm{}
	mk := func(limit int, hint string) textinput.Model {
		in := theme.Input()
		in.Prompt, in.Placeholder, in.CharLimit = "", hint, limit
		in.Cursor.SetMode(cursor.CursorStatic)
		return in
	}
	f.name, f.phone = mk(100, i18n.T("bulkform.unchanged")), mk(20, phoneHint())
	return f
}

// phoneHint is the phone's placeholder: the example says the form the service takes.
// Where it does not fit whole it is left out rather than cut.
func phoneHint() string { return i18n.T("bulkform.phone_hint") }

// fieldIndent is what comes before a field's value: cursor, name and gap.
const fieldIndent = 2 + 14 + 2

// setWidth fits the inputs to the box of a view w wide: the value after the name,
// and the cursor.
func (f *fieldsForm) setWidth(w int) {
	iw := max(min(planbox.InnerWidth(w)-fieldIndent-1, 40), 4)
	f.name.Width, f.phone.Width = iw, iw
	f.name.Placeholder = i18n.T("bulkform.unchanged")
	f.phone.Placeholder = phoneHint()
	if ansi.StringWidth(f.phone.Placeholder) > iw {
		f.phone.Placeholder = i18n.T("bulkform.unchanged")
	}
}

// focus gives the text field under the cursor the input focus.
func (f *fieldsForm) focus() tea.Cmd {
	f.name.Blur()
	f.phone.Blur()
	switch f.cur {
	case fName:
		return f.name.Focus()
	case fPhone:
		return f.phone.Focus()
	}
	return nil
}

func (f *fieldsForm) setCity(ref, label string) {
	f.cityRef, f.cityLabel = termtext.Clean(ref), termtext.Clean(label)
}

// patch is the edit of the fields set; an error when none is, or one is wrong.
func (f *fieldsForm) patch() (*api.ListingEdit, error) {
	e := &api.ListingEdit{}
	if v := choices[fCondition][f.pick[fCondition]]; v != "" {
		e.Condition = api.Set(v)
	}
	if f.cityRef != "" {
		e.CityRef = api.Set(f.cityRef)
	}
	if v := strings.TrimSpace(f.name.Value()); v != "" {
		e.ContactName = api.Set(v)
	}
	if v := strings.TrimSpace(f.phone.Value()); v != "" {
		if why := rules.PhoneWhy(v); !why.OK() {
			return nil, errors.New(fieldName(fPhone) + ": " + i18n.Reason("editor.rule.", why))
		}
		e.ContactPhone = api.Set(v)
	}
	if v := choices[fHide][f.pick[fHide]]; v != "" {
		e.HidePhone = api.Set(v == "yes")
	}
	if v := choices[fCurrency][f.pick[fCurrency]]; v != "" {
		e.Currency = api.Set(v)
	}
	if e.Empty() {
		return nil, errors.New(i18n.T("bulkform.all_unchanged"))
	}
	return e, nil
}

func (m Model) fieldsKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	f := &m.form
	if f.cur == fCity && msg.Type == tea.KeyRunes && !msg.Alt {
		// The city is searched as it is typed, like the name and the phone: enter
		// makes the plan on every field.
		m.picking = true
		focus := m.city.Focus()
		var cmd tea.Cmd
		m.city, cmd = m.city.Update(msg)
		return m, tea.Batch(focus, cmd)
	}
	var cmd tea.Cmd
	switch f.cur {
	case fName:
		f.name, cmd = f.name.Update(msg)
	case fPhone:
		f.phone, cmd = f.phone.Update(msg)
	}
	f.err = ""
	return m, cmd
}

// turn moves the choice of the select field under the cursor by d.
func (f *fieldsForm) turn(d int) {
	opts := choices[f.cur]
	f.pick[f.cur] = (f.pick[f.cur] + len(opts) + d) % len(opts)
	f.err = ""
}

// dirty reports whether anything was set, which esc would throw away.
func (f *fieldsForm) dirty() bool {
	for _, p := range f.pick {
		if p != 0 {
			return true
		}
	}
	return f.cityRef != "" || f.name.Value() != "" || f.phone.Value() != ""
}

// view is the form's lines.
func (f fieldsForm) view(n, width int) []string {
	lines := []string{
		theme.Heading.Render(headingFor(msgs.BulkEdit, n)),
		theme.Muted.Render(fit(i18n.T("bulkform.fields.intro"), i18n.T("bulkform.fields.intro_short"), width)),
		"",
	}
	for i := range numFields {
		fi := field(i)
		mark := "  "
		if fi == f.cur {
			mark = theme.Cursor + " "
		}
		var v string
		switch fi {
		case fCity:
			v = theme.Muted.Render(i18n.T("bulkform.unchanged") + i18n.T("bulkform.type_to_search"))
			if f.cityRef != "" {
				v = f.cityLabel + theme.Muted.Render(i18n.T("bulkform.delete_clears"))
			}
		case fName:
			v = f.name.View()
		case fPhone:
			v = f.phone.View()
		default:
			c := choiceWord(choices[fi][f.pick[fi]])
			if f.pick[fi] == 0 {
				c = theme.Muted.Render(c)
			}
			v = "‹ " + c + " ›"
		}
		lines = append(lines, layout.Cut(mark+layout.Pad(fieldName(fi), fieldIndent-4)+"  "+v, width))
	}
	lines = append(lines, "")
	if f.err != "" {
		lines = append(lines, wrapped(theme.Danger, theme.ErrorMark+" "+f.err, width, 0, 2)...)
	}
	return lines
}
