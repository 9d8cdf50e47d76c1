package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
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

// BenchmarkDecodePage reads a page of 100 listings as the service sends them, field by
// field (fields.go).
func BenchmarkDecodePage(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"ok":true,"lang":"uk","count":100,"next_cursor":900,"listings":[`)
	for i := range 100 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"id":%d,"slug":"velosyped-%d","title":"Велосипед гірський Trek Marlin 7, рама L #%d","price":"15000.50","currency":"UAH",`+
			`"condition":"used","city":"Київ","status":"active","views":%d,"vip":false,"top":true,"vip_until":null,`+
			`"top_until":"2026-12-01 10:00:00","photo":"https://media.example.com/p/%d.webp","photos":["https://media.example.com/p/%d.webp"],`+
			`"url":"https://example.com/l/%d","created_at":"2026-11-21 16:15:00"}`, 10000+i, i, i, i*7, i, i, i)
	}
	sb.WriteString(`]}`)
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var p api.ListPage
		if err := json.Unmarshal(data, &p); err != nil || len(p.Listings) != 100 {
			b.Fatal(err)
		}
	}
}
