package mediapick

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	apimedia "github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/theme"
)

// The photo under the picker's cursor is shown beside the list, so that a seller can
// tell twelve similar shots apart before adding one: half-blocks, or the photo itself
// where the terminal draws pictures (tui/termimg). From previewMinWidth columns only,
// so the list keeps room for names.
const (
	previewCols     = 40
	previewRows     = 12
	previewMinWidth = 90
	// previewMaxBytes: a file larger than this is no photo the service takes
	// (12 MB), and is not read for a preview.
	previewMaxBytes = 4 * apimedia.MaxPhotoBytes
	painterOwner    = "mediapick"
)

// preview is the state of the picker's preview.
type preview struct {
	path   string   // the file under the cursor it is for; "" none
	seq    int      // of the latest load, to drop answers for a file left since
	lines  []string // the half-blocks, marked when pic is set; nil while loading
	pic    termimg.Image
	reason string // why there is no picture (a folder, HEIC, unreadable)
	paint  *termimg.Painter
}

// previewed answers loadPreview.
type previewed struct {
	owner  int64
	seq    int
	lines  []string
	pic    termimg.Image
	reason string
}

// WithPainter makes the picker's preview show the photo itself where the terminal
// draws pictures; without one, half-blocks only.
func (m Model) WithPainter(p *termimg.Painter) Model {
	m.prev.paint = p
	return m
}

// highlighted is the file under the picker's cursor, read back from its rendering
// (the picker does not expose its cursor's file): the row that starts with the cursor.
func (m *Model) highlighted() string {
	for _, ln := range strings.Split(m.picker.View(), "\n") {
		row := ansi.Strip(ln)
		if strings.HasPrefix(row, theme.Cursor) {
			if name := pickerName(row); name != "" {
				return filepath.Join(m.picker.CurrentDirectory, name)
			}
		}
	}
	return ""
}

// wantPreview starts loading the photo under the cursor when it changed; it reports
// whether the screen must be drawn again.
func (m *Model) wantPreview() (tea.Cmd, bool) {
	path := ""
	if m.mode == picking && m.width >= previewMinWidth && termimg.ColourTerminal() {
		path = m.highlighted()
	}
	if path == m.prev.path {
		return nil, false
	}
	m.prev.seq++
	m.prev.path, m.prev.lines, m.prev.reason = path, nil, ""
	m.setPic(termimg.Image{})
	if path == "" {
		return nil, true
	}
	return loadPreview(m.id, m.prev.seq, path, m.prev.paint.Caps()), true
}

func (m *Model) setPic(pic termimg.Image) {
	m.prev.pic = pic
	m.prev.paint.Keep(painterOwner, pic)
}

// gotPreview takes a load's answer, unless the cursor has moved on since.
func (m *Model) gotPreview(msg previewed) {
	if msg.seq != m.prev.seq {
		return
	}
	m.prev.lines, m.prev.reason = msg.lines, msg.reason
	m.setPic(msg.pic)
}

// loadPreview reads, decodes (within the preview's bound) and draws one file, off the
// event loop. A folder or a file that is not a JPEG, PNG or WebP has a reason instead.
func loadPreview(owner int64, seq int, path string, caps termimg.Caps) tea.Cmd {
	profile := lipgloss.ColorProfile()
	return func() tea.Msg {
		out := previewed{owner: owner, seq: seq}
		data, err := readSmall(path)
		if errors.Is(err, errFolder) {
			out.lines = []string{} // nothing to show beside a folder
			return out
		}
		if err != nil {
			out.reason = err.Error()
			return out
		}
		img, err := termimg.Decode(data, apimedia.MaxDecodeBytes)
		if err != nil {
			out.reason = i18n.T("pickers.media.no_preview", "Why", decodeWords(err))
			return out
		}
		out.lines = strings.Split(termimg.HalfBlocks(img, previewCols, previewRows, profile), "\n")
		if out.pic, _ = termimg.Encode(path, img, caps, previewCols, previewRows); out.pic.ID != 0 {
			for i := range out.lines {
				out.lines[i] = termimg.Mark(out.pic.ID, i) + out.lines[i]
			}
		}
		return out
	}
}

// errFolder: the cursor is on a folder.
var errFolder = errors.New("a folder")

// readSmall reads a regular file of at most previewMaxBytes.
func readSmall(path string) ([]byte, error) {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, errors.New(i18n.T("pickers.media.unreadable"))
	case st.IsDir():
		return nil, errFolder
	case st.Size() > previewMaxBytes:
		return nil, errors.New(i18n.T("pickers.media.too_large", "Size", apimedia.FileSize(previewMaxBytes)))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, errors.New(i18n.T("pickers.media.unreadable"))
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, previewMaxBytes))
}

// besidePreview puts the preview to the right of the picker's lines, when the step is
// wide enough; the list keeps the rest of the width.
func (m *Model) besidePreview(lines []string) []string {
	if m.width < previewMinWidth || m.prev.path == "" {
		return lines
	}
	listW := m.width - previewCols - 2
	side := m.prev.lines
	switch {
	case side != nil:
	case m.prev.reason != "":
		side = []string{theme.Muted.Render(layout.Cut(m.prev.reason, previewCols))}
	default:
		side = []string{theme.Muted.Render(i18n.T("pickers.media.loading_preview"))}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = layout.Pad(l, listW)
		if k := i - 1; k >= 0 && k < len(side) { // under the title line
			out[i] += "  " + side[k]
		}
	}
	return out
}
