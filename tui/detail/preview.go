package detail

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// The preview box: at most 40 columns by 12 rows, two vertical pixels a cell.
const (
	previewCols = 40
	previewRows = 12
)

// previewKey is what the cached rendering depends on besides the image.
type previewKey struct {
	cols, rows int
	profile    termenv.Profile
	pic        uint32
}

// painterOwner names the detail's photo among those the painter keeps.
const painterOwner = "detail"

// WithPainter makes the view show the main photo itself where the terminal draws
// pictures (tui/termimg), over its half-blocks; without one, half-blocks only.
func (m Model) WithPainter(p *termimg.Painter) Model {
	m.paint = p
	return m
}

// setPic makes pic the photo drawn over the preview (zero: none) and forgets the
// rendering made for the one before.
func (m *Model) setPic(pic termimg.Image) {
	m.pic = pic
	m.preview, m.previewAt = "", previewKey{}
	m.paint.Keep(painterOwner, pic)
}

// previewBlock is the half-block image, or one muted line saying why there is none.
// Where the terminal draws pictures, each of its lines starts with the photo's mark,
// and the painter draws the photo over it whenever the whole box is on screen.
func (m *Model) previewBlock(cols int) string {
	if mainPhoto(m.listing) == "" {
		return ""
	}
	switch {
	case !termimg.ColourTerminal():
		return theme.Muted.Render(wrap(i18n.T("detail.preview.no_colour"), cols))
	case m.imgErr != nil:
		return theme.Muted.Render(wrap(i18n.T("detail.preview.unavailable", "Err", termtext.Clean(m.imgErr.Error())), cols))
	case m.imgLoading:
		return theme.Muted.Render(i18n.T("detail.preview.loading"))
	case m.img == nil:
		return ""
	}
	k := previewKey{cols, previewRows, lipgloss.ColorProfile(), m.pic.ID}
	if m.previewAt != k || m.preview == "" {
		m.preview, m.previewAt = termimg.HalfBlocks(m.img, k.cols, k.rows, k.profile), k
		if m.pic.ID != 0 && cols >= m.pic.Cols {
			lines := strings.Split(m.preview, "\n")
			for i := range lines {
				lines[i] = termimg.Mark(m.pic.ID, i) + lines[i]
			}
			m.preview = strings.Join(lines, "\n")
		}
	}
	return m.preview
}
