package importer

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/termtext"
)

// Summary is catalog.Plan.Summary in the interface's language, line for line: the
// rows by what they do, how the file was read (the sheet's notes), the
// unknown columns, the listings compared with the mirror, what the edits change, a
// whole export imported back, what goes back to moderation, and the cost. The CLI's
// `listings import` prints it too: one wording of a plan in each language.
func Summary(p *catalog.Plan) []string {
	num := i18n.UI().Number
	out := []string{i18n.N("importer.plan.rows", len(p.Header.Rows), "Creates", num(p.Creates), "Edits", num(p.Edits),
		"Unchanged", num(p.Unchanged), "Refused", num(p.Refused))}
	for i, l := range p.Read {
		if i < len(p.ReadSaid) {
			l = problemWords(p.ReadSaid[i])
		}
		out = append(out, termtext.Clean(l))
	}
	if len(p.Unknown) > 0 {
		out = append(out, i18n.T("importer.plan.unknown", "Columns", termtext.Clean(strings.Join(p.Unknown, ", "))))
	}
	if p.Mirror > 0 {
		out = append(out, i18n.N("importer.plan.mirror", p.Mirror))
	}
	if p.Edits > 0 {
		out = append(out, i18n.T("importer.plan.fields", "Fields", fieldList(p.Fields)))
	}
	if named, looks := p.WholeExport(); looks {
		out = append(out, "! "+i18n.T("importer.plan.whole_export", "Edits", num(p.Edits), "Named", num(named)))
	}
	if l := planbox.Moderation(p.ToModeration); l != "" {
		out = append(out, "! "+l)
	}
	if p.Requests == 0 {
		return append(out, i18n.T("importer.plan.nothing"))
	}
	line := i18n.T("importer.plan.requests", "Requests", i18n.N("count.requests", p.Requests),
		"Uploads", i18n.N("importer.count.uploads", p.Uploads), "Creates", i18n.N("importer.count.creates", p.Creates),
		"Edits", i18n.N("importer.count.edits", p.Edits))
	if p.Duration > 0 {
		line += i18n.T("importer.plan.about", "Wait", planbox.Wait(p.Duration))
	}
	out = append(out, line)
	if !p.FitsToday {
		out = append(out, i18n.N("importer.plan.days", p.Days))
	}
	return out
}

// fieldList says what the edits change, the most changed field first: "price
// (2 listings), city_ref (1 listing)"; the fields by their JSON names, as the sheet's
// columns are.
func fieldList(fields map[string]int) string {
	names := slices.SortedFunc(maps.Keys(fields), func(a, b string) int {
		return cmp.Or(cmp.Compare(fields[b], fields[a]), cmp.Compare(a, b))
	})
	parts := make([]string, len(names))
	for i, f := range names {
		parts[i] = f + " (" + i18n.N("count.listings", fields[f]) + ")"
	}
	return strings.Join(parts, ", ")
}

// changeText is catalog.Result.ChangeText in the interface's language: its own words
// for a value (nothing before, the profile's contact, yes or no) said so, the
// listing's values as they are.
func changeText(cs []catalog.Change) string {
	word := func(c catalog.Change, v string) string {
		if n, ok := c.Counted(v); ok {
			return i18n.N("importer.change.count."+c.Field, n)
		}
		switch v {
		case "", catalog.ChangeNone:
			return i18n.T("importer.change.none")
		case catalog.ChangeProfiles:
			return i18n.T("importer.change.profiles")
		case catalog.ChangeYes:
			return i18n.T("yes")
		case catalog.ChangeNo:
			return i18n.T("no")
		}
		return v
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Field + " " + word(c, c.Old) + " → " + word(c, c.New)
	}
	return strings.Join(parts, "; ")
}
