package editor

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/viewport"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// reviewState is the review step: what will be sent, in a scrollable pane.
type reviewState struct {
	view viewport.Model
	// unchanged: the draft is an edit that changes nothing, so nothing is sent
	// (draft.Unchanged); the review, the status line and the keys say so instead of
	// offering a request.
	unchanged bool
}

func (r *reviewState) resize(w, h int) {
	if r.view.Width == 0 && r.view.Height == 0 {
		r.view = viewport.New(w, h)
		return
	}
	r.view.Width, r.view.Height = w, h
}

// refreshReview lays out the review for the draft as it is now.
func (m *Model) refreshReview() {
	m.review.unchanged = m.d.Unchanged(m.attrs) // what send finds: the same attributes
	off := m.review.view.YOffset
	m.review.view.SetContent(m.reviewText())
	m.review.view.SetYOffset(off)
}

func (m *Model) reviewText() string {
	d := m.d
	w := max(m.width, 20)
	var b strings.Builder
	line := func(s string) { b.WriteString(ansi.Truncate(s, w, theme.Ellipsis) + "\n") }
	wrapped := func(style func(...string) string, s string) {
		for _, l := range strings.Split(ansi.Wordwrap(s, w-2, " "), "\n") {
			line(style(l))
		}
	}

	if m.review.unchanged {
		m.unchangedText(line, wrapped)
		return strings.TrimSuffix(b.String(), "\n")
	}
	method, path, what := "POST", "/api/v1/my/listings", i18n.T("editor.review.create")
	if d.IsEdit() {
		method, path, what = "PATCH", fmt.Sprintf("/api/v1/my/listings/%d", d.ListingID), i18n.T("editor.review.edit")
	}
	line(theme.Heading.Render(method+" "+path) + theme.Muted.Render(i18n.T("editor.review.sends")))
	uploads := d.PendingUploads()
	cost := i18n.N("editor.review.cost", d.Cost(m.attrs))
	if uploads > 0 {
		cost += i18n.N("editor.review.uploads", uploads)
	}
	cost += what
	if bud := m.svc.Budget(); bud.PerMinute > 0 {
		cost += i18n.T("editor.review.used", "Minute", bud.UsedMinute, "PerMinute", bud.PerMinute,
			"Today", i18n.UI().Number(bud.UsedToday), "PerDay", i18n.UI().Number(bud.PerDay))
	}
	wrapped(theme.Value.Render, cost)

	for _, warn := range m.warnings() {
		wrapped(theme.Warning.Render, theme.WarningMark+" "+warn)
	}
	if m.sub.note != "" {
		wrapped(theme.Danger.Render, m.sub.note)
	}
	m.problemLines(line, wrapped)
	if d.IsEdit() {
		line("")
		line(theme.Heading.Render(i18n.T("editor.review.changes")))
		if _, changes, err := m.previewDraft().EditBody(m.attrs); err != nil {
			wrapped(theme.Danger.Render, err.Error())
		} else if len(changes) == 0 {
			line(theme.Muted.Render(i18n.T("editor.review.nothing_yet")))
		} else {
			for _, c := range changes {
				wrapped(theme.Value.Render, fmt.Sprintf("%s: %s → %s", m.fieldName(c.Field), clip(c.Old), clip(c.New)))
			}
		}
	}
	line("")
	line(theme.Heading.Render(i18n.T("editor.review.body")))
	for _, l := range strings.Split(m.bodyJSON(), "\n") {
		line(theme.Value.Render(l))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// unchangedText is the review of an edit that changes nothing: no request, no body
// and no warning about what saving would do, since nothing is saved; the problems the
// listing has stay listed, as fixing one is a change. What enter answers (nothing
// to send) is the status line's.
func (m *Model) unchangedText(line func(string), wrapped func(func(...string) string, string)) {
	line(theme.Heading.Render(i18n.T("editor.review.unchanged_title", "ID", m.d.ListingID)))
	wrapped(theme.Value.Render, i18n.T("editor.review.unchanged_text"))
	wrapped(theme.Muted.Render, i18n.T("editor.review.unchanged_hint"))
	m.problemLines(line, wrapped)
}

// problemLines are what to fix before sending, by step.
func (m *Model) problemLines(line func(string), wrapped func(func(...string) string, string)) {
	if len(m.problems) == 0 {
		return
	}
	line("")
	line(theme.Heading.Render(i18n.T("editor.review.to_fix")) + theme.Muted.Render(i18n.T("editor.review.to_first")))
	for _, f := range sortedFields(m.problems) {
		wrapped(theme.Danger.Render, fmt.Sprintf("%s %s (%s): %s", theme.ErrorMark, m.fieldName(f), stepName(stepOf(f)), ruleWords(m.problems[f])))
	}
}

// warnings are the spec's: an edit of an active listing goes back to moderation,
// and sent photos replace the whole set.
func (m *Model) warnings() []string {
	d := m.d
	var out []string
	switch {
	case !d.IsEdit():
	case d.Status == api.StatusActive:
		out = append(out, i18n.T("editor.warn.moderation"))
	case d.Status == api.StatusPending || d.Status == api.StatusBlocked:
		out = append(out, i18n.T("editor.warn.again", "Status", i18n.T("status."+string(d.Status))))
	case d.Status == api.StatusSold || d.Status == api.StatusArchived:
		out = append(out, i18n.T("editor.warn.refuse", "Status", i18n.T("status."+string(d.Status))))
	}
	if d.IsEdit() && d.MediaTouched {
		old, cur := 0, len(d.Photos)
		if d.Original != nil {
			old = len(d.Original.Photos)
		}
		out = append(out, i18n.T("editor.warn.photos", "Old", old, "New", cur))
	}
	if !d.IsEdit() && len(d.Photos) == 0 {
		out = append(out, i18n.T("editor.warn.no_photos"))
	}
	return out
}

// previewDraft is the draft with a placeholder URL for each file not uploaded
// yet, so the review can show the body before the uploads are done.
func (m *Model) previewDraft() *draft.Draft {
	d := *m.d
	ph := func(ps []draft.Photo) []draft.Photo {
		out := slices.Clone(ps)
		for i := range out {
			if !out[i].Uploaded() {
				out[i].URL = "<upload of " + filepath.Base(out[i].Path) + ">"
				out[i].URLWM = out[i].URL + " (watermarked)"
			}
		}
		return out
	}
	d.Photos, d.Frames3D = ph(d.Photos), ph(d.Frames3D)
	if d.Video != nil && !d.Video.Uploaded() {
		v := *d.Video
		v.URL, v.Thumbnail = "<upload of "+filepath.Base(v.Path)+">", "<its thumbnail>"
		d.Video = &v
	}
	return &d
}

func (m *Model) bodyJSON() string {
	p := m.previewDraft()
	var body any
	var err error
	if p.IsEdit() {
		body, _, err = p.EditBody(m.attrs)
	} else {
		body, err = p.CreateBody(m.attrs)
	}
	if err != nil {
		return theme.ErrorMark + " " + err.Error()
	}
	b, err := json.MarshalIndent(body, "", "  ")
	if err != nil {
		return theme.ErrorMark + " " + err.Error()
	}
	return termtext.CleanBlock(string(b))
}

// fieldName is how the seller knows a field: its label, or the attribute's name.
func (m *Model) fieldName(field string) string {
	if code, ok := strings.CutPrefix(field, draft.FieldAttributes+"."); ok {
		for _, a := range m.attrs {
			if a.Code == code {
				return termtext.Clean(a.Name)
			}
		}
		return code
	}
	if id, ok := fieldLabels[field]; ok {
		return i18n.T(id)
	}
	return field
}

func sortedFields[V any](p map[string]V) []string {
	fs := make([]string, 0, len(p))
	for f := range p {
		fs = append(fs, f)
	}
	slices.SortFunc(fs, func(a, b string) int {
		if sa, sb := stepOf(a), stepOf(b); sa != sb {
			return int(sa) - int(sb)
		}
		return strings.Compare(a, b)
	})
	return fs
}

func clip(s string) string {
	s = termtext.Clean(s)
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + theme.Ellipsis
	}
	if s == "" {
		return "—"
	}
	return s
}
