package browser

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// The moderation tab's table: title, price, status, then city and created when there
// is room; promotion and views say nothing about a review. Under each row, its review
// has lines of its own, indented: why a blocked listing was blocked and when, or
// since when a pending one awaits review. A moderator's reason is a sentence (the
// sandbox's is about 100 characters, the prohibited word in its middle), which no
// column of an 80-column table holds: a line of its own, wrapped to two, does.
// So the tab's rows take two or three lines each, and its window is counted in
// lines (window.go).
const (
	modTitleMin   = 20 // the title keeps at least this much
	reviewIndent  = 4  // the review lines start under the title
	maxReviewRows = 2  // a longer review is cut, with an ellipsis
)

// reviewText is what the tab says of the review of row r of rs; muted when it is
// not a moderator's word (loading, none, not loaded).
func (m *Model) reviewText(rs *rowStore, r *row) (text string, muted bool) {
	st := rs.status(r)
	switch st {
	case api.StatusBlocked:
		e, ok := m.rev.known(r.id, st)
		switch {
		case r.id <= 0:
			return why() + " " + i18n.T("browser.why.no_id"), true
		case !ok && m.rev.det == nil:
			return why() + " " + i18n.T("browser.why.enter"), true
		case !ok || e.loading:
			return why() + " " + theme.Ellipsis + " " + i18n.T("browser.why.loading"), true
		case e.failed != "":
			return why() + " " + i18n.T("browser.why.failed", "Err", e.failed), true
		}
		reason := e.reason
		if reason == "" {
			reason, muted = i18n.T("browser.why.none"), true
		}
		text = why() + " " + reason
		if e.when != "" {
			text += " · " + i18n.T("browser.why.reviewed", "When", e.when)
		}
		return text, muted
	case api.StatusPending:
		text = i18n.T("browser.review.pending")
		if e, ok := m.rev.known(r.id, st); ok && e.when != "" {
			text = i18n.T("browser.review.pending_since", "When", e.when)
		}
		return text, true
	}
	// Pending or blocked when loaded, another status since: it stays until a refresh.
	return i18n.T("browser.review.now", "Status", statusText(st)), true
}

// reviewLines are row r's review lines, wrapped to the width, at most maxReviewRows.
func (m *Model) reviewLines(rs *rowStore, r *row) []string {
	text, _ := m.reviewText(rs, r)
	w := max(m.width-reviewIndent, 1)
	lines := strings.Split(ansi.Wrap(text, w, ""), "\n")
	if len(lines) > maxReviewRows {
		lines[maxReviewRows-1] = layout.Cut(strings.Join(lines[maxReviewRows-1:], " "), w)
		lines = lines[:maxReviewRows]
	}
	return lines
}

// renderReview is row r's review lines as the table shows them.
func (m *Model) renderReview(rs *rowStore, r *row) []string {
	_, muted := m.reviewText(rs, r)
	lines := m.reviewLines(rs, r)
	pad := strings.Repeat(" ", reviewIndent)
	for i, ln := range lines {
		switch {
		case muted:
			ln = theme.Muted.Render(ln)
		case i == 0 && strings.HasPrefix(ln, why()+" "):
			ln = theme.Muted.Render(why()) + ln[len(why()):]
		}
		lines[i] = pad + ln
	}
	return lines
}

// why is the label before a blocked listing's reason ("why:").
func why() string { return i18n.T("browser.why.label") }
