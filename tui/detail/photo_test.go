package detail

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/termimg"
)

// TestKittyPhotoOverThePreview: with a terminal that draws kitty pictures, the
// preview's half-blocks carry the photo's marks through the viewport and the layout,
// and the painter sends and places the photo over them, where they are on screen.
func TestKittyPhotoOverThePreview(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	var term bytes.Buffer
	paint := termimg.NewPainter(&term, termimg.Caps{Protocol: termimg.Kitty})
	svc, imgs := newFake(), &fakeImages{}
	m := New(svc, imgs.fetch, "en").WithPainter(paint)
	m.SetSize(120, 40)
	m, _ = open(m, 10042)
	if m.pic.ID == 0 || m.pic.Cols != 32 || m.pic.Rows != 12 {
		t.Fatalf("photo not encoded for kitty: %+v", m.pic.Cols)
	}
	lines := strings.Split(m.View(), "\n")
	paint.Frame(lines, true)
	// The marks are gone; what is left is exactly the half-block view.
	tuitest.CheckExactSize(t, strings.Join(lines, "\n"), 120, 40)
	top := -1
	for i, l := range lines {
		if strings.Contains(l, "▀") {
			top = i
			break
		}
	}
	col := strings.Index(ansi.Strip(lines[top]), "▀")
	col = ansi.StringWidth(ansi.Strip(lines[top])[:col])
	paint.Write(nil)
	out := term.String()
	tuitest.Contains(t, out, "\x1b_Ga=t,f=100,q=2,i=", ansi.CursorPosition(col+1, top+1)+"\x1b_Ga=p,i=", "c=32,r=12,C=1")

	// Scrolled down by a line, the box is no longer whole: the placement goes and
	// the half-blocks left on screen show the rest.
	m.vp.ScrollDown(top + 1)
	lines = strings.Split(m.View(), "\n")
	term.Reset()
	paint.Frame(lines, true)
	paint.Write(nil)
	if !strings.Contains(term.String(), "\x1b_Ga=d,d=i,i=") {
		t.Fatalf("placement kept when scrolled: %q", term.String())
	}
	// Another listing without photos: nothing kept for the detail.
	m, _ = m.Open(10043, "x")
	if m.pic.ID != 0 {
		t.Fatal("the old photo kept")
	}
}

// TestHalfBlocksWithoutPainter: no painter (a terminal that answered nothing), no
// marks, the same half-blocks as ever.
func TestHalfBlocksWithoutPainter(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	m, _, _ := newModel(120, 40)
	m, _ = open(m, 10042)
	v := m.View()
	tuitest.Contains(t, v, "▀")
	tuitest.Lacks(t, v, "\x1b_")
}
