package detail

import (
	"bytes"
	"github.com/listings-tui/listings/api/client/format"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Layout thresholds: the preview sits beside the facts from wideAt columns, below
// them from narrowAt, and is left out below.
const (
	wideAt   = 90
	narrowAt = 60
	labelW   = 14
)

// body is the scrolled content for width w.
func (m *Model) body(w int) string {
	switch {
	case m.notFound:
		return wrap("Listing "+itoa(m.id)+" was not found: it may have been removed, or belong to another account.", w) +
			"\n\n" + theme.Key.Render("esc") + theme.Muted.Render(" back to the list")
	case m.listing == nil && m.err != nil:
		return theme.Muted.Render(wrap("Press r to try again, or esc to go back.", w))
	case m.listing == nil:
		return ""
	}
	l := m.listing
	sections := []string{
		m.moderationBox(w),
		m.factsAndPreview(w),
		m.viewsSection(w),
		section("Description", descriptionText(l.Description, w)),
		section("Attributes", m.attributes(w)),
		section("Contacts", contacts(l, w)),
		section("Photos and video", media(l, w)),
	}
	if d := bytes.TrimSpace(l.Delivery); len(d) > 0 && string(d) != "null" {
		sections = append(sections, section("Delivery", row("Delivery", compactJSON(d), labelW, w)))
	}
	url := theme.Muted.Render("—")
	if l.URL != "" {
		url = theme.Link.Render(l.URL)
	}
	sections = append(sections, row("Public page", url, labelW, w))
	var out []string
	for _, s := range sections {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n\n")
}

// moderationBox is the review block of a pending or blocked listing, shown only when
// the service sent one.
func (m Model) moderationBox(w int) string {
	if m.mod == nil || m.listing == nil {
		return ""
	}
	var style lipgloss.Style
	var head string
	switch m.listing.Status {
	case api.StatusPending:
		style, head = theme.Warning, format.StatusSymbol(api.StatusPending)+" Waiting for moderation"
	case api.StatusBlocked:
		style, head = theme.Danger, format.StatusSymbol(api.StatusBlocked)+" Blocked by moderation"
	default:
		return ""
	}
	inner := max(w-4, 10)
	reason := theme.Muted.Render("no reason given")
	if r := deref(m.mod.Reason); strings.TrimSpace(r) != "" {
		reason = r
	}
	reviewed := theme.Muted.Render("not yet")
	if m.mod.ReviewedAt != nil && !m.mod.ReviewedAt.IsZero() {
		reviewed = fmtTime(*m.mod.ReviewedAt)
	}
	decision := m.mod.Decision
	if decision == "" {
		decision = theme.Muted.Render("—")
	}
	lines := []string{
		style.Bold(true).Render(head),
		row("Decision", decision, 12, inner),
		row("Reason", reason, 12, inner),
		row("Reviewed at", reviewed, 12, inner),
	}
	if m.listing.Status == api.StatusBlocked {
		// A key that cannot write cannot edit: say what can, not what this one cannot.
		todo := "edit the listing to resubmit it"
		if m.readOnly {
			todo = "this key is read-only: a key with listings:write can edit the listing to resubmit it"
		}
		lines = append(lines, row("What to do", todo, 12, inner))
	}
	box := theme.Border.BorderForeground(style.GetForeground()).Width(inner + 2)
	return box.Render(strings.Join(lines, "\n"))
}

// factsAndPreview puts the preview beside the facts on wide terminals, below them on
// narrow ones, and leaves it out on the narrowest.
func (m *Model) factsAndPreview(w int) string {
	if w < narrowAt {
		return m.facts(w)
	}
	p := m.previewBlock(min(previewCols, w))
	switch {
	case p == "":
		return m.facts(w)
	case w >= wideAt:
		return lipgloss.JoinHorizontal(lipgloss.Top, m.facts(w-previewCols-2), "  ", p)
	}
	// Below the facts: above them, a 12-line picture would fill a 24-line screen
	// before the reader sees a single fact.
	return m.facts(w) + "\n\n" + p
}

func (m Model) facts(w int) string {
	l := m.listing
	cat := strconv.Itoa(l.CategoryID)
	if l.CategoryPath != "" {
		cat += " · " + l.CategoryPath
	}
	city := deref(l.City)
	if city == "" {
		city = "—"
	}
	if l.CityRef != "" {
		city += theme.Muted.Render(" · ref " + l.CityRef)
	}
	rows := []string{
		row("ID", strconv.Itoa(l.ID), labelW, w),
		row("Slug", orDash(l.Slug), labelW, w),
		row("Category", cat, labelW, w),
		row("City", city, labelW, w),
		row("Condition", orDash(deref(l.Condition)), labelW, w),
		row("Views", strconv.Itoa(l.Views), labelW, w),
		row("Created", fmtTime(l.CreatedAt), labelW, w),
	}
	if l.UpdatedAt != nil {
		rows = append(rows, row("Updated", fmtTime(*l.UpdatedAt), labelW, w))
	}
	return strings.Join(rows, "\n")
}

func (m Model) attributes(w int) string {
	l := m.listing
	if len(l.Attributes) == 0 {
		return theme.Muted.Render("none")
	}
	defs, ok := m.attrs[attrKey{l.CategoryID, m.lang}]
	var notes []string
	switch {
	case m.attrLoading:
		notes = append(notes, theme.Muted.Render("loading attribute names…"))
	case m.attrErr != nil:
		notes = append(notes, theme.Muted.Render(wrap("attribute names unavailable: "+termtext.Clean(m.attrErr.Error()), w)))
	}
	if !ok {
		defs = nil
	}
	rows := attrRows(l.Attributes, defs)
	lw := labelW
	for _, r := range rows {
		lw = max(lw, ansi.StringWidth(r.name)+2)
	}
	lw = min(lw, max(labelW, w/3))
	for _, r := range rows {
		notes = append(notes, row(r.name, r.value, lw, w))
	}
	return strings.Join(notes, "\n")
}

func contacts(l *api.ListingFull, w int) string {
	phone := orDash(l.ContactPhone)
	if l.HidePhone {
		phone += theme.Muted.Render(" · hidden on the site")
	}
	return row("Name", orDash(l.ContactName), labelW, w) + "\n" + row("Phone", phone, labelW, w)
}

// media lists the photos (the main one first and marked), the counts of watermarked
// copies and 3D frames, and the video.
func media(l *api.ListingFull, w int) string {
	main := mainPhoto(l)
	photos := l.Photos
	if main != "" {
		rest := make([]string, 0, len(photos))
		for _, p := range photos {
			if p != main {
				rest = append(rest, p)
			}
		}
		photos = append([]string{main}, rest...)
	}
	lines := []string{row("Photos", strconv.Itoa(len(photos)), labelW, w)}
	for i, p := range photos {
		mark, note := "  ", ""
		if i == 0 && main != "" {
			mark, note = "★ ", theme.Muted.Render(" (main)")
		}
		lines = append(lines, indent(wrap(mark+p+note, max(w-2, 10)), "  "))
	}
	lines = append(lines,
		row("Watermarked", strconv.Itoa(len(l.PhotosWM)), labelW, w),
		row("3D frames", strconv.Itoa(len(l.Photos3D)), labelW, w),
		row("Video", orDash(deref(l.VideoURL)), labelW, w))
	if t := deref(l.VideoThumbnail); t != "" {
		lines = append(lines, row("Thumbnail", t, labelW, w))
	}
	return strings.Join(lines, "\n")
}

func descriptionText(d string, w int) string {
	if strings.TrimSpace(d) == "" {
		return theme.Muted.Render("no description")
	}
	return wrap(strings.TrimRight(d, "\n "), w)
}

func section(title, content string) string {
	return theme.Heading.Render(title) + "\n" + content
}

// row is a label column of width lw and a value wrapped to the rest of w, its
// continuation lines indented under the value.
func row(label, value string, lw, w int) string {
	vw := max(w-lw, 10)
	lines := strings.Split(wrap(value, vw), "\n")
	pad := strings.Repeat(" ", lw)
	head := theme.Label.Width(lw).Render(ansi.Truncate(label, lw-1, theme.Ellipsis))
	for i := range lines {
		if i == 0 {
			lines[i] = head + lines[i]
		} else {
			lines[i] = pad + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text at spaces, and inside words longer than w (URLs).
func wrap(s string, w int) string {
	return ansi.Wrap(s, max(w, 1), "")
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

func orDash(s string) string {
	if s == "" {
		return theme.Muted.Render("—")
	}
	return s
}
