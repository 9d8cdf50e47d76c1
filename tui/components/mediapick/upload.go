package mediapick

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// uploadTimeout bounds one upload command: the client gives each attempt 10 minutes,
// and waiting for a slot of the request budget comes first.
const uploadTimeout = 15 * time.Minute

// tickEvery is how often the progress bars are redrawn while uploads run.
const tickEvery = 100 * time.Millisecond

// checkedFile is one file after the checks made before any request.
type checkedFile struct {
	path  string
	photo draft.Photo
	video draft.Video
	err   string // the api.FileError text, cleaned; "" when it passed
}

// checked answers a check: the files a path, glob or folder named, each checked.
type checked struct {
	owner int64
	seq   int // the input's request; 0 for a file from the picker
	sec   section
	dir   string // the folder of 3D frames
	err   string // the path itself failed: nothing matched, not found, not a folder
	files []checkedFile
}

// uploaded answers an upload; path and gen say which attempt it was.
type uploaded struct {
	owner int64
	sec   section
	path  string
	gen   int64
	photo *api.PhotoResult
	video *api.VideoResult
	err   error
}

// tickMsg redraws the progress bars.
type tickMsg struct{ owner int64 }

func changed() tea.Msg { return Changed{} }

// checkFiles resolves what was typed or picked and checks every file it names, as
// UploadPhoto and UploadVideo would, without spending a request.
func checkFiles(owner int64, seq int, sec section, raw, base string) tea.Cmd {
	return func() tea.Msg {
		out := checked{owner: owner, seq: seq, sec: sec}
		var paths []string
		var err error
		if sec == secFrames {
			out.dir, paths, err = resolveFolder(raw, base)
		} else {
			paths, err = resolveFiles(raw, base)
		}
		if err == nil && sec == secVideo && len(paths) > 1 {
			err = errors.New(i18n.T("pickers.media.many_videos", "Name", shown(raw), "N", len(paths)))
		}
		if err != nil {
			out.err = termtext.Clean(err.Error())
			return out
		}
		for _, p := range paths {
			out.files = append(out.files, checkFile(sec, p))
		}
		return out
	}
}

func checkFile(sec section, p string) checkedFile {
	f := checkedFile{path: p}
	if sec == secVideo {
		chk, err := api.CheckVideo(p)
		if err != nil {
			f.err = fileWords(err)
			return f
		}
		f.video = draft.Video{Path: p, Size: chk.Size, Duration: chk.Duration}
		return f
	}
	chk, err := api.CheckPhoto(p)
	if err != nil {
		f.err = fileWords(err)
		return f
	}
	f.photo = draft.Photo{Path: p, Size: chk.Size}
	return f
}

func uploadPhoto(ctx context.Context, svc Uploader, owner int64, sec section, path string, gen int64, mt *meter) tea.Cmd {
	return func() tea.Msg {
		r, err := svc.UploadPhoto(ctx, path, mt.report)
		return uploaded{owner: owner, sec: sec, path: path, gen: gen, photo: r, err: err}
	}
}

func uploadVideo(ctx context.Context, svc Uploader, owner int64, path string, gen int64, mt *meter) tea.Cmd {
	return func() tea.Msg {
		r, err := svc.UploadVideo(ctx, path, mt.report)
		return uploaded{owner: owner, sec: secVideo, path: path, gen: gen, video: r, err: err}
	}
}

func tick(owner int64) tea.Cmd {
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return tickMsg{owner: owner} })
}

// check starts checking a path, glob or folder for a section.
func (m *Model) check(sec section, raw string, seq int) tea.Cmd {
	m.checks++
	return checkFiles(m.id, seq, sec, raw, m.base)
}

// pump starts queued uploads while fewer than maxConcurrent run, photos first, and
// keeps the progress tick going while any runs.
func (m *Model) pump() tea.Cmd {
	if m.svc == nil {
		return nil
	}
	var cmds []tea.Cmd
	free := maxConcurrent - m.count(uploading)
	m.each(func(sec section, it *item) {
		if free > 0 && it.state == queued {
			cmds = append(cmds, m.start(sec, it))
			free--
		}
	})
	if !m.ticking && m.count(uploading) > 0 {
		m.ticking = true
		cmds = append(cmds, tick(m.id))
	}
	return tea.Batch(cmds...)
}

func (m *Model) start(sec section, it *item) tea.Cmd {
	ctx, cancel := context.WithTimeout(context.Background(), uploadTimeout)
	it.gen, it.state, it.err, it.pct = nextGen(), uploading, "", 0
	it.meter, it.cancel = &meter{}, cancel
	if sec == secVideo {
		return uploadVideo(ctx, m.svc, m.id, it.path(sec), it.gen, it.meter)
	}
	return uploadPhoto(ctx, m.svc, m.id, sec, it.path(sec), it.gen, it.meter)
}

// find is the item an answer belongs to, nil when it was removed or replaced.
func (m *Model) find(sec section, gen int64, path string) *item {
	var found *item
	m.each(func(s section, it *item) {
		if s == sec && it.gen == gen && it.path(s) == path {
			found = it
		}
	})
	return found
}

func (m *Model) onUploaded(msg uploaded) tea.Cmd {
	it := m.find(msg.sec, msg.gen, msg.path)
	if it == nil || it.state != uploading {
		return nil // stale: the item was removed, replaced or reset
	}
	it.stop()
	err := msg.err
	if err == nil && ((msg.sec == secVideo && (msg.video == nil || msg.video.URL == "")) ||
		(msg.sec != secVideo && (msg.photo == nil || msg.photo.URL == ""))) {
		err = errors.New(i18n.T("pickers.media.no_url"))
	}
	if err != nil {
		it.state, it.err = failed, fileWords(err)
		m.notice = "" // the failure, on the status line, matters more
		cmds := []tea.Cmd{changed}
		var fe *api.FileError
		if !errors.As(err, &fe) {
			cmds = append(cmds, func() tea.Msg { return msgs.Error{Op: opName(msg.sec), Err: err} })
		}
		if api.IsAuth(err) || api.IsDailyLimit(err) {
			// The rest would fail the same way: keep them for a retry instead.
			m.each(func(_ section, q *item) {
				if q.state == queued {
					q.state, q.err = failed, it.err
				}
			})
		}
		return tea.Batch(cmds...)
	}
	it.state, it.err, it.pct = done, "", 1
	if msg.sec == secVideo {
		it.video.URL = termtext.Clean(msg.video.URL)
		it.video.Thumbnail = termtext.Clean(msg.video.Thumbnail)
	} else {
		it.photo.URL = termtext.Clean(msg.photo.URL)
		it.photo.URLWM = termtext.Clean(msg.photo.URLWM)
		it.photo.Width, it.photo.Height = msg.photo.Width, msg.photo.Height
	}
	return changed
}

func opName(sec section) string {
	switch sec {
	case secVideo:
		return "upload video"
	case secFrames:
		return "upload 3D frame"
	}
	return "upload photo"
}

func (m *Model) onTick() {
	m.ticking = false
	m.each(func(_ section, it *item) {
		if it.state == uploading && it.meter != nil {
			it.pct = it.meter.fraction()
		}
	})
}

// retry queues every failed upload again.
func (m *Model) retry() {
	n := 0
	m.each(func(_ section, it *item) {
		if it.state == failed {
			it.state, it.err = queued, ""
			n++
		}
	})
	if n > 0 {
		m.notice = i18n.N("pickers.media.retrying", n)
	}
}
