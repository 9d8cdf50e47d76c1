package detail

import (
	"bytes"
	"github.com/listings-tui/listings/api/client/format"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Layout thresholds: the preview sits beside the facts from wideAt columns, below
// them from narrowAt, and is left out below.
const (
	wideAt   = 90
	narrowAt = 60
	labelW   = 14
	// modLabelW is the moderation box's label column: "Reviewed at" and its
	// translations ("Перевірено") fit in it.
	modLabelW = 12
)

// body is the scrolled content for width w.
func (m *Model) body(w int) string {
	switch {
	case m.notFound:
		return wrap(i18n.T("detail.not_found", "ID", itoa(m.id)), w) +
			"\n\n" + theme.Key.Render("esc") + theme.Muted.Render(" "+i18n.T("detail.back_to_list"))
	case m.listing == nil && m.err != nil:
		return theme.Muted.Render(wrap(i18n.T("detail.retry_hint", "Reload", "r", "Back", "esc"), w))
	case m.listing == nil:
		return ""
	}
	l := m.listing
	sections := []string{
		m.moderationBox(w),
		m.factsAndPreview(w),
		m.viewsSection(w),
		section(i18n.T("detail.section.description"), descriptionText(l.Description, w)),
		section(i18n.T("detail.section.attributes"), m.attributes(w)),
		section(i18n.T("detail.section.contacts"), contacts(l, w)),
		section(i18n.T("detail.section.media"), media(l, w)),
	}
	if d := bytes.TrimSpace(l.Delivery); len(d) > 0 && string(d) != "null" {
		sections = append(sections, section(i18n.T("detail.section.delivery"), row(i18n.T("detail.field.delivery"), compactJSON(d), labelW, w)))
	}
	url := theme.Muted.Render("—")
	if l.URL != "" {
		url = theme.Link.Render(l.URL)
	}
	sections = append(sections, row(i18n.T("detail.field.public_page"), url, labelW, w))
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
		style, head = theme.Warning, format.StatusSymbol(api.StatusPending)+" "+i18n.T("detail.moderation.pending")
	case api.StatusBlocked:
		style, head = theme.Danger, format.StatusSymbol(api.StatusBlocked)+" "+i18n.T("detail.moderation.blocked")
	default:
		return ""
	}
	inner := max(w-4, 10)
	reason := theme.Muted.Render(i18n.T("detail.moderation.no_reason"))
	if r := deref(m.mod.Reason); strings.TrimSpace(r) != "" {
		reason = r
	}
	reviewed := theme.Muted.Render(i18n.T("detail.moderation.not_yet"))
	if m.mod.ReviewedAt != nil && !m.mod.ReviewedAt.IsZero() {
		reviewed = fmtTime(*m.mod.ReviewedAt)
	}
	decision := decisionWord(m.mod.Decision)
	if decision == "" {
		decision = theme.Muted.Render("—")
	}
	lines := []string{
		style.Bold(true).Render(head),
		row(i18n.T("detail.moderation.decision"), decision, modLabelW, inner),
		row(i18n.T("detail.moderation.reason"), reason, modLabelW, inner),
		row(i18n.T("detail.moderation.reviewed_at"), reviewed, modLabelW, inner),
	}
	if m.listing.Status == api.StatusBlocked {
		// A key that cannot write cannot edit: say what can, not what this one cannot.
		todo := i18n.T("detail.moderation.todo")
		if m.readOnly {
			todo = i18n.T("detail.moderation.todo_read_only", "Scope", "listings:write")
		}
		lines = append(lines, row(i18n.T("detail.moderation.what_to_do"), todo, modLabelW, inner))
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
		city += theme.Muted.Render(" · " + i18n.T("detail.field.city_ref", "Ref", l.CityRef))
	}
	rows := []string{
		row(i18n.T("detail.field.id"), strconv.Itoa(l.ID), labelW, w),
		row(i18n.T("detail.field.slug"), orDash(l.Slug), labelW, w),
		row(i18n.T("detail.field.category"), cat, labelW, w),
		row(i18n.T("detail.field.city"), city, labelW, w),
		row(i18n.T("detail.field.condition"), orDash(conditionWord(deref(l.Condition))), labelW, w),
		row(i18n.T("detail.field.views"), strconv.Itoa(l.Views), labelW, w),
		row(i18n.T("detail.field.created"), fmtTime(l.CreatedAt), labelW, w),
	}
	if l.UpdatedAt != nil {
		rows = append(rows, row(i18n.T("detail.field.updated"), fmtTime(*l.UpdatedAt), labelW, w))
	}
	return strings.Join(rows, "\n")
}

func (m Model) attributes(w int) string {
	l := m.listing
	if len(l.Attributes) == 0 {
		return theme.Muted.Render(i18n.T("detail.attrs.none"))
	}
	defs, ok := m.attrs[attrKey{l.CategoryID, m.lang}]
	var notes []string
	switch {
	case m.attrLoading:
		notes = append(notes, theme.Muted.Render(i18n.T("detail.attrs.loading")))
	case m.attrErr != nil:
		notes = append(notes, theme.Muted.Render(wrap(i18n.T("detail.attrs.unavailable", "Err", termtext.Clean(m.attrErr.Error())), w)))
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
		phone += theme.Muted.Render(" · " + i18n.T("detail.contacts.hidden"))
	}
	return row(i18n.T("detail.contacts.name"), orDash(l.ContactName), labelW, w) + "\n" + row(i18n.T("detail.contacts.phone"), phone, labelW, w)
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
	lines := []string{row(i18n.T("detail.media.photos"), strconv.Itoa(len(photos)), labelW, w)}
	for i, p := range photos {
		mark, note := "  ", ""
		if i == 0 && main != "" {
			mark, note = "★ ", theme.Muted.Render(" ("+i18n.T("detail.media.main")+")")
		}
		lines = append(lines, indent(wrap(mark+p+note, max(w-2, 10)), "  "))
	}
	lines = append(lines,
		row(i18n.T("detail.media.watermarked"), strconv.Itoa(len(l.PhotosWM)), labelW, w),
		row(i18n.T("detail.media.frames_3d"), strconv.Itoa(len(l.Photos3D)), labelW, w),
		row(i18n.T("detail.media.video"), orDash(deref(l.VideoURL)), labelW, w))
	if t := deref(l.VideoThumbnail); t != "" {
		lines = append(lines, row(i18n.T("detail.media.thumbnail"), t, labelW, w))
	}
	return strings.Join(lines, "\n")
}

func descriptionText(d string, w int) string {
	if strings.TrimSpace(d) == "" {
		return theme.Muted.Render(i18n.T("detail.no_description"))
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

// conditionWord is a listing's condition as the seller reads it; a condition this
// app does not know is shown as the service sent it.
func conditionWord(c string) string {
	switch c {
	case "new", "used":
		// Built from the API's words: TestEnumWords checks every one.
		return i18n.T("detail.condition." + c)
	}
	return c
}

// decisionWord is the moderation's decision (a status the service names) as the
// seller reads it; another word is shown as the service sent it.
func decisionWord(d string) string {
	switch api.Status(d) {
	case api.StatusPending, api.StatusBlocked, api.StatusActive:
		// Built from the API's words: TestEnumWords checks every one.
		return i18n.T("detail.decision." + d)
	}
	return d
}
