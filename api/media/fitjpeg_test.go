package media

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// jpegOf encodes m at quality 90.
func jpegOf(t testing.TB, m image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// noisy returns a w×h picture with fine detail, so that a misplaced row shows.
func noisy(w, h int, gray bool) image.Image {
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	if gray {
		m := image.NewGray(image.Rect(0, 0, w, h))
		for i := range m.Pix {
			m.Pix[i] = uint8(i%97 + rng.IntN(60))
		}
		return m
	}
	m := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	for i := range m.Y {
		m.Y[i], m.Cb[i], m.Cr[i] = uint8(i%97+rng.IntN(60)), uint8(i/w*3), uint8(rng.IntN(256))
	}
	return m
}

// TestFitJPEGMatchesFit checks that decoding by bands gives, sample for sample, what
// decoding whole and fitting gives, for every kind of JPEG: those decoded by bands
// and those left to image/jpeg.
func TestFitJPEGMatchesFit(t *testing.T) {
	files := map[string][]byte{}
	for _, sz := range [][2]int{{400, 300}, {301, 403}, {333, 17}, {161, 161}, {150, 100}} {
		for _, gray := range []bool{false, true} {
			files[filepath.Join("encoded", string(rune('a'+len(files))))] = jpegOf(t, noisy(sz[0], sz[1], gray))
		}
	}
	names, _ := filepath.Glob(filepath.Join("internal", "jpegrows", "testdata", "*.jpeg"))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files[n] = b
	}
	for name, b := range files {
		for _, side := range []int{160, 40, 7} {
			whole, err := jpeg.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(name, err)
			}
			want := Fit(whole, side)
			// A few bytes ahead of the JPEG: FitJPEG starts, and starts again, where
			// the reader is.
			r := bytes.NewReader(append([]byte("junk"), b...))
			if _, err := r.Seek(4, 0); err != nil {
				t.Fatal(err)
			}
			_, berr := fitJPEGBands(bytes.NewReader(b), side)
			_, _, scaled := fitSize(whole.Bounds().Dx(), whole.Bounds().Dy(), side)
			if byBands := scaled && !strings.Contains(name, "progressive") && !strings.Contains(name, "rgb") &&
				!strings.Contains(name, "cmyk") && !strings.Contains(name, "separate"); byBands != (berr == nil) {
				t.Errorf("%s in %d: decoded by bands: %v (%v), want %v", name, side, berr == nil, berr, byBands)
			}
			got, err := FitJPEG(r, side)
			if err != nil {
				t.Fatalf("%s in %d: %v", name, side, err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("%s in %d: bounds %v, want %v", name, side, got.Bounds(), want.Bounds())
			}
			for y := range want.Bounds().Dy() {
				for x := range want.Bounds().Dx() {
					if got.At(x, y) != want.At(x, y) {
						t.Fatalf("%s in %d: (%d,%d) is %v, want %v", name, side, x, y, got.At(x, y), want.At(x, y))
					}
				}
			}
		}
	}
	small := jpegOf(t, noisy(100, 50, false))
	if got, err := FitJPEG(bytes.NewReader(small), 160); err != nil || got.Bounds() != image.Rect(0, 0, 100, 50) {
		t.Errorf("a JPEG that fits: %v %v", got.Bounds(), err)
	}
	if _, err := FitJPEG(bytes.NewReader(small[:len(small)/2]), 40); err == nil {
		t.Error("a truncated JPEG decoded")
	}
}

// TestFitJPEGMemory bounds what fitting a 12 MP JPEG allocates: the 1600 px result
// (2.9 MB), the reading buffer and a band, never the 18 MB picture.
func TestFitJPEGMemory(t *testing.T) {
	b := jpegOf(t, image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	img, err := FitJPEG(bytes.NewReader(b), TargetSide)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("fitting a 4000x3000 JPEG in %v allocated %.1f MB", img.Bounds(), float64(n)/(1<<20))
	}
}
