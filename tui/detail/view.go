package detail

import (
	"github.com/listings-tui/listings/api/client/format"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// View joins the precomputed header and the viewport: exactly width × height.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 || len(m.header) == 0 {
		return ""
	}
	if len(m.header) >= m.height {
		return strings.Join(m.header[:m.height], "\n")
	}
	return strings.Join(m.header, "\n") + "\n" + m.vp.View()
}

// rebuild recomputes everything View shows: the header lines, the content of the
// viewport and, when its box changed, the preview. Called after every change of state
// or size.
func (m *Model) rebuild() {
	if m.width <= 0 || m.height <= 0 {
		m.header = nil
		return
	}
	w := m.width
	m.header = m.headerLines(w)
	for i, l := range m.header {
		m.header[i] = layout.Pad(l, w)
	}
	m.vp.Width, m.vp.Height = w, max(m.height-len(m.header), 0)
	m.vp.SetContent(m.body(w))
}

// headerLines: the title, the status line (wrapped to two lines at most), an error
// line after a failed load, and a rule.
func (m Model) headerLines(w int) []string {
	title := m.shownTitle()
	if title == "" {
		title = i18n.T("detail.title", "ID", itoa(m.id))
	}
	stale := ""
	if m.err != nil && m.listing != nil {
		stale = "  " + theme.Stale.Render(theme.StaleMark())
	}
	lines := []string{theme.Title.Render(ansi.Truncate(title, max(w-ansi.StringWidth(stale), 1), theme.Ellipsis)) + stale}

	var parts []string
	switch {
	case m.listing != nil:
		parts = m.summary()
		if m.loading {
			parts = append(parts, theme.Muted.Render(i18n.T("detail.reloading")))
		}
	case m.notFound:
		parts = []string{theme.Danger.Render(theme.ErrorMark + " " + i18n.T("detail.not_found_short"))}
	case m.loading:
		parts = []string{theme.Muted.Render(i18n.T("detail.loading", "ID", itoa(m.id)))}
	case m.err != nil:
		parts = []string{theme.Danger.Render(theme.ErrorMark + " " + i18n.T("detail.not_loaded"))}
	}
	status := wrapParts(parts, " · ", w)
	if len(status) > 2 {
		status = status[:2]
	}
	lines = append(lines, status...)
	if m.err != nil {
		text := theme.ErrorMark + " " + i18n.T("detail.load_failed", "ID", itoa(m.id), "Err", termtext.Clean(m.err.Error()))
		if m.listing != nil {
			text += " " + i18n.T("detail.stale")
		}
		lines = append(lines, theme.Danger.Render(text))
	}
	return append(lines, theme.Faint.Render(strings.Repeat("─", w)))
}

// summary is the status line: status, price and type, promotions.
func (m Model) summary() []string {
	l := m.listing
	parts := []string{theme.Status(l.Status), theme.Heading.Render(price(l.Price, l.Currency, l.PriceType))}
	if l.PriceType != "" {
		parts = append(parts, theme.Muted.Render(priceTypeWord(l.PriceType)))
	}
	parts = append(parts, promo("VIP", theme.VIPBadge.Render("VIP"), l.VIP, l.VIPUntil)...)
	parts = append(parts, promo("TOP", theme.TopBadge.Render("TOP"), l.Top, l.TopUntil)...)
	return parts
}

// promo shows a running promotion as a badge with its end, and an ended one (flag
// false, date set) muted.
func promo(word, badge string, on bool, until *api.Time) []string {
	switch {
	case on && until != nil && !until.IsZero():
		return []string{badge + i18n.T("detail.promo.until", "Time", fmtTime(*until))}
	case on:
		return []string{badge}
	case until != nil && !until.IsZero():
		return []string{theme.Muted.Render(i18n.T("detail.promo.ended", "Badge", word, "Time", fmtTime(*until)))}
	}
	return nil
}

// price is the listing's price as every screen reads it; "—" when it has none.
func price(p api.Price, currency, priceType string) string {
	s := format.Price(p, currency, priceType)
	switch s {
	case "":
		return "—"
	}
	return termtext.Clean(s) // format words free and exchange in the interface's language
}

// priceTypeWord is a price type as the seller reads it; a type this app does not
// know is shown as the service sent it.
func priceTypeWord(t string) string {
	switch t {
	case api.PriceSell, api.PriceFree, api.PriceExchange:
		// The ids are built from the API's words: TestEnumWords checks every one.
		return i18n.T("detail.price_type." + t)
	}
	return termtext.Clean(t)
}

func fmtTime(t api.Time) string { return format.Minute(t.Time) }

// wrapParts joins parts with sep into lines no wider than w, breaking between parts.
func wrapParts(parts []string, sep string, w int) []string {
	var lines []string
	cur := ""
	for _, p := range parts {
		switch {
		case cur == "":
			cur = p
		case ansi.StringWidth(cur)+ansi.StringWidth(sep)+ansi.StringWidth(p) <= w:
			cur += sep + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
