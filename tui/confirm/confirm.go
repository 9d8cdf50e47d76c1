// Package confirm owns the root's two questions, changing a listing's status and
// quitting while work is at risk: their words, the box drawn over the view, and the
// status request a yes sends with what its answer says. Whether to ask, and what
// follows an answer (the notice, the banner, the views told), is the root's.
package confirm

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Dialog is an open question; it is modal.
type Dialog struct {
	Req   msgs.RequestStatus // the status change asked for
	Quit  bool               // the quit question instead of a status change
	lines []string           // rendered once when opened
}

// AtRisk is what quitting now could lose, as the root finds it.
type AtRisk struct {
	OnEditor bool // the editor is on screen (else its draft is the one left there)
	Busy     bool // the editor's draft is uploading or being sent
	Unsent   bool // the editor's draft is not sent
	Sandbox  bool // the sandbox keeps nothing
	Job      bool // a job is running
	Drafts   int  // the drafts kept, the editor's among them (counted in the sandbox only)
}

// Risks says what quitting would cost; nil when nothing.
func Risks(r AtRisk) []string {
	var why []string
	// The editor keeps its draft after esc (its uploads go on): once it is off
	// screen, the draft is the one left there, not an open one.
	which := "open"
	if !r.OnEditor {
		which = "left"
	}
	switch {
	case r.Busy:
		why = append(why, i18n.T("confirm.risk.busy."+which))
	case r.Unsent && r.Sandbox:
		why = append(why, i18n.T("confirm.risk.lost."+which))
	case r.Unsent:
		why = append(why, i18n.T("confirm.risk.kept."+which))
	}
	if r.Job {
		why = append(why, i18n.T("confirm.risk.job"))
	}
	if r.Sandbox && r.Drafts > 0 && !(r.Drafts == 1 && r.Unsent) {
		why = append(why, i18n.N("confirm.risk.drafts", r.Drafts))
	}
	return why
}

// QuitQuestion asks before quitting; why says what would be lost.
func QuitQuestion(why []string) *Dialog {
	lines := []string{theme.Heading.Render(i18n.T("confirm.quit"))}
	for _, w := range why {
		lines = append(lines, theme.WarningMark+" "+w)
	}
	lines = append(lines, "",
		theme.Key.Render("y/enter")+theme.Muted.Render(": "+i18n.T("confirm.quit.yes")+" · ")+theme.Key.Render("n/esc")+theme.Muted.Render(": "+i18n.T("confirm.quit.no")))
	return &Dialog{Quit: true, lines: lines}
}

// Over draws the dialog over the middle of the view's lines, width cells wide.
func (d *Dialog) Over(lines []string, width int) []string {
	w := min(64, width-2)
	box := strings.Split(theme.Dialog.Width(max(w-2, 10)).Render(strings.Join(d.lines, "\n")), "\n")
	if len(box) > len(lines) {
		box = box[:len(lines)]
	}
	top := (len(lines) - len(box)) / 2
	out := append([]string(nil), lines...)
	for i, l := range box {
		bw := lipgloss.Width(l)
		pad := max((width-bw)/2, 0)
		out[top+i] = ansi.Truncate(strings.Repeat(" ", pad)+l, width, "")
	}
	return out
}
