package api

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/mediatest"
)

// BenchmarkShrinkPhoto4000x3000 shrinks a 12 MP camera-like JPEG to 1600 px. Besides
// time and bytes allocated it reports the file's size and the peak of the heap during
// one shrink.
func BenchmarkShrinkPhoto4000x3000(b *testing.B) { benchShrink(b, 4000, 3000) }

// BenchmarkShrinkPhoto8064x6048 shrinks a 48 MP phone-like JPEG (43 MB at quality 95
// with its noise), the largest kind of phone photo, to 1600 px.
func BenchmarkShrinkPhoto8064x6048(b *testing.B) { benchShrink(b, 8064, 6048) }

func benchShrink(b *testing.B, w, h int) {
	path := filepath.Join(b.TempDir(), "camera.jpg")
	mediatest.CameraJPEG(b, path, w, h)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	var peak uint64
	b.ReportAllocs()
	for b.Loop() {
		// Each shrink starts from a clean heap, so the peak is one shrink's own.
		b.StopTimer()
		runtime.GC()
		stop := mediatest.HeapPeak()
		b.StartTimer()
		if _, _, err := shrinkPhoto(context.Background(), path, media.JPEG); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		peak = max(peak, stop())
		b.StartTimer()
	}
	b.ReportMetric(float64(st.Size())/(1<<20), "file-MB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// BenchmarkCheckHostilePhoto checks a 0.4 MB progressive CMYK JPEG of 7000×7000 px,
// which would take 1.1 GiB to decode, and a 16-bit PNG of that size (394 MB): what the
// refusal costs.
func BenchmarkCheckHostilePhoto(b *testing.B) {
	dir := b.TempDir()
	for name, data := range map[string][]byte{
		"cmyk-progressive.jpg": mediatest.JPEG(7000, 7000, mediatest.CMYK, true),
		"png16.png":            mediatest.PNGHeader(7000, 7000, 16, 6, false),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			b.Fatal(err)
		}
		// Over 12 MB, so that it must be shrunk, and cannot be.
		if err := os.Truncate(path, 14<<20); err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := CheckPhoto(path); !IsFileRule(err, RuleSize) {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestShrinkAllocates bounds what shrinking a 12 MP JPEG allocates in all by what its
// header says the decode and the fitting take (23 MB: the picture decoded whole, 17 MB
// as 4:2:0 YCbCr, and the 1600 px result), plus 3 MB for the encoded result. The old
// way (decoded whole, turned at full size, Catmull-Rom) took 182 MB.
func TestShrinkAllocates(t *testing.T) {
	img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = uint8(i % 4000 / 16)
	}
	path := filepath.Join(t.TempDir(), "big.jpg")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	hdr, err := media.ReadHeader(f, media.JPEG)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, format, err := shrinkPhoto(context.Background(), path, media.JPEG)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > uint64(hdr.Cost())+3<<20 {
		t.Errorf("shrinking a 4000x3000 JPEG allocated %.1f MB; its header counted %.1f MB",
			float64(n)/(1<<20), float64(hdr.Cost())/(1<<20))
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil || format != media.JPEG || cfg.Width != 1600 || cfg.Height != 1200 {
		t.Errorf("shrunk to %s %dx%d (%v)", format, cfg.Width, cfg.Height, err)
	}
}

// TestShrinkChecksTheHeaderAgain: a photo that CheckPhoto let through but that is
// over the bound when it is shrunk (the file changed in between) is refused with the
// reason, not decoded.
func TestShrinkChecksTheHeaderAgain(t *testing.T) {
	defer func(b int64) { maxDecodeBytes = b }(maxDecodeBytes)
	maxDecodeBytes = 4 << 20
	path := filepath.Join(t.TempDir(), "changed.jpg")
	if err := os.WriteFile(path, mediatest.JPEG(4000, 3000, mediatest.YCbCr420, false), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := shrinkPhoto(context.Background(), path, media.JPEG)
	const want = "changed.jpg: cannot be shrunk here: it is 4000×3000 px (12 megapixels, a baseline YCbCr 4:2:0 JPEG): " +
		"decoding it would take 23 MiB of memory, over the 4.0 MiB that a photo may take here; export it smaller"
	if !IsFileRule(err, RuleSize) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestShrinkWaitsForTheSlot checks that shrinks take turns, and that one waiting for
// its turn gives up when its upload is cancelled.
func TestShrinkWaitsForTheSlot(t *testing.T) {
	shrinkSlot <- struct{}{} // another shrink is running
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, _, err := shrinkPhoto(ctx, "never-opened.jpg", media.JPEG)
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled wait returned %v", err)
	}
	<-shrinkSlot
	if _, _, err := shrinkPhoto(context.Background(), "never-opened.jpg", media.JPEG); !IsFileRule(err, RuleUnreadable) {
		t.Errorf("with the slot free: %v", err)
	}
	if len(shrinkSlot) != 0 {
		t.Error("a finished shrink kept the slot")
	}
}
