package termimg

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// gradient is a w×h picture whose every pixel differs from its neighbours.
func gradient(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / max(w-1, 1)), uint8(y * 255 / max(h-1, 1)), 128, 255})
		}
	}
	return img
}

func TestPreview256Colours(t *testing.T) {
	tuitest.WithProfile(t, termenv.ANSI256)
	s := HalfBlocks(gradient(50, 50), 40, 12, termenv.ANSI256)
	tuitest.Contains(t, s, "\x1b[38;5;", "48;5;")
	tuitest.Lacks(t, s, "38;2;")
	s = HalfBlocks(gradient(50, 50), 40, 12, termenv.ANSI)
	tuitest.Lacks(t, s, "38;5;", "38;2;")
}

func TestFitPixels(t *testing.T) {
	for _, c := range []struct{ w, h, pw, ph int }{
		{1600, 1200, 32, 24}, {1200, 1600, 18, 24}, {4000, 100, 40, 1}, {10, 10, 24, 24}, {0, 10, 0, 0},
	} {
		pw, ph := Fit(c.w, c.h, 40, 24)
		if pw != c.pw || ph != c.ph {
			t.Errorf("fit %d×%d = %d×%d, want %d×%d", c.w, c.h, pw, ph, c.pw, c.ph)
		}
	}
	// A one-pixel image and an odd number of pixel rows still render.
	one := image.NewNRGBA(image.Rect(5, 5, 6, 6))
	one.Set(5, 5, color.NRGBA{255, 0, 0, 255})
	if s := HalfBlocks(one, 40, 12, termenv.TrueColor); !strings.Contains(s, "▀") {
		t.Fatalf("one-pixel preview %q", s)
	}
	if HalfBlocks(one, 40, 12, termenv.Ascii) != "" {
		t.Fatal("Ascii rendered")
	}
}

// BenchmarkHalfBlocks: a 1600×1200 photo to a 40×12 half-block block.
func BenchmarkHalfBlocks(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 1600, 1200), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = uint8(i * 7)
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(i*3), uint8(i*5)
	}
	for _, p := range []struct {
		name string
		p    termenv.Profile
	}{{"truecolor", termenv.TrueColor}, {"ansi256", termenv.ANSI256}} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if HalfBlocks(img, 40, 12, p.p) == "" {
					b.Fatal("empty")
				}
			}
		})
	}
	b.Run("rgba", func(b *testing.B) {
		rgba := gradient(1600, 1200)
		b.ReportAllocs()
		for b.Loop() {
			HalfBlocks(rgba, 40, 12, termenv.TrueColor)
		}
	})
}
