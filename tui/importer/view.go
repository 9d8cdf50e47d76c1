package importer

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// planLines say the plan: catalog.Plan.Summary, every refused row with its row
// number, column and reason, the categories the AI suggested, the files to upload and
// what leaves with the photos (keep: the client sends their metadata), and what y
// does. The
// lines are not cut: the box wraps them.
func planLines(p *catalog.Plan, file string, keep bool) []string {
	out := []string{theme.Heading.Render("Import " + termtext.Clean(filepath.Base(file)) + "?"), ""}
	for _, l := range p.Summary() {
		out = append(out, termtext.Clean(l))
	}
	if p.Refused > 0 {
		out = append(out, "", theme.Danger.Render(fmt.Sprintf("%s Refused: %s, nothing is sent for them", theme.ErrorMark, rowsWord(p.Refused))))
		for _, r := range p.Header.Rows {
			for _, l := range r.ProblemLines() {
				out = append(out, "  "+rowName(r)+": "+termtext.Clean(l))
			}
		}
	}
	if rows, notes := p.Suggested(); len(rows) > 0 {
		out = append(out, "", theme.Warning.Render(fmt.Sprintf("%s The AI chose the category of %s: check them", theme.WarningMark, rowsWord(len(rows)))))
		for i, r := range rows {
			out = append(out, "  "+rowName(r)+": "+termtext.Clean(strings.TrimPrefix(notes[i], catalog.NoteSuggested)))
		}
	}
	if p.Edits > 0 {
		out = append(out, "", "What the edits change:")
		shown := 0
		for _, r := range p.Header.Rows {
			if r.Action != catalog.Edit || len(r.Changes) == 0 {
				continue
			}
			if shown == maxEditLines {
				out = append(out, theme.Muted.Render(fmt.Sprintf("  and %s more (the report lists them all)", rowsWord(p.Edits-shown))))
				break
			}
			shown++
			res := catalog.Result{Changes: r.Changes}
			out = append(out, fmt.Sprintf("  %s, listing %d: %s", rowName(r), r.ListingID, termtext.Clean(res.ChangeText())))
		}
	}
	if files := p.FileLines(filepath.Dir(file)); len(files) > 0 {
		out = append(out, "", fmt.Sprintf("Files to upload (%d):", p.Uploads))
		for i, l := range files {
			if i == maxEditLines {
				out = append(out, theme.Muted.Render(fmt.Sprintf("  and %d rows more", len(files)-i)))
				break
			}
			out = append(out, "  "+termtext.Clean(l))
		}
		if p.SendsPhotos() {
			out = append(out, theme.Muted.Render("  "+api.MetadataLine(keep)))
		}
	}
	if fixed := p.FixLines(); len(fixed) > 0 {
		out = append(out, "", "Read otherwise than written, as a spreadsheet changed them:")
		for _, f := range fixed {
			out = append(out, "  "+termtext.Clean(strings.TrimPrefix(f, catalog.NoteFixed)))
		}
	}
	out = append(out, "")
	switch {
	case p.Requests == 0:
		out = append(out, theme.Muted.Render("Nothing to send."))
	case p.Refused > 0:
		are := "are"
		if p.Refused == 1 {
			are = "is"
		}
		out = append(out, fmt.Sprintf("y runs the good rows (%s refused %s left: fix them in the sheet and import it again; w writes them to a report).",
			format.Number(p.Refused), are))
	}
	return out
}

// maxEditLines bounds the edits the plan lists one by one: the plan box scrolls, but
// ten thousand lines say less than their count.
const maxEditLines = 50

func rowName(r catalog.Row) string {
	if t := termtext.Clean(r.Title); t != "" {
		return fmt.Sprintf("row %d “%s”", r.Line, t)
	}
	return fmt.Sprintf("row %d", r.Line)
}

func rowsWord(n int) string {
	if n == 1 {
		return "1 row"
	}
	return format.Number(n) + " rows"
}

// View renders the stage on screen in a box in the middle, exactly the size given.
func (m Model) View() string {
	var body []string
	switch m.stage {
	case stPath, stChecking:
		body = m.formLines()
	case stSuggested:
		q := theme.Warning.Render(fmt.Sprintf("%s take the AI's category for %s? ", theme.WarningMark, rowsWord(m.suggested))) +
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
	out := []string{theme.Heading.Render("Import a sheet"), ""}
	out = append(out, wrap(theme.Muted, "A CSV, XLSX or JSON Lines file, one listing a row (listings import --help names the columns). Photo paths are relative to it.")...)
	out = append(out, "", m.input.View())
	if m.replace { // said in words too: a selection's colour is not seen everywhere
		out = append(out, wrap(theme.Muted, "the sheet of before: enter checks it again, typing replaces it")...)
	}
	if len(m.choices) > 0 {
		line := strings.Join(m.choices, "  ")
		if m.more > 0 {
			line += fmt.Sprintf("  and %d more", m.more)
		}
		out = append(out, wrap(theme.Muted, line)...)
	}
	box := "[ ]"
	if m.suggest {
		box = "[x]"
	}
	out = append(out, box+" ask the AI for a category where the cell is empty "+theme.Muted.Render("(ctrl+t)"))
	box = "[ ]"
	if m.anywhere {
		box = "[x]"
	}
	out = append(out, box+" read files from outside the sheet's folder "+theme.Muted.Render("(ctrl+o)"), "")
	switch {
	case m.stage == stChecking:
		out = append(out, wrap(lipgloss.NewStyle(), m.spin.View()+" "+m.doing)...)
	case m.problem != "":
		out = append(out, wrap(theme.Danger, theme.ErrorMark+" "+m.problem)...)
	}
	keys := planbox.Hint(m.Actions(), "importer.check", "importer.complete", "importer.back", "importer.stop")
	return append(out, "", keys)
}
