package api_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/media"
)

// bigPhoto writes a file just under the 12 MB limit: a valid 100×100 PNG header
// followed by filler, which the check accepts without shrinking (the fake server does
// not decode it).
func bigPhoto(b *testing.B) (string, int64) {
	b.Helper()
	head := pngBytes(b, 100, 100, false)
	size := int64(media.MaxPhotoBytes - 1024)
	path := filepath.Join(b.TempDir(), "big.png")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(head); err != nil {
		b.Fatal(err)
	}
	filler := bytes.Repeat([]byte{0x5a}, 64<<10)
	for written := int64(len(head)); written < size; {
		n := min(int64(len(filler)), size-written)
		if _, err := f.Write(filler[:n]); err != nil {
			b.Fatal(err)
		}
		written += n
	}
	return path, size
}

// BenchmarkUploadPhoto12MB shows that an upload streams: bytes allocated per upload
// (client and loopback server together) stay far below the 12 MB sent.
func BenchmarkUploadPhoto12MB(b *testing.B) {
	path, size := bigPhoto(b)
	srv, _ := serve(b, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		reply(w, 201, `{"ok":true,"url":"u","url_wm":"w","width":100,"height":100}`)
	})
	c, err := api.New(srv.URL, api.StaticKey(testKey), api.WithLimits(1<<20, 1<<30))
	if err != nil {
		b.Fatal(err)
	}
	var sent int64
	progress := func(s, _ int64) { sent = s }
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.UploadPhoto(context.Background(), path, progress); err != nil {
			b.Fatal(err)
		}
	}
	if sent < size {
		b.Fatalf("progress ended at %d of %d", sent, size)
	}
}
