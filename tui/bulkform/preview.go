package bulkform

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// previewScan bounds the listings planned on each key for the examples, in chunks of
// previewChunk: ten thousand marked ones must not slow the typing.
const (
	previewScan  = 2000
	previewChunk = 100
)

// previewPrice remakes the examples as bulk.Make would plan them: the first marked
// listings the change moves (a free one or one already at the price is passed over).
func (m *Model) previewPrice() {
	f := &m.price
	f.examples, f.previewErr = nil, ""
	if strings.TrimSpace(f.inputs[0].Value()) == "" {
		return
	}
	c, err := f.change()
	if err != nil {
		f.previewErr = errText(err)
		return
	}
	for i := 0; i < min(len(m.items), previewScan) && len(f.examples) < fewTitles; i += previewChunk {
		p := bulk.Make(m.items[i:min(i+previewChunk, len(m.items))], bulk.Action{Price: &c}, m.svc.Budget(), m.now())
		f.examples = append(f.examples, p.Changes[:min(len(p.Changes), fewTitles-len(f.examples))]...)
	}
}

// previewLines are the examples at width, the prices lined up on the right:
//
//	“Bike 1”                    4 299 UAH → 4 089 UAH  -4.9%
//	“Lamp”                        799 UAH →   759 UAH    -5%
func (f priceForm) previewLines(width int) []string {
	switch {
	case f.previewErr != "":
		return wrapped(theme.Muted, f.previewErr, width, 0, 0)
	case strings.TrimSpace(f.inputs[0].Value()) == "":
		return nil
	case len(f.examples) == 0:
		return wrapped(theme.Muted, i18n.T("bulkform.preview.none"), width, 0, 0)
	}
	// Three columns, right-aligned: old, new, and the move in per cent.
	cells := make([][3]string, len(f.examples))
	var w [3]int
	for i, c := range f.examples {
		cells[i] = [3]string{price(c.Price, c.Currency), price(c.NewPrice, c.Currency), percent(c.Price, c.NewPrice)}
		for k := range w {
			w[k] = max(w[k], ansi.StringWidth(cells[i][k]))
		}
	}
	titleW := max(width-2-2-w[0]-3-w[1]-2-w[2], 6)
	out := []string{theme.Muted.Render(i18n.T("bulkform.preview.example"))}
	for i, c := range f.examples {
		title := layout.Pad(ansi.Truncate(quote(c.Title, c.ID), titleW, theme.Ellipsis), titleW)
		out = append(out, "  "+title+"  "+layout.PadLeft(cells[i][0], w[0])+" → "+theme.Value.Render(layout.PadLeft(cells[i][1], w[1]))+
			"  "+theme.Muted.Render(layout.PadLeft(cells[i][2], w[2])))
	}
	return out
}

// percent is how far the price moved, rounding included: "-4.9%", "+10%".
func percent(old, new api.Price) string {
	o := old.Float64()
	if o == 0 {
		return ""
	}
	s := strings.TrimSuffix(fmt.Sprintf("%+.1f", (new.Float64()-o)/o*100), ".0")
	return s[:1] + i18n.UI().Decimal(s[1:]) + "%"
}

// price is a listing's price as the interface's language writes one: "1 000 грн",
// "UAH 1,000".
func price(p api.Price, currency string) string { return i18n.UI().Price(p.String(), currency) }

// wrapped is text wrapped to width in style, its first line indented by first and
// the others by rest: a message is read whole rather than cut at the box.
func wrapped(style lipgloss.Style, text string, width, first, rest int) []string {
	lines := strings.Split(ansi.Wrap(text, max(width-max(first, rest), 8), ""), "\n")
	for i, l := range lines {
		lines[i] = strings.Repeat(" ", map[bool]int{true: first, false: rest}[i == 0]) + style.Render(l)
	}
	return lines
}

// fit is long when it fits width, else short.
func fit(long, short string, width int) string {
	if ansi.StringWidth(long) <= width {
		return long
	}
	return short
}
