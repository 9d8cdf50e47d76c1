package termimg

import (
	"bytes"
	"image"
	"strings"
	"testing"
)

// frame is a view of h lines whose picture im sits at (row, col), marked as a view
// marks it, under half-blocks.
func frame(im Image, h, row, col int) []string {
	lines := make([]string, h)
	for i := range lines {
		lines[i] = strings.Repeat(" ", 60)
		if k := i - row; im.ID != 0 && k >= 0 && k < im.Rows {
			lines[i] = strings.Repeat(" ", col) + Mark(im.ID, k) + strings.Repeat("▀", im.Cols)
		}
	}
	return lines
}

func encoded(t *testing.T, p Protocol) Image {
	t.Helper()
	im, err := Encode("https://media.example/1.jpg", gradient(160, 120), Caps{Protocol: p, CellW: 8, CellH: 16}, 40, 12)
	if err != nil || im.ID == 0 {
		t.Fatalf("encode: %v", err)
	}
	return im
}

// paint runs one frame through the painter as the root and the renderer would, and
// returns what reached the terminal after the frame.
func paint(p *Painter, out *bytes.Buffer, lines []string, show bool) string {
	p.Frame(lines, show)
	for _, l := range lines {
		if strings.Contains(l, markPrefix) {
			panic("a mark reached the terminal")
		}
	}
	out.Reset()
	p.Write([]byte("FRAME"))
	return strings.TrimPrefix(out.String(), "FRAME")
}

func TestKittyIsPlacedAndRemoved(t *testing.T) {
	var out bytes.Buffer
	p := NewPainter(&out, Caps{Protocol: Kitty})
	im := encoded(t, Kitty)
	if im.Cols != 32 || im.Rows != 12 {
		t.Fatalf("box %d×%d", im.Cols, im.Rows)
	}
	p.Keep("detail", im)
	got := paint(p, &out, frame(im, 30, 4, 20), true)
	// Sent once (a=t), placed at row 5, column 21 of the screen, the cursor kept.
	for _, want := range []string{"\x1b_Ga=t,f=100,q=2,i=", "\x1b7\x1b[5;21H\x1b_Ga=p,i=", ",c=32,r=12,C=1,q=2\x1b\\\x1b8"} {
		if !strings.Contains(got, want) {
			t.Fatalf("missing %q in %q", want, got[:min(len(got), 200)])
		}
	}
	// The same frame again: nothing more.
	if got := paint(p, &out, frame(im, 30, 4, 20), true); got != "" {
		t.Fatalf("drawn again: %q", got)
	}
	// Scrolled: placed again, not sent again.
	got = paint(p, &out, frame(im, 30, 3, 20), true)
	if strings.Contains(got, "a=t") || !strings.Contains(got, "\x1b[4;21H\x1b_Ga=p") {
		t.Fatalf("moved: %q", got)
	}
	// A dialog opens: the placement goes.
	if got := paint(p, &out, frame(im, 30, 3, 20), false); got != kittyUnplace(im.ID) {
		t.Fatalf("dialog: %q", got)
	}
	// Back, then another view with no picture.
	paint(p, &out, frame(im, 30, 3, 20), true)
	if got := paint(p, &out, frame(Image{}, 30, 0, 0), true); got != kittyUnplace(im.ID) {
		t.Fatalf("view changed: %q", got)
	}
	// Scrolled half out of sight: not drawn (the half-blocks show what is left).
	if got := paint(p, &out, frame(im, 30, -3, 20), true); got != "" {
		t.Fatalf("partly visible: %q", got)
	}
	// Another photo replaces it: the first is freed in the terminal.
	p.Keep("detail", encoded(t, Kitty))
	other, _ := Encode("https://media.example/2.jpg", gradient(100, 100), Caps{Protocol: Kitty}, 40, 12)
	p.Keep("detail", other)
	if got := paint(p, &out, frame(other, 30, 0, 0), true); !strings.HasPrefix(got, kittyForget(im.ID)) {
		t.Fatalf("old photo kept in the terminal: %q", got[:min(len(got), 80)])
	}
	out.Reset()
	p.Close()
	if out.String() != kittyForget(other.ID) {
		t.Fatalf("close: %q", out.String())
	}
}

func TestSixelIsDrawnAgainWhenItsLinesAreRewritten(t *testing.T) {
	var out bytes.Buffer
	p := NewPainter(&out, Caps{Protocol: Sixel, CellW: 8, CellH: 16})
	im := encoded(t, Sixel)
	if !bytes.HasPrefix(im.Data, []byte("\x1bP")) {
		t.Fatalf("not a sixel: %q", im.Data[:10])
	}
	p.Keep("detail", im)
	lines := frame(im, 20, 2, 0)
	if got := paint(p, &out, lines, true); !strings.HasPrefix(got, "\x1b7\x1b[3;1H\x1bP") {
		t.Fatalf("sixel: %q", got[:min(len(got), 40)])
	}
	if got := paint(p, &out, frame(im, 20, 2, 0), true); got != "" {
		t.Fatal("drawn again over unchanged lines")
	}
	changed := frame(im, 20, 2, 0)
	changed[5] += "x"
	if got := paint(p, &out, changed, true); !strings.Contains(got, "\x1bP") {
		t.Fatal("not drawn again over a rewritten line")
	}
	// Leaving the alternate screen (an external editor) draws nothing there.
	out.Reset()
	p.Write([]byte("\x1b[?1049l"))
	p.Frame(frame(im, 20, 1, 0), true)
	out.Reset()
	p.Write([]byte("x"))
	if out.String() != "x" {
		t.Fatalf("drawn outside the app's screen: %q", out.String())
	}
	p.Write([]byte("\x1b[?1049h"))
	if !strings.Contains(out.String(), "\x1bP") {
		t.Fatal("not drawn again on coming back")
	}
}

func TestITermInline(t *testing.T) {
	im := encoded(t, ITerm)
	if !bytes.HasPrefix(im.Data, []byte("\x1b]1337;File=inline=1;size=")) || !bytes.Contains(im.Data, []byte(";width=32;height=12;")) {
		t.Fatalf("%q", im.Data[:60])
	}
}

func TestNilPainterAndBlocks(t *testing.T) {
	var p *Painter
	lines := frame(Image{ID: 7, Rows: 2, Cols: 2}, 4, 0, 0)
	p.Frame(lines, true) // a nil painter leaves the marks: no view makes them then
	if p.Protocol() != Blocks {
		t.Fatal("nil painter draws")
	}
	if im, _ := Encode("x", gradient(4, 4), Caps{}, 40, 12); im.ID != 0 {
		t.Fatal("blocks encoded a picture")
	}
}

// BenchmarkEncode is the encoding alone, from a decoded 12 MP picture to the preview's
// 40×12 cells (320×240 px at 10×20 px a cell).
func BenchmarkEncode(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = uint8(i*7 + i/4000)
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(i*3), uint8(i/2000)
	}
	for _, p := range []Protocol{Kitty, ITerm, Sixel} {
		b.Run(p.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode("x", img, Caps{Protocol: p, CellW: 10, CellH: 20}, 40, 12); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
