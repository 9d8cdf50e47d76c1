package tui

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/termimg"
)

func photo(context.Context, string) (image.Image, error) {
	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	img.SetRGBA(0, 0, color.RGBA{255, 0, 0, 255})
	return img, nil
}

// TestPhotoNeverOverADialog: the detail's photo is drawn as a kitty picture after
// the frame, and removed when a dialog opens, when the help opens and when the view
// changes; drawn again when the dialog closes.
func TestPhotoNeverOverADialog(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	f := newFixture(t, sandbox.KeyPersonal, nil)
	var term bytes.Buffer
	opts := f.options()
	opts.Images = photo
	opts.Painter = termimg.NewPainter(&term, termimg.Caps{Protocol: termimg.Kitty})
	m := f.model(opts, 120, 40)
	m, _ = f.settle(m, m.Init())
	frame := func() string {
		term.Reset()
		_ = m.View()
		_, _ = opts.Painter.Write(nil) // the renderer writes the frame
		return term.String()
	}
	const placed, removed = "\x1b_Ga=p,i=", "\x1b_Ga=d,d=i,i="
	frame()
	m, _ = f.press(m, "enter")
	if out := frame(); !strings.Contains(out, "\x1b_Ga=t,") || !strings.Contains(out, placed) {
		t.Fatalf("no kitty picture in the detail: %q", tuitest.Screen(m))
	}
	if out := frame(); out != "" {
		t.Fatalf("an unchanged frame drew again: %q", out)
	}
	m, _ = f.press(m, "x")
	if out := frame(); !strings.Contains(out, removed) || strings.Contains(out, placed) {
		t.Fatalf("the photo stays over the dialog: %q", out)
	}
	m, _ = f.press(m, "n")
	if out := frame(); !strings.Contains(out, placed) || strings.Contains(out, "a=t,") {
		t.Fatalf("not placed again (or sent twice) after the dialog: %q", out)
	}
	m, _ = f.press(m, "?")
	if out := frame(); !strings.Contains(out, removed) {
		t.Fatalf("the photo stays over the help: %q", out)
	}
	m, _ = f.press(m, "?")
	frame()
	m, _ = f.press(m, ":")
	if out := frame(); !strings.Contains(out, removed) {
		t.Fatalf("the photo stays over the command palette: %q", out)
	}
	m, _ = f.press(m, "esc")
	frame()
	m, _ = f.press(m, "esc")
	if out := frame(); !strings.Contains(out, removed) {
		t.Fatalf("the photo stays after the view changed: %q", out)
	}
	if strings.Contains(tuitest.Screen(m), "listings-img") {
		t.Fatal("a mark reached the screen")
	}
}
