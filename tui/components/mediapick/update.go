package mediapick

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/theme"
)

// Update handles keys, the answers of the step's checks and uploads, its progress
// tick, and the picker's folder reads.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	switch msg := msg.(type) {
	case checked:
		if msg.owner == m.id {
			cmds = append(cmds, m.onChecked(msg))
		}
	case uploaded:
		if msg.owner == m.id {
			cmds = append(cmds, m.onUploaded(msg))
		}
	case tickMsg:
		if msg.owner == m.id {
			m.onTick()
		}
	case wake:
	case previewed:
		if msg.owner == m.id {
			m.gotPreview(msg)
		}
	case tea.KeyMsg:
		cmds = append(cmds, m.onKey(msg))
	case tea.WindowSizeMsg:
		// The editor sizes the step through SetSize; the picker's own handling
		// of this message would reset its height.
	default:
		// Forward everything else: the picker reads folders through commands
		// whose answers must reach it.
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		cmds = append(cmds, cmd)
	}
	return m.finish(cmds...)
}

// finish follows every message and action: the uploads waiting start, and the
// screen and the photo under the cursor are made again.
func (m Model) finish(cmds ...tea.Cmd) (Model, tea.Cmd) {
	cmds = append(cmds, m.pump())
	m.refresh()
	if cmd, redraw := m.wantPreview(); redraw {
		cmds = append(cmds, cmd)
		m.refresh()
	}
	return m, tea.Batch(cmds...)
}

// rowCount is the number of cursor rows: the photos (or their placeholder), the
// video and the frames.
func (m Model) rowCount() int { return max(len(m.photos), 1) + 2 }

// row is the section of cursor row i, and the photo's index (-1 elsewhere).
func (m Model) row(i int) (section, int) {
	n := max(len(m.photos), 1)
	switch {
	case i < n && len(m.photos) > 0:
		return secPhotos, i
	case i < n:
		return secPhotos, -1
	case i == n:
		return secVideo, -1
	}
	return secFrames, -1
}

// selected is the photo or video under the cursor; nil on a placeholder or the frames.
func (m *Model) selected() *item {
	sec, i := m.row(m.cursor)
	switch {
	case sec == secPhotos && i >= 0:
		return &m.photos[i]
	case sec == secVideo:
		return m.video
	}
	return nil
}

// onKey runs the action of k; in the path input, any other key is typed.
func (m *Model) onKey(k tea.KeyMsg) tea.Cmd {
	if m.mode == browsing {
		m.notice = "" // the last action's result, until the next key
	}
	if id, ok := table.Match(*m, m.Keys.Map, k); ok {
		return m.run(id)
	}
	if m.mode == typing && !m.inputBusy {
		m.inputErr = ""
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(k)
		return cmd
	}
	return nil
}

// movePhoto swaps two photos; the cursor follows the moved one. Each photo carries
// its url and url_wm, so the pairs stay in step.
func (m *Model) movePhoto(from, to int) tea.Cmd {
	m.photos[from], m.photos[to] = m.photos[to], m.photos[from]
	m.cursor = to
	m.refused = nil
	m.touched = true
	if to == 0 {
		m.notice = i18n.T("pickers.media.now_main", "Name", photoName(m.photos[0]))
	}
	return changed
}

func (m *Model) remove(sec section, i int) tea.Cmd {
	switch {
	case sec == secPhotos && i >= 0:
		return m.removePhoto(i)
	case sec == secVideo && m.video != nil:
		m.video.stop()
		m.notice = i18n.T("pickers.media.removed_video", "Name", videoName(m.video))
		m.video = nil
	case sec == secFrames && len(m.frames) > 0:
		for i := range m.frames {
			m.frames[i].stop()
		}
		m.notice = i18n.N("pickers.media.removed_tour", len(m.frames))
		m.frames = nil
	default:
		return nil
	}
	m.refused = nil
	m.touched = true
	return changed
}

// removePhoto removes a photo and cancels its upload in flight.
func (m *Model) removePhoto(i int) tea.Cmd {
	sec, _ := m.row(m.cursor)
	before := len(m.photos)
	m.photos[i].stop()
	m.notice = i18n.T("pickers.media.removed", "Name", photoName(m.photos[i]))
	m.photos = slices.Delete(m.photos, i, i+1)
	m.refused = nil
	m.touched = true
	m.keepCursor(sec, before)
	return changed
}

// keepCursor keeps the cursor in its section when the number of photo rows changed:
// on the video or the frames, or on the last photo when the one under it went.
func (m *Model) keepCursor(sec section, before int) {
	if sec != secPhotos {
		m.cursor += max(len(m.photos), 1) - max(before, 1)
		return
	}
	m.cursor = min(m.cursor, max(len(m.photos)-1, 0))
}

func photoName(it item) string {
	if it.photo.Path == "" {
		return i18n.T("pickers.media.online_photo", "Name", cleanName(it.photo.URL))
	}
	return cleanName(it.photo.Path)
}

func videoName(it *item) string {
	if it.video.Path == "" {
		return cleanName(it.video.URL)
	}
	return cleanName(it.video.Path)
}

// openInput opens the path input for a section.
func (m *Model) openInput(sec section) tea.Cmd {
	m.closeModes()
	m.mode, m.inputFor = typing, sec
	m.input.SetValue("")
	switch sec {
	case secVideo:
		m.input.Prompt, m.input.Placeholder = i18n.T("pickers.media.prompt_video"), "~/Videos/car.mp4"
	case secFrames:
		m.input.Prompt, m.input.Placeholder = i18n.T("pickers.media.prompt_frames"), "~/Pictures/tour"
	default:
		m.input.Prompt, m.input.Placeholder = i18n.T("pickers.media.prompt_photo"), "~/Pictures/car-*.jpg"
	}
	m.input.Width = max(m.width-len([]rune(m.input.Prompt))-2, 4)
	return m.input.Focus()
}

// onChecked adds what passed the checks; the rest is listed with its reason.
func (m *Model) onChecked(msg checked) tea.Cmd {
	m.checks = max(m.checks-1, 0)
	if msg.seq != 0 {
		if msg.seq != m.inputSeq {
			return nil // cancelled with esc
		}
		if m.mode == typing && m.inputBusy {
			m.inputBusy = false
			if msg.err != "" {
				m.inputErr = msg.err // the input stays open to fix the path
				return nil
			}
			m.closeModes()
		}
	}
	m.refused, m.notice = nil, ""
	if msg.err != "" {
		m.refused = []string{msg.err}
		return nil
	}
	switch msg.sec {
	case secVideo:
		return m.setVideo(msg.files[0])
	case secFrames:
		return m.setFrames(msg.dir, msg.files)
	}
	return m.addPhotos(msg.files)
}

func (m *Model) addPhotos(files []checkedFile) tea.Cmd {
	sec, _ := m.row(m.cursor)
	before := len(m.photos)
	defer m.keepCursor(sec, before)
	var added []string
	for _, f := range files {
		name := cleanName(f.path)
		switch {
		case slices.ContainsFunc(m.photos, func(it item) bool { return it.photo.Path == f.path }):
			m.refused = append(m.refused, i18n.T("pickers.media.already_added", "Name", name))
		case f.err != "":
			m.refused = append(m.refused, f.err)
		case len(m.photos) >= rules.MaxPhotos:
			m.refused = append(m.refused, i18n.T("pickers.media.at_most", "Name", name, "Max", rules.MaxPhotos))
		default:
			m.photos = append(m.photos, photoItem(f.photo))
			added = append(added, name)
		}
	}
	switch len(added) {
	case 0:
		return nil
	case 1:
		m.notice = theme.OKMark + " " + i18n.T("pickers.media.added", "Name", added[0])
	default:
		m.notice = theme.OKMark + " " + i18n.N("pickers.media.added_n", len(added))
	}
	m.touched = true
	return changed
}

// setVideo makes a checked file the video; a video already there is replaced (and
// its upload cancelled), which the notice says.
func (m *Model) setVideo(f checkedFile) tea.Cmd {
	if f.err != "" {
		m.refused = append(m.refused, f.err)
		return nil
	}
	if m.video != nil && m.video.video.Path == f.path {
		m.refused = append(m.refused, i18n.T("pickers.media.already_video", "Name", cleanName(f.path)))
		return nil
	}
	it := videoItem(f.video)
	m.notice = theme.OKMark + " " + i18n.T("pickers.media.video_set", "Name", cleanName(f.path), "Duration", durOrUnknown(f.video))
	if m.video != nil {
		m.video.stop()
		m.notice = theme.WarningMark + " " + i18n.T("pickers.media.video_replaced", "Old", videoName(m.video), "New", cleanName(f.path))
	}
	m.video = it
	m.touched = true
	return changed
}

func durOrUnknown(v draft.Video) string {
	if v.Duration <= 0 {
		return i18n.T("pickers.media.no_duration")
	}
	return durText(v.Duration)
}

// setFrames makes the files of a folder that passed the checks the 3D tour, in name
// order, replacing the previous one.
func (m *Model) setFrames(dir string, files []checkedFile) tea.Cmd {
	// A frame of the same file as before keeps its upload: the same folder added
	// again uploads only what is new.
	old := make(map[string]int, len(m.frames))
	for i, it := range m.frames {
		if it.photo.Path != "" {
			old[it.photo.Path] = i
		}
	}
	var items []item
	for _, f := range files {
		switch i, ok := old[f.path]; {
		case f.err != "":
			m.refused = append(m.refused, f.err)
		case ok:
			items = append(items, m.frames[i])
			delete(old, f.path)
		default:
			items = append(items, photoItem(f.photo))
		}
	}
	if len(items) == 0 {
		return nil
	}
	verb := i18n.T("pickers.media.tour")
	if len(m.frames) > 0 {
		verb = i18n.T("pickers.media.tour_replaced")
	}
	for _, i := range old {
		m.frames[i].stop()
	}
	m.frames = items
	m.notice = theme.OKMark + " " + verb + ": " + i18n.N("pickers.media.frames_from", len(items), "Dir", tilde(dir))
	m.touched = true
	return changed
}
