package detail

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api/client/media/mediatest"
	"github.com/listings-tui/listings/tui/termimg"
)

// BenchmarkShowPhoto12MP is what showing a 12 MP camera photo costs once it is
// downloaded: the bounded decode, the half-blocks, and the encoding for each protocol
// (each picture is made once per photo and box, in a command). peak-heap-MB is the
// most the heap held during one showing, sampled every 0.5 ms; pic-KB what is sent.
func BenchmarkShowPhoto12MP(b *testing.B) {
	path := filepath.Join(b.TempDir(), "camera.jpg")
	mediatest.CameraJPEG(b, path, 4000, 3000)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []termimg.Protocol{termimg.Blocks, termimg.Kitty, termimg.ITerm, termimg.Sixel} {
		b.Run(p.String(), func(b *testing.B) {
			caps := termimg.Caps{Protocol: p, CellW: 10, CellH: 20}
			var peak uint64
			var sent int
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				runtime.GC()
				stop := mediatest.HeapPeak()
				b.StartTimer()
				img, err := decodeImage(data)
				if err != nil {
					b.Fatal(err)
				}
				blocks := termimg.HalfBlocks(img, previewCols, previewRows, termenv.TrueColor)
				pic, err := termimg.Encode("camera.jpg", img, caps, previewCols, previewRows)
				if err != nil || blocks == "" {
					b.Fatal(err)
				}
				sent = len(pic.Data)
				b.StopTimer()
				peak = max(peak, stop())
				b.StartTimer()
			}
			b.ReportMetric(float64(len(data))/(1<<20), "file-MB")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(sent)/1024, "pic-KB")
		})
	}
}
