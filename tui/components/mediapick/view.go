package mediapick

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// View renders the step: exactly the size given by SetSize.
func (m Model) View() string {
	var lines []string
	if m.mode == picking {
		lines = append(lines, m.pickLines...)
	} else {
		avail := m.bodyHeight()
		lines = append(lines, m.body[m.offset:min(m.offset+avail, len(m.body))]...)
		for len(lines) < avail {
			lines = append(lines, "")
		}
		lines = append(lines, m.bottom...)
		if m.mode == typing {
			lines = append(lines, m.input.View())
			lines = append(lines, m.inputHint()...)
		}
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	lines = lines[:m.height]
	for i, l := range lines {
		lines[i] = layout.Cut(l, m.width)
	}
	return strings.Join(lines, "\n")
}

// inputHint is the line under the path input: what it does, or what is wrong with
// the path, wrapped whole.
func (m Model) inputHint() []string {
	switch {
	case m.inputBusy:
		return []string{theme.Muted.Render(i18n.T("pickers.media.checking"))}
	case m.inputErr != "":
		return failLines(m.inputErr, m.width, maxReasonLines(m.height))
	}
	return []string{theme.Muted.Render(i18n.T("pickers.media.path_keys"))}
}

func (m Model) inputLines() int {
	if m.mode == typing {
		return 1 + len(m.inputHint())
	}
	return 0
}

func (m Model) bodyHeight() int { return max(m.height-len(m.bottom)-m.inputLines(), 0) }

// refresh precomputes everything View shows and keeps the cursor in range and on
// screen. Progress is read by the tick, not here.
func (m *Model) refresh() {
	m.cursor = max(min(m.cursor, m.rowCount()-1), 0)
	if m.mode == picking {
		m.pickLines = m.pickerScreen()
	}
	m.body, m.cursorLine = m.bodyLines()
	m.bottom = m.bottomLines()
	avail := max(m.bodyHeight(), 1)
	m.offset = min(m.offset, max(m.cursorLine-1, 0)) // with the line above: a heading
	if m.cursorLine >= m.offset+avail {
		m.offset = m.cursorLine - avail + 1
	}
	m.offset = max(min(m.offset, len(m.body)-avail), 0)
}

func (m *Model) pickerScreen() []string {
	title := theme.Title.Render(i18n.T("pickers.media.add_photos")) + theme.Muted.Render(" "+i18n.T("pickers.media.of_in",
		"N", len(m.photos), "Max", rules.MaxPhotos, "Dir", tilde(m.picker.CurrentDirectory)))
	// The last result is read whole: the list shows fewer rows for a long one.
	var result []string
	switch {
	case m.notice != "":
		result = noticeLines(m.notice, m.width, maxReasonLines(m.height))
	case len(m.refused) > 0:
		result = failLines(m.refused[len(m.refused)-1], m.width, maxReasonLines(m.height))
	}
	lines := m.besidePreview(append([]string{title}, m.pickerLines(max(m.height-2-max(len(result), 1), 1))...))
	lines = append(lines, theme.Muted.Render(i18n.T("pickers.media.picker_keys")))
	return append(lines, result...)
}

// noticeLines is the last action's result, wrapped: a failure in the danger colour.
func noticeLines(s string, width, most int) []string {
	if strings.HasPrefix(s, theme.ErrorMark) {
		return wrapHanging(theme.Danger, s, width, most)
	}
	return wrapHanging(theme.Muted, s, width, most)
}

// cols are the widths of a row's cells.
type cols struct{ status, name int }

func (m *Model) columns() cols {
	status := min(max(m.width*2/5, 14), 36)
	// cursor 2, number 4, name, tag 6, status
	return cols{status: status, name: max(m.width-12-status, 4)}
}

func (m *Model) bodyLines() ([]string, int) {
	c := m.columns()
	m.bar.Width = c.status
	var lines []string
	cur, row := 0, 0
	add := func(s string) {
		if row == m.cursor {
			cur = len(lines)
		}
		row++
		lines = append(lines, s)
	}
	head := " " + i18n.T("pickers.media.photos_head", "N", len(m.photos), "Max", rules.MaxPhotos)
	if n := m.countIn(m.photos, uploading); n > 0 {
		head += " · " + i18n.T("pickers.media.n_uploading", "N", n)
	}
	if n := m.countIn(m.photos, queued); n > 0 {
		head += " · " + i18n.T("pickers.media.n_waiting", "N", n)
	}
	if n := m.countIn(m.photos, failed); n > 0 {
		head += " · " + i18n.T("pickers.media.n_failed", "N", n)
	}
	lines = append(lines, theme.Heading.Render(i18n.T("pickers.media.photos"))+theme.Muted.Render(head))
	lines = append(lines, wrapHanging(theme.Muted, " "+api.MetadataLine(m.keepsMetadata()), m.width, 2)...)
	if len(m.photos) == 0 {
		add(m.prefix(row) + theme.Muted.Render(i18n.T("pickers.media.no_photos")))
	}
	for i := range m.photos {
		add(m.photoRow(row, i, c))
	}
	lines = append(lines, "", theme.Heading.Render(i18n.T("pickers.media.video"))+theme.Muted.Render(" "+i18n.T("pickers.media.video_head")))
	if m.video == nil {
		add(m.prefix(row) + theme.Muted.Render(i18n.T("pickers.media.no_video")))
	} else {
		v := m.video.video
		desc := videoName(m.video)
		if v.Duration > 0 {
			desc += " · " + durText(v.Duration)
		}
		if s := sizeText(v.Size); s != "" {
			desc += " · " + s
		}
		add(m.prefix(row) + m.nameCell(row, desc, c.name+10) + m.status(m.video, v.Path == ""))
	}
	lines = append(lines, "", theme.Heading.Render(i18n.T("pickers.media.tour"))+theme.Muted.Render(" "+i18n.T("pickers.media.tour_head")))
	if len(m.frames) == 0 {
		add(m.prefix(row) + theme.Muted.Render(i18n.T("pickers.media.no_tour")))
	} else {
		add(m.prefix(row) + m.nameCell(row, m.framesDesc(), c.name+10) + m.framesStatus())
	}
	return lines, cur
}

// keepsMetadata reports whether the uploader sends photos with their metadata
// (*api.Client made WithKeepMetadata); an uploader that cannot say is taken as the
// default, which removes them.
func (m *Model) keepsMetadata() bool {
	k, ok := m.svc.(interface{ KeepsMetadata() bool })
	return ok && k.KeepsMetadata()
}

func (m *Model) countIn(items []item, s state) int {
	n := 0
	for _, it := range items {
		if it.state == s {
			n++
		}
	}
	return n
}

func (m *Model) prefix(row int) string {
	if row == m.cursor && m.focused {
		return theme.Key.Render(theme.Cursor) + " "
	}
	if row == m.cursor {
		return theme.Muted.Render(theme.Cursor) + " "
	}
	return "  "
}

func (m *Model) nameCell(row int, name string, w int) string {
	st := theme.Value
	if row == m.cursor {
		st = theme.Selected
	}
	return st.Render(layout.Pad(name, w-1)) + " "
}

func (m *Model) photoRow(row, i int, c cols) string {
	it := &m.photos[i]
	name := cleanName(it.photo.Path)
	if it.photo.Path == "" {
		name = cleanName(it.photo.URL)
	}
	// The badge's column is as wide as its word in the language on screen, taken from
	// the name's.
	main := i18n.T("pickers.media.main")
	tagW := max(6, ansi.StringWidth(main)+1)
	tag := strings.Repeat(" ", tagW)
	if i == 0 {
		tag = layout.Pad(theme.Badge.Render(main), tagW)
	}
	return m.prefix(row) + fmt.Sprintf("%2d. ", i+1) + m.nameCell(row, name, c.name-(tagW-6)) + tag + m.status(it, it.photo.Path == "")
}

// status is an item's state as symbol and words, or its progress bar.
func (m *Model) status(it *item, online bool) string {
	switch it.state {
	case uploading:
		return m.bar.ViewAs(it.pct)
	case queued:
		return theme.Muted.Render("◌ " + i18n.T("pickers.media.queued"))
	case failed:
		return theme.Danger.Render(theme.ErrorMark + " " + i18n.T("pickers.media.failed_retry"))
	}
	if online {
		return theme.Success.Render(theme.OKMark + " " + i18n.T("pickers.media.online"))
	}
	return theme.Success.Render(theme.OKMark + " " + i18n.T("pickers.media.uploaded"))
}

func (m *Model) framesDesc() string {
	if p := m.frames[0].photo.Path; p != "" {
		return i18n.N("pickers.media.frames", len(m.frames)) + " · " + tilde(filepath.Dir(p))
	}
	return i18n.N("pickers.media.frames", len(m.frames))
}

func (m *Model) framesStatus() string {
	n := len(m.frames)
	run, wait, bad := m.countIn(m.frames, uploading), m.countIn(m.frames, queued), m.countIn(m.frames, failed)
	switch {
	case run+wait > 0:
		sum := float64(m.countIn(m.frames, done))
		for _, it := range m.frames {
			if it.state == uploading {
				sum += it.pct
			}
		}
		return m.bar.ViewAs(sum / float64(n))
	case bad > 0:
		return theme.Danger.Render(theme.ErrorMark + " " + i18n.T("pickers.media.n_failed_retry", "N", bad))
	case m.frames[0].photo.Path == "":
		return theme.Success.Render(theme.OKMark + " " + i18n.T("pickers.media.online"))
	}
	return theme.Success.Render(theme.OKMark + " " + i18n.T("pickers.media.n_uploaded", "N", n))
}

// bottomLines are the refused files of the last add and the status line: the last
// action's result, or what the selected row holds.
func (m *Model) bottomLines() []string {
	var out []string
	most := maxReasonLines(m.height)
	if n := len(m.refused); n > 0 {
		// Each reason whole, as many as the room allows (the first in any case),
		// and how many more.
		room := max(min((m.height-6)/2, 8), 2)
		for i, r := range m.refused {
			w := failLines(r, m.width, most)
			more := 0
			if i < n-1 {
				more = 1 // the line that counts the rest
			}
			if i > 0 && len(out)+len(w)+more > room {
				out = append(out, theme.Danger.Render("  … "+i18n.T("pickers.media.more_refused", "N", n-i)))
				break
			}
			out = append(out, w...)
		}
	}
	if m.notice != "" {
		out = append(out, noticeLines(m.notice, m.width, most)...)
	} else {
		out = append(out, m.detail()...)
	}
	// The list keeps at least one line.
	return out[max(len(out)-max(m.height-m.inputLines()-1, 0), 0):]
}

// detail says more about the selected row: a failure's reason wrapped whole.
func (m *Model) detail() []string {
	sec, _ := m.row(m.cursor)
	it := m.selected()
	switch {
	case sec == secFrames && len(m.frames) > 0:
		if why := m.framesFailure(); why != "" {
			return failLines(why, m.width, maxReasonLines(m.height))
		}
	case it != nil && it.state == failed:
		return failLines(it.err, m.width, maxReasonLines(m.height))
	}
	return []string{m.detailLine()}
}

func (m *Model) detailLine() string {
	sec, _ := m.row(m.cursor)
	it := m.selected()
	switch {
	case sec == secFrames && len(m.frames) > 0:
		return m.framesDetail()
	case sec == secFrames:
		return theme.Muted.Render(i18n.T("pickers.media.hint_frames", "Max", MaxFrames))
	case it == nil && sec == secVideo:
		return theme.Muted.Render(i18n.T("pickers.media.hint_video"))
	case it == nil:
		return theme.Muted.Render(i18n.T("pickers.media.hint_path"))
	}
	path, size, url := it.photo.Path, it.photo.Size, it.photo.URL
	if sec == secVideo {
		path, size, url = it.video.Path, it.video.Size, it.video.URL
	}
	if it.state == done {
		return theme.Muted.Render(url)
	}
	var parts []string
	if s := sizeText(size); s != "" {
		parts = append(parts, s)
	}
	if it.state == queued {
		parts = append(parts, i18n.T("pickers.media.slot"))
	} else {
		parts = append(parts, i18n.T("pickers.media.uploading_pct", "Pct", fmt.Sprintf("%.0f", it.pct*100)))
	}
	// The path gives way to the size and the state, from its start: a long directory
	// hid how far the upload was.
	tail := " · " + strings.Join(parts, " · ")
	return theme.Muted.Render(layout.CutLeft(tilde(path), max(m.width-ansi.StringWidth(tail), 8)) + tail)
}

func (m *Model) framesDetail() string {
	d, run, wait := m.countIn(m.frames, done), m.countIn(m.frames, uploading), m.countIn(m.frames, queued)
	s := i18n.T("pickers.media.frames_uploaded", "N", d, "Of", len(m.frames))
	if run+wait > 0 {
		s += " · " + i18n.T("pickers.media.n_uploading", "N", run) + " · " + i18n.T("pickers.media.n_waiting", "N", wait)
	}
	return theme.Muted.Render(s)
}

// framesFailure is "2 failed: " and the first failure's reason, or "".
func (m *Model) framesFailure() string {
	bad := m.countIn(m.frames, failed)
	for _, it := range m.frames {
		if it.state == failed {
			return i18n.T("pickers.media.n_failed_why", "N", bad, "Why", it.err)
		}
	}
	return ""
}
