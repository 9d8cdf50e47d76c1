package bulkform

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// priceForm is the price change: one input for the change, read as the CLI's --set
// (a number: the new price) or --by (signed: -10%, +200), and one for the rounding
// (10, 0.99, 100:99), both parsed by bulk.ParsePriceChange.
type priceForm struct {
	inputs [2]textinput.Model
	cur    int
	err    string
}

func newPriceForm() priceForm {
	var f priceForm
	for i, p := range []struct{ prompt, hint string }{
		{"change: ", "3000 sets it · -10% or +200 moves it"},
		{"round:  ", "none · 10 · 0.99 · 100:99 (step:ending)"},
	} {
		in := textinput.New()
		in.Prompt, in.Placeholder, in.CharLimit = p.prompt, p.hint, 20
		in.Cursor.SetMode(cursor.CursorStatic)
		in.PromptStyle, in.PlaceholderStyle = theme.Key, theme.Faint
		f.inputs[i] = in
	}
	return f
}

func (f *priceForm) focus() tea.Cmd {
	for i := range f.inputs {
		f.inputs[i].Blur()
	}
	return f.inputs[f.cur].Focus()
}

func (f *priceForm) setWidth(w int) {
	for i := range f.inputs {
		f.inputs[i].Width = max(min(w-14, 48), 8)
	}
}

// change reads the inputs: a signed value is a change by, any other a price to set.
func (f *priceForm) change() (bulk.PriceChange, error) {
	v := strings.TrimSpace(f.inputs[0].Value())
	set, by := v, ""
	if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
		set, by = "", v
	}
	return bulk.ParsePriceChange(set, by, f.inputs[1].Value())
}

func (m Model) priceKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	f := &m.price
	switch {
	case key.Matches(msg, k.Back):
		return m, emit(msgs.Back{})
	case key.Matches(msg, k.Next), key.Matches(msg, k.Prev):
		f.cur = 1 - f.cur
		return m, f.focus()
	case key.Matches(msg, k.Submit):
		c, err := f.change()
		if err != nil {
			f.err = err.Error()
			return m, nil
		}
		f.err = ""
		m.makePlan(bulk.Action{Price: &c})
		return m, nil
	}
	var cmd tea.Cmd
	f.inputs[f.cur], cmd = f.inputs[f.cur].Update(msg)
	f.err = "" // the message said what was wrong with what is being changed now
	return m, cmd
}

// view is the form's lines.
func (f priceForm) view(n int) []string {
	lines := []string{
		theme.Heading.Render(headingFor(msgs.BulkPrice, n)),
		theme.Muted.Render("A new price, or a change by % or by an amount; then a rounding."),
		"",
		f.inputs[0].View(),
		f.inputs[1].View(),
		"",
	}
	if f.err != "" {
		lines = append(lines, theme.Danger.Render(theme.ErrorMark+" "+f.err))
	}
	return lines
}
