package strip_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/strip"
)

// FuzzPlan cleans anything as each photo format: no panic, an output never more
// than MaxGrowth bytes larger than the input, and ReadAt and WriteTo that agree.
func FuzzPlan(f *testing.F) {
	names, _ := filepath.Glob(filepath.Join("testdata", "*.*"))
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x10, 'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0xFF, 0xDA, 0, 2, 1, 0xFF, 0})
	f.Add([]byte("RIFF\x20\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x0c\x00\x00\x00\x00\x00\x00\x00\x00\x00EXIF\x02\x00\x00\x00MM"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, format := range []media.Format{media.JPEG, media.PNG, media.WebP, media.HEIC} {
			r, err := strip.Plan(bytes.NewReader(b), int64(len(b)), format)
			if err != nil {
				continue
			}
			if r.Size > int64(len(b))+strip.MaxGrowth {
				t.Fatalf("%s: %d bytes out of %d", format, r.Size, len(b))
			}
			var w bytes.Buffer
			if n, err := r.WriteTo(&w); err != nil || n != r.Size {
				t.Fatalf("%s: WriteTo %d of %d: %v", format, n, r.Size, err)
			}
			if r.Size > 0 {
				last := make([]byte, 1)
				if _, err := r.ReadAt(last, r.Size-1); err != nil || last[0] != w.Bytes()[r.Size-1] {
					t.Fatalf("%s: ReadAt of the last byte: %v", format, err)
				}
			}
		}
	})
}
