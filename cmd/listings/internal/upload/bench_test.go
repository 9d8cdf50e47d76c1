package upload

import (
	"context"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// cameraJPEG writes a 4000×3000 JPEG with a camera's noise and gradients (about 9 MB
// at quality 95), the kind the local shrink exists for.
func cameraJPEG(b *testing.B, path string) {
	b.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	r := rand.New(rand.NewPCG(1, 2))
	for y := range 3000 {
		for x := range 4000 {
			img.Y[y*img.YStride+x] = uint8((x*255/4000+y*255/3000)/2 + r.IntN(48))
		}
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(96+r.IntN(64)), uint8(96+r.IntN(64))
	}
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 95}); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkUploadTwelvePhotos is `listings upload photo` of twelve 4000×3000 camera
// JPEGs as the command runs it (three at a time, each shrunk locally one at a time)
// against the in-process sandbox on loopback with the business key. The sandbox's own
// conversion to WebP runs on the same two cores, so the figure is client and server
// together; the peak RSS of the command alone is in docs/performance.md.
func BenchmarkUploadTwelvePhotos(b *testing.B) {
	dir := b.TempDir()
	first := filepath.Join(dir, "photo01.jpg")
	cameraJPEG(b, first)
	paths := []string{first}
	for i := 2; i <= 12; i++ {
		p := filepath.Join(dir, "photo"+string(rune('0'+i/10))+string(rune('0'+i%10))+".jpg")
		if err := os.Link(first, p); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	c := apitest.Serve(b, sandbox.Options{}).Client(b, sandbox.KeyBusiness)
	if err := c.LearnLimits(context.Background(), 0); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		out := uploadPhotos(context.Background(), c, paths, newBoard(io.Discard, false, paths))
		for _, o := range out {
			if o.Err != nil {
				b.Fatal(o.Err)
			}
		}
	}
}
