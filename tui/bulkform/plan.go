package bulkform

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// fewTitles is how many titles a skip reason names, and how many price changes
// the plan shows as examples.
const fewTitles = 3

func headingFor(v msgs.BulkVerb, n int) string {
	what := "listings"
	if n == 1 {
		what = "listing"
	}
	switch v {
	case msgs.BulkActivate:
		return fmt.Sprintf("Activate %s %s", format.Number(n), what)
	case msgs.BulkDeactivate:
		return fmt.Sprintf("Deactivate %s %s", format.Number(n), what)
	case msgs.BulkPrice:
		return fmt.Sprintf("Change the price of %s %s", format.Number(n), what)
	}
	return fmt.Sprintf("Edit %s %s", format.Number(n), what)
}

// planLines says the plan: bulk.Plan.Summary, the listings back to moderation said
// loudly, a few titles under each reason to skip, a few price changes as examples,
// and what an edit sets. The lines are not cut: View wraps them to the box.
func planLines(v msgs.BulkVerb, p bulk.Plan, cityLabel string) []string {
	titles := map[string][]string{}
	for _, s := range p.Skips {
		titles[s.Reason] = append(titles[s.Reason], quote(s.Title, s.ID))
	}
	out := []string{theme.Heading.Render(headingFor(v, len(p.Changes)+len(p.Skips)) + "?"), ""}
	reasons := 0
	for _, l := range p.Summary() {
		l = termtext.Clean(l)
		switch {
		case strings.HasPrefix(l, "! "):
			out = append(out, theme.Danger.Bold(true).Render(theme.WarningMark+theme.WarningMark+" "+strings.TrimPrefix(l, "! ")))
		case strings.HasPrefix(l, "skipped "):
			out = append(out, l)
			reason := skipReason(p, reasons)
			reasons++
			if ts := titles[reason]; len(ts) > 0 {
				out = append(out, "    "+theme.Muted.Render(few(ts)))
			}
		default:
			out = append(out, l)
		}
	}
	if p.Action.Price != nil && len(p.Changes) > 0 {
		out = append(out, "", "for example:")
		for _, c := range p.Changes[:min(fewTitles, len(p.Changes))] {
			out = append(out, fmt.Sprintf("  %s: %s → %s", quote(c.Title, c.ID),
				format.Price(c.Price, c.Currency, api.PriceSell), format.Price(c.NewPrice, c.Currency, api.PriceSell)))
		}
	}
	if e := p.Action.Patch; p.Action.Edit && e != nil {
		out = append(out, "", "sets: "+patchWords(e, cityLabel))
	}
	out = append(out, "")
	if len(p.Changes) == 0 {
		return append(out, theme.Muted.Render("Nothing to send."))
	}
	return out
}

// skipReason is the reason of the i-th "skipped" line: Summary lists the reasons
// in the order they first occur.
func skipReason(p bulk.Plan, i int) string {
	seen := map[string]bool{}
	for _, s := range p.Skips {
		if !seen[s.Reason] {
			if len(seen) == i {
				return s.Reason
			}
			seen[s.Reason] = true
		}
	}
	return ""
}

func quote(title string, id int) string {
	if t := termtext.Clean(title); t != "" {
		return "“" + t + "”"
	}
	return fmt.Sprint(id)
}

// few names the first titles and counts the rest.
func few(ts []string) string {
	s := strings.Join(ts[:min(fewTitles, len(ts))], ", ")
	if n := len(ts) - fewTitles; n > 0 {
		s += fmt.Sprintf(" and %s more", format.Number(n))
	}
	return s
}

// patchWords says what an edit sets: "condition used, currency USD"; the city by
// its label.
func patchWords(e *api.ListingEdit, cityLabel string) string {
	var out []string
	add := func(name string, f api.Field[string]) {
		if v, ok := f.Get(); ok && f.IsSet() {
			out = append(out, name+" "+termtext.Clean(v))
		}
	}
	add("condition", e.Condition)
	if e.CityRef.IsSet() {
		out = append(out, "city "+cityLabel)
	}
	add("contact name", e.ContactName)
	add("contact phone", e.ContactPhone)
	if v, ok := e.HidePhone.Get(); ok && e.HidePhone.IsSet() {
		out = append(out, fmt.Sprintf("hide phone %v", map[bool]string{true: "yes", false: "no"}[v]))
	}
	add("currency", e.Currency)
	return strings.Join(out, ", ")
}

// View renders the stage on screen in a box in the middle, exactly the size given.
func (m Model) View() string {
	var body []string
	switch {
	case m.picking:
		body = append([]string{theme.Heading.Render("City for " + format.Number(len(m.items)) + " listings")}, strings.Split(m.city.View(), "\n")...)
	case m.stage == stPrice:
		body = m.price.view(len(m.items), planbox.InnerWidth(m.width))
	case m.stage == stFields:
		body = m.form.view(len(m.items), planbox.InnerWidth(m.width))
	default:
		body = m.box.Body(planbox.Hint(m.Actions(), "bulkform.start", "bulkform.close", "bulkform.cancel"))
	}
	if m.discarding {
		body = append(body, theme.Warning.Render(theme.WarningMark+" Discard what you set?")+"  "+
			planbox.Hint(m.Actions(), "bulkform.discard", "bulkform.keep"))
	}
	return planbox.Draw(body, m.width, m.height)
}
