package bulkform

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// fewTitles is how many titles a skip reason names, and how many price changes
// the plan shows as examples.
const fewTitles = 3

func headingFor(v msgs.BulkVerb, n int) string {
	switch v {
	case msgs.BulkActivate:
		return i18n.N("bulkform.heading.activate", n)
	case msgs.BulkDeactivate:
		return i18n.N("bulkform.heading.deactivate", n)
	case msgs.BulkPrice:
		return i18n.N("bulkform.heading.price", n)
	}
	return i18n.N("bulkform.heading.edit", n)
}

// planLines says the plan: what changes and what is skipped, the listings back to
// moderation said loudly, each reason to skip with a few titles under it, the cost, a
// few price changes as examples, and what an edit sets (bulk.Plan.Summary's lines in
// the interface's language). The lines are not cut: View wraps them to the box.
func planLines(v msgs.BulkVerb, p bulk.Plan, cityLabel string) []string {
	num := i18n.UI().Number
	out := []string{theme.Heading.Render(headingFor(v, len(p.Changes)+len(p.Skips)) + "?"), ""}
	out = append(out, i18n.N("bulkform.plan.changes", len(p.Changes)+len(p.Skips),
		"Changes", num(len(p.Changes)), "Skipped", num(len(p.Skips))))
	if l := planbox.Moderation(p.ToModeration); l != "" {
		out = append(out, theme.Danger.Bold(true).Render(theme.WarningMark+theme.WarningMark+" "+l))
	}
	for _, r := range skipReasons(p) {
		out = append(out, i18n.T("bulkform.plan.skipped", "N", num(len(r.titles)), "Why", termtext.Clean(i18n.Reason("bulkform.why.", r.why))))
		out = append(out, "    "+theme.Muted.Render(few(r.titles)))
	}
	out = append(out, planbox.Cost(p.Requests, p.Duration, p.FitsToday, p.Days))
	if p.Action.Price != nil && len(p.Changes) > 0 {
		out = append(out, "", i18n.T("bulkform.plan.for_example"))
		for _, c := range p.Changes[:min(fewTitles, len(p.Changes))] {
			out = append(out, fmt.Sprintf("  %s: %s → %s", quote(c.Title, c.ID),
				price(c.Price, c.Currency), price(c.NewPrice, c.Currency)))
		}
	}
	if e := p.Action.Patch; p.Action.Edit && e != nil {
		out = append(out, "", i18n.T("bulkform.plan.sets", "Fields", patchWords(e, cityLabel)))
	}
	out = append(out, "")
	if len(p.Changes) == 0 {
		return append(out, theme.Muted.Render(i18n.T("bulkform.plan.nothing")))
	}
	return out
}

// skipReason is a reason to skip and the listings skipped for it.
type skipReason struct {
	why    rules.Why
	titles []string
}

// skipReasons are the reasons in the order they first occur, as Summary lists them.
func skipReasons(p bulk.Plan) []*skipReason {
	var out []*skipReason
	by := map[string]*skipReason{}
	for _, s := range p.Skips {
		r := by[s.Reason]
		if r == nil {
			r = &skipReason{why: s.Why}
			by[s.Reason] = r
			out = append(out, r)
		}
		r.titles = append(r.titles, quote(s.Title, s.ID))
	}
	return out
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
		s += i18n.T("bulkform.plan.more", "N", i18n.UI().Number(n))
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
	add(fieldName(fCondition), e.Condition)
	if e.CityRef.IsSet() {
		out = append(out, fieldName(fCity)+" "+cityLabel)
	}
	add(fieldName(fName), e.ContactName)
	add(fieldName(fPhone), e.ContactPhone)
	if v, ok := e.HidePhone.Get(); ok && e.HidePhone.IsSet() {
		out = append(out, fieldName(fHide)+" "+map[bool]string{true: i18n.T("yes"), false: i18n.T("no")}[v])
	}
	add(fieldName(fCurrency), e.Currency)
	return strings.Join(out, ", ")
}

// View renders the stage on screen in a box in the middle, exactly the size given.
func (m Model) View() string {
	var body []string
	switch {
	case m.picking:
		body = append([]string{theme.Heading.Render(i18n.N("bulkform.city_for", len(m.items)))}, strings.Split(m.city.View(), "\n")...)
	case m.stage == stPrice:
		body = m.price.view(len(m.items), planbox.InnerWidth(m.width))
	case m.stage == stFields:
		body = m.form.view(len(m.items), planbox.InnerWidth(m.width))
	default:
		body = m.box.Body(planbox.Hint(m.Actions(), "bulkform.start", "bulkform.close", "bulkform.cancel"))
	}
	if m.discarding {
		body = append(body, theme.Warning.Render(theme.WarningMark+" "+i18n.T("bulkform.discard_q"))+"  "+
			planbox.Hint(m.Actions(), "bulkform.discard", "bulkform.keep"))
	}
	return planbox.Draw(body, m.width, m.height)
}
