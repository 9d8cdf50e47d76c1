package bulkform

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// priceForm is the price change: one input for the change, read as the CLI's --set
// (a number: the new price) or --by (signed: -10%, +200), and one for the rounding
// (10, 0.99, 100:99), both parsed by bulk.ParsePriceChange. The rounding starts as
// the one the marked listings' prices follow (usualRounding), and a few of them are
// shown old → new as the change is typed, before the plan.
type priceForm struct {
	inputs [2]textinput.Model
	cur    int
	err    string
	// usual is the rounding filled in, and why; touched: the user edited the
	// rounding (typing into the untouched suggestion replaces it).
	usual, usualWhy string
	touched         bool
	// The preview, remade on each key: a few listings the change moves, or what is
	// wrong with it so far.
	examples   []bulk.Change
	previewErr string
}

func newPriceForm(items []bulk.Item) priceForm {
	var f priceForm
	for i := range f.inputs {
		in := theme.Input()
		in.CharLimit = 20
		in.Cursor.SetMode(cursor.CursorStatic)
		in.PromptStyle = theme.Key
		f.inputs[i] = in
	}
	f.relabel()
	f.usual, f.usualWhy = usualRounding(items)
	f.inputs[1].SetValue(f.usual)
	return f
}

// relabel gives the inputs their prompts and placeholders in the interface's
// language, the prompts padded to one width so the values line up.
func (f *priceForm) relabel() {
	prompts := [2]string{i18n.T("bulkform.price.change"), i18n.T("bulkform.price.round")}
	w := max(ansi.StringWidth(prompts[0]), ansi.StringWidth(prompts[1]))
	hints := [2]string{i18n.T("bulkform.price.change_hint"), i18n.T("bulkform.price.round_hint")}
	for i := range f.inputs {
		f.inputs[i].Prompt = layout.Pad(prompts[i], w) + " "
		f.inputs[i].Placeholder = hints[i]
	}
}

func (f *priceForm) focus() tea.Cmd {
	for i := range f.inputs {
		f.inputs[i].Blur()
	}
	return f.inputs[f.cur].Focus()
}

// setWidth fits the inputs to the box of a view w wide: prompt, text and cursor.
func (f *priceForm) setWidth(w int) {
	// 2 for the mark of the input in focus, 1 for the cursor.
	for i := range f.inputs {
		f.inputs[i].Width = max(min(planbox.InnerWidth(w)-ansi.StringWidth(f.inputs[i].Prompt)-3, 48), 4)
	}
}

// isSet says whether the change is a price to set: a value without a sign.
func (f *priceForm) isSet() bool {
	v := strings.TrimSpace(f.inputs[0].Value())
	return v != "" && !strings.HasPrefix(v, "+") && !strings.HasPrefix(v, "-")
}

// rounding is the rounding that applies: the suggestion rounds a change by, not a
// price the user typed whole; "none" is no rounding, as empty is.
func (f *priceForm) rounding() string {
	r := strings.TrimSpace(f.inputs[1].Value())
	if strings.EqualFold(r, "none") || (f.isSet() && !f.touched) {
		return ""
	}
	return r
}

// change reads the inputs: a signed value is a change by, any other a price to set.
func (f *priceForm) change() (bulk.PriceChange, error) {
	v := strings.TrimSpace(f.inputs[0].Value())
	set, by := v, ""
	if !f.isSet() {
		set, by = "", v
	}
	return bulk.ParsePriceChange(set, by, f.rounding())
}

func (m Model) priceKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	f := &m.price
	in := &f.inputs[f.cur]
	before := in.Value()
	if f.cur == 1 && !f.touched && msg.Type == tea.KeyRunes {
		in.SetValue("") // the suggestion is replaced, not added to
	}
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if f.cur == 1 && in.Value() != before {
		f.touched = true
	}
	f.err = "" // the message said what was wrong with what is being changed now
	m.previewPrice()
	return m, cmd
}

// dirty reports whether anything was typed, which esc would throw away.
func (f priceForm) dirty() bool { return strings.TrimSpace(f.inputs[0].Value()) != "" || f.touched }

// roundHint says, under the rounding, where it comes from and what it does.
func (f priceForm) roundHint() string {
	switch {
	case f.touched:
		return i18n.T("bulkform.round.touched")
	case f.usual == "":
		return i18n.T("bulkform.round.none_usual")
	case f.isSet():
		return i18n.T("bulkform.round.not_used")
	}
	return i18n.T("bulkform.round.usual", "Why", roundingWhy(f.usualWhy))
}

// view is the form's lines at width: the change, the rounding and its hint, then what
// is wrong on enter or, as the change is typed, a few listings old → new.
func (f priceForm) view(n, width int) []string {
	indent := 2 + ansi.StringWidth(f.inputs[1].Prompt)
	// The input in focus is marked in words too: a cursor's colour is not seen
	// everywhere, and tab must be seen to do something.
	mark := func(i int) string {
		if i == f.cur {
			return theme.Key.Render("›") + " "
		}
		return "  "
	}
	lines := []string{
		theme.Heading.Render(headingFor(msgs.BulkPrice, n)),
		theme.Muted.Render(fit(i18n.T("bulkform.price.intro"), i18n.T("bulkform.price.intro_short"), width)),
		"",
		mark(0) + f.inputs[0].View(),
		mark(1) + f.inputs[1].View(),
	}
	lines = append(lines, wrapped(theme.Muted, f.roundHint(), width, indent, indent)...)
	lines = append(lines, "")
	if f.err != "" {
		return append(lines, wrapped(theme.Danger, theme.ErrorMark+" "+f.err, width, 0, 2)...)
	}
	return append(lines, f.previewLines(width)...)
}
