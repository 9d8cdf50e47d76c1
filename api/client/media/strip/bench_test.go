package strip_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/strip"
)

// BenchmarkPlanJPEG cleans a 12 MP camera-like JPEG (noise at quality 95: 12.1 MB,
// about the size limit) carrying the fixture's Exif block, and reads the result whole,
// as an upload does: the time and memory of one photo's cleaning (8 ms and 35 KB in
// 18 allocations on the 2-core machine of docs/performance.md).
func BenchmarkPlanJPEG(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Y {
		img.Y[i] = uint8(r.IntN(256))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		b.Fatal(err)
	}
	fix := read(b, "gps.jpg")
	i := bytes.Index(fix, []byte("Exif\x00\x00"))
	app1 := fix[i-4 : i-2+int(binary.BigEndian.Uint16(fix[i-2:]))]
	photo := append(append(append([]byte(nil), buf.Bytes()[:2]...), app1...), buf.Bytes()[2:]...)
	b.SetBytes(int64(len(photo)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := strip.Plan(bytes.NewReader(photo), int64(len(photo)), media.JPEG)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := res.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(photo))/1e6, "MB/photo")
}
