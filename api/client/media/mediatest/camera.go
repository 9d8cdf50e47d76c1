package mediatest

import (
	"bufio"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/listings-tui/listings/internal/memwatch"
)

// CameraJPEG writes a w×h baseline 4:2:0 JPEG at quality 95 that compresses like a
// camera photo: smooth gradients and soft shapes, which cost little, under per-pixel
// sensor-like noise, which is what makes a 12 MP photo weigh 8 to 11 MB.
func CameraJPEG(tb testing.TB, path string, w, h int) {
	tb.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	fw, fh := float64(w), float64(h)
	for y := range h {
		fy := float64(y) / fh
		row := img.Y[y*img.YStride : y*img.YStride+w]
		for x := range row {
			fx := float64(x) / fw
			v := 60 + 120*fx*fy + 40*math.Sin(9*fx+5*fy) + 25*math.Sin(40*fx*fy)
			row[x] = clamp8(v + rng.NormFloat64()*28)
		}
	}
	cw := (w + 1) / 2
	for y := range (h + 1) / 2 {
		fy := 2 * float64(y) / fh
		for x := range cw {
			fx := 2 * float64(x) / fw
			i := y*img.CStride + x
			img.Cb[i] = clamp8(128 + 30*math.Sin(3*fx) - 20*fy + rng.NormFloat64()*9)
			img.Cr[i] = clamp8(128 + 25*math.Cos(4*fy) + 15*fx + rng.NormFloat64()*9)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := jpeg.Encode(bw, img, &jpeg.Options{Quality: 95}); err != nil {
		tb.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

func clamp8(v float64) uint8 {
	return uint8(min(255, max(0, math.Round(v))))
}

// HeapPeak samples the bytes held by heap objects (live or not yet swept: what
// the heap must hold, and so what the process's RSS follows) until stop is called,
// which returns the highest figure seen. Sampling every half millisecond cannot miss
// the peak that matters: the decoded picture stays allocated for the whole shrink.
func HeapPeak() (stop func() uint64) {
	return memwatch.Peak("/memory/classes/heap/objects:bytes", 500*time.Microsecond)
}
