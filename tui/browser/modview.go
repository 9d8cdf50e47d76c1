package browser

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// The moderation tab's table: title, price, status and the review column (why a
// blocked listing was blocked, "awaiting review" for a pending one), then city and
// created when there is room; promotion and views say nothing about a review. The
// cursor row's review is written out in full under the table, in the "why" lines.
const (
	modTitleMin  = 20  // the title keeps at least this much
	reviewMin    = 18  // below this the price goes: a reason says more
	reviewWant   = 40  // city and created go before the review is narrower
	reviewMax    = 100 // the title takes what is left
	reviewTimeW  = 16  // "2006-01-02 15:04"
	reviewWithAt = 48  // a blocked row's column shows the review time from this width
)

// modLayout is computeLayout for the moderation tab: created, then city go until the
// title and the review have their room, then the price when the review would be
// narrower than reviewMin; the review takes a little more than half of what is left.
func (m *Model) modLayout() columns {
	l := columns{sep: 1, status: statusW, created: createdW, city: 14}
	if m.width >= 120 {
		l.sep, l.city = 2, 20
	}
	l.price = min(max(m.srcs[tabDefs[m.cur].src].modPriceW, len("price")+2), 20)
	used := func(review int) int { // everything but the title
		n, cols := 2+l.status+review, 3
		for _, w := range []int{l.price, l.city, l.created} {
			if w > 0 {
				n, cols = n+w, cols+1
			}
		}
		return n + (cols-1)*l.sep
	}
	for _, drop := range []*int{&l.created, &l.city} {
		if m.width-used(reviewWant) >= modTitleMin {
			break
		}
		*drop = 0
	}
	if m.width-used(reviewMin) < modTitleMin {
		l.price = 0
	}
	free := max(m.width-used(0), 2) // the title and the review
	l.review = min(max(free*11/20, reviewMin), reviewMax)
	if l.review < reviewWithAt && free-reviewWithAt >= 30 {
		l.review = reviewWithAt // room for the review time beside a reason
	}
	if free-l.review < modTitleMin {
		l.review = max(free-modTitleMin, min(reviewMin, free/2), 1)
	}
	l.title = max(free-l.review, 1)
	return l
}

// reviewCell is the review column of a row whose status is st, exactly w cells.
func (m *Model) reviewCell(st api.Status, id, w int, selected bool) string {
	text, muted := "", false
	switch st {
	case api.StatusBlocked:
		e, ok := m.rev.known(id, st)
		switch {
		case !ok && m.rev.det == nil:
			text, muted = "enter shows why", true
		case !ok || e.loading:
			text, muted = theme.Ellipsis, true
		case e.failed != "":
			text, muted = "not loaded · r retries", true
		default:
			text = e.reason
			if text == "" {
				text, muted = "no reason given", true
			}
			if e.when != "" && w >= reviewWithAt {
				text = layout.Pad(text, w-reviewTimeW-3) + " · " + e.when
			}
		}
	case api.StatusPending:
		text, muted = "awaiting review", true
		if e, ok := m.rev.known(id, st); ok && e.when != "" && w >= len(text)+7+reviewTimeW {
			text += " since " + e.when
		}
	}
	cell := layout.Pad(text, w)
	if muted && !selected {
		return theme.Muted.Render(cell)
	}
	return cell
}

// whyHeight is the number of "why" lines under the table: two, one on a short
// screen, none on a tiny one, and none outside the moderation tab.
func (m *Model) whyHeight() int {
	switch {
	case m.cur != modTab || m.hgt < 10:
		return 0
	case m.hgt < 20:
		return 1
	}
	return 2
}

// whyLines writes out the review of the row under the cursor, wrapped to the
// "why" lines and cut when it is longer; made in Update (and SetSize), not in View.
func (m *Model) whyLines() []string {
	n := m.whyHeight()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	r := m.selectedRow()
	if r == nil {
		return out
	}
	st := m.srcs[tabDefs[m.cur].src].rows.status(r)
	var text string
	switch st {
	case api.StatusBlocked:
		e, ok := m.rev.known(r.id, st)
		switch {
		case !ok && m.rev.det == nil:
			text = "why: enter shows it"
		case !ok || e.loading:
			text = "why: " + theme.Ellipsis + " loading"
		case e.failed != "":
			text = "why: not loaded (" + e.failed + ") · r retries"
		default:
			reason := e.reason
			if reason == "" {
				reason = "no reason given"
			}
			text = "why: " + reason
			if e.when != "" {
				text += " · reviewed " + e.when
			}
		}
	case api.StatusPending:
		text = "awaiting review"
		if e, ok := m.rev.known(r.id, st); ok && e.when != "" {
			text += " since " + e.when
		}
		text += " · w watches it"
	default:
		return out
	}
	w := max(m.width-2, 1)
	lines := strings.Split(ansi.Wrap(text, w, ""), "\n")
	if len(lines) > n {
		lines[n-1] += " " + lines[n] // longer than the room: cut, with an ellipsis
	}
	for i := range min(n, len(lines)) {
		out[i] = "  " + layout.Cut(lines[i], w)
	}
	if strings.HasPrefix(out[0], "  why: ") {
		out[0] = "  " + theme.Muted.Render("why:") + out[0][len("  why:"):]
	}
	return out
}
