package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// View renders the editor in exactly the size given by SetSize: a title line, the
// steps, the step's body and a status line.
func (m Model) View() string {
	lines := make([]string, 0, m.height)
	lines = append(lines, m.titleLine(), m.stepsLine())
	body := ""
	switch {
	case m.d == nil && m.loadErr != "":
		body = theme.Danger.Render(theme.ErrorMark+" "+m.loadErr) + "\n" + theme.Muted.Render(i18n.T("editor.go_back"))
	case m.d == nil && m.loading != 0:
		body = theme.Muted.Render(i18n.T("editor.loading_listing", "ID", m.loading))
	case m.d == nil:
		body = theme.Muted.Render(i18n.T("editor.no_draft"))
	default:
		body = m.stepView()
	}
	lines = append(lines, layout.Block(body, m.width, m.bodyH)...)
	lines = append(lines, m.statusLine())
	for i, l := range lines {
		if lipgloss.Width(l) > m.width {
			lines[i] = ansi.Truncate(l, m.width, theme.Ellipsis)
		}
	}
	return strings.Join(lines[:min(len(lines), m.height)], "\n")
}

func (m Model) stepView() string {
	switch m.step {
	case stepCategory:
		return m.cat.View()
	case stepCity:
		return m.city.View()
	case stepMedia:
		return m.media.View()
	case stepReview:
		return m.review.view.View()
	case stepDetails:
		// The price fields do not wait for the category; its attributes do.
		note := theme.Muted.Render(m.categoryLabel())
		switch {
		case m.d.CategoryID == 0:
			note = theme.Warning.Render(theme.WarningMark + " " + i18n.T("editor.no_category"))
		case m.attrOf != m.d.CategoryID && m.attrEr != "":
			note = theme.Danger.Render(theme.ErrorMark + " " + m.attrEr)
		case m.attrOf != m.d.CategoryID:
			note = theme.Muted.Render(i18n.T("editor.loading_attrs", "Category", m.categoryLabel()))
		}
		if f := m.forms[m.step]; f != nil {
			return note + "\n" + f.form.View()
		}
	}
	if f := m.forms[m.step]; f != nil {
		return f.form.View()
	}
	return ""
}

// categoryLabel names the draft's category: its path in the language on screen when
// the tree of that language is on hand (so L renames it at once), else as it was
// chosen or as the listing gave it, else its id.
func (m Model) categoryLabel() string {
	if p, ok := m.cat.PathOf(m.d.CategoryID); ok && m.d.CategoryID != 0 {
		return p
	}
	if m.d.CategoryPath != "" {
		return m.d.CategoryPath
	}
	return i18n.T("editor.category_n", "ID", m.d.CategoryID)
}

func (m Model) titleLine() string {
	var left string
	switch {
	case m.d == nil && m.loading != 0:
		left = theme.Title.Render(i18n.T("editor.title.edit", "ID", m.loading))
	case m.d == nil:
		left = theme.Title.Render(i18n.T("editor.title.editor"))
	case m.d.IsEdit():
		left = theme.Title.Render(i18n.T("editor.title.edit", "ID", m.d.ListingID)) + " " +
			format.Status(m.d.Status) + theme.Faint.Render(" · ") + theme.Heading.Render(termtext.Clean(m.d.Title))
	default:
		t := strings.TrimSpace(termtext.Clean(m.d.Title))
		if t == "" {
			t = i18n.T("editor.untitled")
		}
		left = theme.Title.Render(i18n.T("editor.title.new")) + theme.Faint.Render(" · ") + theme.Heading.Render(t)
	}
	right := ""
	switch {
	case m.sub.sending:
		right = theme.Warning.Render(i18n.T("editor.sending"))
	case m.saveErr != "":
		right = theme.Danger.Render(theme.ErrorMark + " " + i18n.T("editor.not_saved"))
	case m.d != nil && m.stored:
		right = theme.Muted.Render(theme.OKMark + " " + i18n.T("editor.draft_saved"))
	}
	gap := m.width - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return ansi.Truncate(left, max(m.width-lipgloss.Width(right)-1, 1), theme.Ellipsis) + " " + right
	}
	return left + strings.Repeat(" ", gap) + right
}

// stepMark tells a step's state without colour: ✖ and a count when it has
// problems the seller can see, ✓ when it is fine.
func (m Model) stepMark(s step) string {
	if m.d == nil || s == stepReview {
		return ""
	}
	n := 0
	for f := range m.problems {
		if stepOf(f) == s && m.problemShown(f) != "" {
			n++
		}
	}
	if r := m.d.Refusal; r != nil {
		for f := range r.Fields {
			if _, known := m.problems[f]; stepOf(f) == s && !known {
				n++
			}
		}
	}
	switch {
	case n > 0:
		return fmt.Sprintf(" %s%d", theme.ErrorMark, n)
	case s == stepMedia && m.media.Busy():
		return " …"
	}
	for f := range m.problems {
		if stepOf(f) == s {
			return ""
		}
	}
	return " " + theme.OKMark
}

func (m Model) stepsLine() string {
	parts := make([]string, 0, stepCount)
	for s := range stepCount {
		label := fmt.Sprintf("%d %s%s", s+1, stepName(s), m.stepMark(s))
		if s == m.step { // in brackets: the step on screen reads without colour
			parts = append(parts, theme.CurrentTab(label))
		} else {
			parts = append(parts, theme.Tab.Render(label))
		}
	}
	full := strings.Join(parts, "")
	if lipgloss.Width(full) <= m.width {
		return full
	}
	// Compact: every step's number and state, the current one with its name.
	parts = parts[:0]
	for s := range stepCount {
		if s == m.step {
			parts = append(parts, theme.CurrentTab(fmt.Sprintf("%d %s%s", s+1, stepName(s), m.stepMark(s))))
		} else {
			parts = append(parts, theme.Tab.Render(fmt.Sprintf("%d%s", s+1, m.stepMark(s))))
		}
	}
	if compact := strings.Join(parts, ""); lipgloss.Width(compact) <= m.width {
		return compact
	}
	// Narrow: the current step, where it is, and its state.
	return theme.TabActive.Render(i18n.T("editor.step_of", "N", int(m.step)+1, "Of", int(stepCount), "Name", stepName(m.step))+m.stepMark(m.step)) +
		theme.Muted.Render(i18n.T("editor.step_keys"))
}

func (m Model) statusLine() string {
	switch {
	case m.d == nil:
		return ""
	case m.sub.note != "":
		// The mark says a refusal from a wait without colour.
		if m.sub.waiting || m.sub.sending {
			return theme.Warning.Render("⧗ " + m.sub.note)
		}
		return theme.Danger.Render(theme.ErrorMark + " " + m.sub.note)
	case m.saveErr != "":
		return theme.Danger.Render(theme.ErrorMark + " " + m.saveErr)
	case m.step == stepCategory && m.d.CategoryPath != "":
		return theme.Muted.Render(i18n.T("editor.chosen", "Category", m.categoryLabel()))
	}
	n := len(m.problems)
	switch {
	case n == 0 && m.step == stepReview && m.review.unchanged:
		return theme.Muted.Render(i18n.T("editor.status.unchanged"))
	case n == 0 && m.step == stepReview:
		return theme.Success.Render(theme.OKMark + " " + i18n.T("editor.status.ready_review"))
	case n == 0:
		return theme.Success.Render(theme.OKMark + " " + i18n.T("editor.status.ready"))
	case m.step == stepReview:
		return theme.Muted.Render(i18n.N("editor.status.to_fix", n))
	}
	return theme.Muted.Render(i18n.N("editor.status.left", n))
}
