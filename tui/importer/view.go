package importer

import (
	"path/filepath"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// planLines say the plan: catalog.Plan.Summary's lines in the interface's language, every refused row with its row
// number, column and reason, the categories the AI suggested, the files to upload and
// what leaves with the photos (keep: the client sends their metadata), and what y
// does. The
// lines are not cut: the box wraps them.
func planLines(p *catalog.Plan, file string, keep bool) []string {
	out := []string{theme.Heading.Render(i18n.T("importer.plan.heading", "File", termtext.Clean(filepath.Base(file)))), ""}
	out = append(out, Summary(p)...)
	if p.Refused > 0 {
		out = append(out, "", theme.Danger.Render(theme.ErrorMark+" "+i18n.N("importer.plan.refused", p.Refused)))
		for _, r := range p.Header.Rows {
			for _, l := range r.ProblemLinesIn(problemWords) {
				out = append(out, "  "+rowName(r)+": "+termtext.Clean(l))
			}
		}
	}
	if rows, notes := p.Suggested(); len(rows) > 0 {
		out = append(out, "", theme.Warning.Render(theme.WarningMark+" "+i18n.N("importer.plan.suggested", len(rows))))
		for i, r := range rows {
			out = append(out, "  "+rowName(r)+": "+termtext.Clean(strings.TrimPrefix(notes[i], catalog.NoteSuggested)))
		}
	}
	if p.Edits > 0 {
		out = append(out, "", i18n.T("importer.plan.edits"))
		shown := 0
		for _, r := range p.Header.Rows {
			if r.Action != catalog.Edit || len(r.Changes) == 0 {
				continue
			}
			if shown == maxEditLines {
				out = append(out, theme.Muted.Render("  "+i18n.N("importer.plan.more_edits", p.Edits-shown)))
				break
			}
			shown++
			out = append(out, "  "+i18n.T("importer.plan.edit", "Row", rowName(r), "ID", r.ListingID, "Changes", termtext.Clean(changeText(r.Changes))))
		}
	}
	if files := p.FileLines(filepath.Dir(file)); len(files) > 0 {
		out = append(out, "", i18n.T("importer.plan.files", "N", p.Uploads))
		for i, l := range files {
			if i == maxEditLines {
				out = append(out, theme.Muted.Render("  "+i18n.N("importer.plan.more_rows", len(files)-i)))
				break
			}
			out = append(out, "  "+termtext.Clean(l))
		}
		if p.SendsPhotos() {
			out = append(out, theme.Muted.Render("  "+api.MetadataLine(keep)))
		}
	}
	if fixed := p.FixLinesIn(problemWords, false); len(fixed) > 0 {
		out = append(out, "", i18n.T("importer.plan.fixed"))
		for _, f := range fixed {
			out = append(out, "  "+termtext.Clean(f))
		}
	}
	out = append(out, "")
	switch {
	case p.Requests == 0:
		out = append(out, theme.Muted.Render(i18n.T("importer.plan.nothing_to_send")))
	case p.Refused > 0:
		out = append(out, i18n.N("importer.plan.runs_good", p.Refused))
	}
	return out
}

// problemWords says a row's problem in the interface's language.
func problemWords(w rules.Why) string { return i18n.Reason("importer.why.", w) }

// SheetError is why a sheet cannot be read, in the interface's language when the
// reader says it as a Why (a file system's own words stay English).
func SheetError(err error) string {
	if w, ok := sheet.WhyOf(err); ok {
		return problemWords(w)
	}
	return err.Error()
}

// maxEditLines bounds the edits the plan lists one by one: the plan box scrolls, but
// ten thousand lines say less than their count.
const maxEditLines = 50

func rowName(r catalog.Row) string {
	if t := termtext.Clean(r.Title); t != "" {
		return i18n.T("importer.row_titled", "N", r.Line, "Title", t)
	}
	return i18n.T("importer.row", "N", r.Line)
}

// View renders the stage on screen in a box in the middle, exactly the size given.
func (m Model) View() string {
	var body []string
	switch m.stage {
	case stPath, stChecking:
		body = m.formLines()
	case stSuggested:
		q := theme.Warning.Render(theme.WarningMark+" "+i18n.N("importer.take_q", m.suggested)+" ") +
			planbox.Hint(m.Actions(), "importer.take", "importer.not_now")
		body = m.box.Body(q)
	default:
		body = m.box.Body(planbox.Hint(m.Actions(), "importer.run", "importer.close", "importer.cancel", "importer.report"))
	}
	return planbox.Draw(body, m.width, m.height)
}

// formLines are the path input, its completions, the suggestion's switch, and the
// check's spinner or the last problem.
func (m Model) formLines() []string {
	w := planbox.InnerWidth(m.width)
	wrap := func(style lipgloss.Style, s string) []string {
		return strings.Split(style.Width(w).Render(s), "\n")
	}
	out := []string{theme.Heading.Render(i18n.T("importer.form.heading")), ""}
	out = append(out, wrap(theme.Muted, i18n.T("importer.form.intro"))...)
	out = append(out, "", m.input.View())
	if m.replace { // said in words too: a selection's colour is not seen everywhere
		out = append(out, wrap(theme.Muted, i18n.T("importer.form.replace"))...)
	}
	if len(m.choices) > 0 {
		line := strings.Join(m.choices, "  ")
		if m.more > 0 {
			line += "  " + i18n.T("importer.form.more", "N", m.more)
		}
		out = append(out, wrap(theme.Muted, line)...)
	}
	box := "[ ]"
	if m.suggest {
		box = "[x]"
	}
	out = append(out, box+" "+i18n.T("importer.form.suggest")+" "+theme.Muted.Render("(ctrl+t)"))
	box = "[ ]"
	if m.anywhere {
		box = "[x]"
	}
	out = append(out, box+" "+i18n.T("importer.form.anywhere")+" "+theme.Muted.Render("(ctrl+o)"), "")
	switch {
	case m.stage == stChecking:
		out = append(out, wrap(lipgloss.NewStyle(), m.spin.View()+" "+m.doing)...)
	case m.problem != "":
		out = append(out, wrap(theme.Danger, theme.ErrorMark+" "+m.problem)...)
	}
	keys := planbox.Hint(m.Actions(), "importer.check", "importer.complete", "importer.back", "importer.stop")
	return append(out, "", keys)
}
