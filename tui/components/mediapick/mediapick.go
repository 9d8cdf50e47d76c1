// Package mediapick owns the media step of the listing editor: the photos (ordered,
// the first is the main photo), the one video and the folder of 3D tour frames; adding
// them from disk with a file picker or a typed path or glob, checking them before any
// request is spent, uploading them at most three at a time with a progress bar each,
// retrying failures, reordering and removing.
//
// Its state is draft data (draft.Photo, draft.Video): a file is uploaded once, its
// URLs stay in the draft, and after every change the component emits Changed so the
// editor saves the draft at once; a retry of the submit never uploads again.
package mediapick

import (
	"context"
	"os"
	"path/filepath"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/filepicker"
	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/theme"
)

// Uploader is what the step needs of the API; *api.Client satisfies it. Its limiter
// keeps the uploads within the request budget; the step bounds how many run at once.
type Uploader interface {
	UploadPhoto(ctx context.Context, path string, progress api.Progress) (*api.PhotoResult, error)
	UploadVideo(ctx context.Context, path string, progress api.Progress) (*api.VideoResult, error)
}

// Changed tells the editor the media changed (added, removed, moved, an upload
// finished or failed): read Media and save the draft.
type Changed struct{}

// MaxFrames bounds a 3D tour. The spec states no limit for photos_3d; this keeps a
// wrong folder from spending the day's budget.
const MaxFrames = 72

// maxConcurrent is how many uploads run at once; the rest wait in order.
const maxConcurrent = 3

type mode int

const (
	browsing mode = iota
	picking       // the file picker is open
	typing        // the path input is open
)

// Model is the media step. The editor must pass it every message (its own check,
// upload and tick answers come back through the editor) and key presses while the
// step is shown.
type Model struct {
	svc  Uploader
	id   int64  // tells this instance's answers from another's
	base string // the start folder: the picker opens there, relative paths start there
	lang string

	photos  []item
	video   *item
	frames  []item
	touched bool

	cursor  int
	offset  int
	refused []string // files of the last adds that were refused, with the reason
	notice  string   // the last action's result, until the next key
	checks  int      // check commands in flight
	ticking bool

	mode      mode
	picker    filepicker.Model
	pickDir   string  // where the picker was left, to reopen there
	prev      preview // the photo under the picker's cursor (photo.go)
	input     textinput.Model
	inputFor  section
	inputSeq  int
	inputBusy bool
	inputErr  string

	bar         progress.Model
	action.Keys // the user's keys (keys.go)
	focused     bool
	width       int
	height      int

	// Precomputed by refresh for View.
	body       []string
	cursorLine int
	bottom     []string
	pickLines  []string
}

// New builds the step. startDir is where the file picker opens and relative paths
// start ("" is the current working directory).
func New(svc Uploader, startDir string) Model {
	if startDir == "" {
		startDir, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(startDir); err == nil {
		startDir = abs
	}
	in := theme.Input()
	in.CharLimit = 4096
	// A static cursor: a blinking one would keep a timer running for the whole step.
	in.Cursor.SetMode(cursor.CursorStatic)
	full, empty := theme.ProgressColors()
	m := Model{
		svc: svc, id: nextGen(), base: startDir, pickDir: startDir,
		picker: newPicker(startDir), input: in,
		bar:   progress.New(progress.WithSolidFill(full), progress.WithColorProfile(lipgloss.ColorProfile())),
		width: 80, height: 24,
	}
	m.bar.EmptyColor = empty
	m.refresh()
	return m
}

// Init starts the uploads that SetMedia left waiting (a resumed draft).
func (m Model) Init() tea.Cmd {
	if m.svc == nil || m.count(queued) == 0 {
		return nil
	}
	id := m.id
	return func() tea.Msg { return wake{owner: id} }
}

// wake makes Update run the queue.
type wake struct{ owner int64 }

// SetMedia replaces the step's state with the draft's: a photo with URLs is never
// uploaded again; a file without them is queued (it starts on the next message, Init
// or Focus). Uploads of the previous state are cancelled.
func (m *Model) SetMedia(photos []draft.Photo, video *draft.Video, frames []draft.Photo) {
	m.stopAll()
	m.photos, m.frames, m.video = itemsOf(photos), itemsOf(frames), nil
	if video != nil && (video.Path != "" || video.Uploaded()) {
		m.video = videoItem(*video)
	}
	m.touched, m.refused, m.notice = false, nil, ""
	m.refresh()
}

// Media returns the state as draft data, in order: files not uploaded yet have a
// Path and no URL.
func (m Model) Media() (photos []draft.Photo, video *draft.Video, frames []draft.Photo) {
	if m.video != nil {
		v := m.video.video
		video = &v
	}
	return photosOf(m.photos), video, photosOf(m.frames)
}

// Touched reports whether the seller changed the set (added, removed or moved a
// file). For an edit, only then is media sent: sending replaces the whole set.
func (m Model) Touched() bool { return m.touched }

// SetTouched restores Touched for a resumed edit draft (draft.MediaTouched).
func (m *Model) SetTouched(t bool) { m.touched = t }

// Busy reports whether files are being checked, uploaded or wait for an upload slot.
func (m Model) Busy() bool { return m.checks > 0 || m.count(queued)+m.count(uploading) > 0 }

// Pending is how many files are not uploaded yet (queued, uploading or failed): the
// editor counts one request each in the submit's cost.
func (m Model) Pending() int { return m.count(queued) + m.count(uploading) + m.count(failed) }

// Failed is how many uploads failed and wait for a retry (r).
func (m Model) Failed() int { return m.count(failed) }

// count is how many items are in state s.
func (m Model) count(s state) int {
	n := 0
	m.each(func(_ section, it *item) {
		if it.state == s {
			n++
		}
	})
	return n
}

// each visits every item in upload order: photos, the video, the frames.
func (m *Model) each(f func(section, *item)) {
	for i := range m.photos {
		f(secPhotos, &m.photos[i])
	}
	if m.video != nil {
		f(secVideo, m.video)
	}
	for i := range m.frames {
		f(secFrames, &m.frames[i])
	}
}

func (m *Model) stopAll() { m.each(func(_ section, it *item) { it.stop() }) }

// SetSize sets the area the editor gives the step.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.picker.SetHeight(m.pickerHeight())
	m.input.Width = max(m.width-lipgloss.Width(m.input.Prompt)-2, 4)
	m.refresh()
}

// Capturing reports whether the path input or the file picker has the keys: letters
// are theirs, and esc closes them.
func (m Model) Capturing() bool { return m.mode != browsing }

// Focus is called when the editor shows the step; it starts waiting uploads.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	cmd := m.pump()
	m.refresh()
	return cmd
}

// Blur closes the picker or the input; files being checked are still added.
func (m *Model) Blur() {
	m.focused = false
	m.closeModes()
	m.refresh()
}

// SetLang records the language; the step shows no names from the catalog.
func (m *Model) SetLang(lang string) tea.Cmd {
	m.lang = lang
	return nil
}
