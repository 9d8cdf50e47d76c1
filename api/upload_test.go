package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
)

// testImage is a horizontal gradient; the left half is transparent when alpha. Rows are
// copied rather than drawn pixel by pixel, which keeps -race runs fast.
func testImage(w, h int, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		a := uint8(255)
		if alpha && x < w/2 {
			a = 0
		}
		img.SetNRGBA(x, 0, color.NRGBA{R: uint8(x), G: uint8(x / 3), B: 90, A: a})
	}
	for y := 1; y < h; y++ {
		copy(img.Pix[y*img.Stride:], img.Pix[:w*4])
	}
	return img
}

func pngBytes(t testing.TB, w, h int, alpha bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, testImage(w, h, alpha)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// jpegWithOrientation encodes a w×h JPEG carrying EXIF orientation o.
func jpegWithOrientation(t testing.TB, w, h int, o uint16) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, testImage(w, h, false), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	_ = binary.Write(&tiff, binary.BigEndian, uint32(8))
	_ = binary.Write(&tiff, binary.BigEndian, []uint16{1, 0x0112, 3})
	_ = binary.Write(&tiff, binary.BigEndian, uint32(1))
	_ = binary.Write(&tiff, binary.BigEndian, []uint16{o, 0})
	_ = binary.Write(&tiff, binary.BigEndian, uint32(0))
	app1 := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(app1)+2))
	out = append(out, app1...)
	return append(out, buf.Bytes()[2:]...)
}

func writeFile(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// received is what the fake upload endpoint saw.
type received struct {
	mu            sync.Mutex
	contentLength int64
	bodyLen       int64
	field, name   string
	ctype         string
	data          []byte
}

func uploadServer(t *testing.T, result string) (*received, string, func() int64) {
	rec := &received{}
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			reply(w, 400, `{"ok":false,"error":"read"}`)
			return
		}
		_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		part, err := mr.NextPart()
		if err != nil {
			reply(w, 400, `{"ok":false,"error":"multipart"}`)
			return
		}
		data, _ := io.ReadAll(part)
		rec.mu.Lock()
		rec.contentLength, rec.bodyLen = r.ContentLength, int64(len(body))
		rec.field, rec.name, rec.ctype, rec.data = part.FormName(), part.FileName(), part.Header.Get("Content-Type"), data
		rec.mu.Unlock()
		if _, err := mr.NextPart(); err != io.EOF {
			reply(w, 400, `{"ok":false,"error":"extra part"}`)
			return
		}
		reply(w, 201, result)
	})
	return rec, srv.URL, n.Load
}

func TestUploadPhotoStreams(t *testing.T) {
	rec, url, count := uploadServer(t, `{"ok":true,"url":"https://m/a.webp","url_wm":"https://m/a-wm.webp","width":40,"height":30}`)
	data := pngBytes(t, 40, 30, false)
	path := writeFile(t, `my "best" photo.png`, data)
	c := newClient(t, url, newClock())
	var last, total int64
	var calls int
	res, err := c.UploadPhoto(context.Background(), path, func(sent, tot int64) {
		if sent < last {
			t.Errorf("progress went back from %d to %d", last, sent)
		}
		last, total = sent, tot
		calls++
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.URL != "https://m/a.webp" || res.URLWM != "https://m/a-wm.webp" || res.Width != 40 {
		t.Errorf("result %+v", res)
	}
	if rec.contentLength != rec.bodyLen || rec.contentLength <= int64(len(data)) {
		t.Errorf("Content-Length %d, body %d bytes", rec.contentLength, rec.bodyLen)
	}
	if last != total || total != rec.bodyLen || calls < 2 {
		t.Errorf("progress ended at %d/%d after %d calls, body %d", last, total, calls, rec.bodyLen)
	}
	if rec.field != "file" || rec.name != `my "best" photo.png` || rec.ctype != "image/png" || !bytes.Equal(rec.data, data) {
		t.Errorf("part %q %q %q, %d bytes (same: %v)", rec.field, rec.name, rec.ctype, len(rec.data), bytes.Equal(rec.data, data))
	}
	if count() != 1 {
		t.Errorf("%d requests", count())
	}
}

func TestUploadVideo(t *testing.T) {
	for _, tt := range []struct{ file, ctype string }{
		{"clip5s.mp4", "video/mp4"},
		{"clip5s.webm", "video/webm"},
	} {
		rec, url, _ := uploadServer(t, `{"ok":true,"url":"https://m/v.mp4","thumbnail":"https://m/v.png"}`)
		c := newClient(t, url, newClock())
		path := filepath.Join("testdata", tt.file)
		chk, err := api.CheckVideo(path)
		if err != nil || chk.Duration.Seconds() < 4.9 || chk.Duration.Seconds() > 5.1 {
			t.Fatalf("%s: check %+v err %v", tt.file, chk, err)
		}
		res, err := c.UploadVideo(context.Background(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(path)
		if res.Thumbnail != "https://m/v.png" || rec.ctype != tt.ctype || !bytes.Equal(rec.data, want) ||
			rec.contentLength != rec.bodyLen {
			t.Errorf("%s: res %+v, part %q %d bytes, CL %d body %d", tt.file, res, rec.ctype, len(rec.data),
				rec.contentLength, rec.bodyLen)
		}
	}
}

// sparse writes head and extends the file to size without writing the rest.
func sparse(t *testing.T, name string, head []byte, size int64) string {
	t.Helper()
	p := writeFile(t, name, head)
	if err := os.Truncate(p, size); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUploadPreChecks(t *testing.T) {
	_, url, count := uploadServer(t, `{"ok":true}`)
	c := newClient(t, url, newClock())
	heic, _ := os.ReadFile("testdata/photo.heic")
	mp4, _ := os.ReadFile("testdata/clip5s.mp4")
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00")
	dir := t.TempDir()
	photo := func(p string) error { _, err := c.UploadPhoto(context.Background(), p, nil); return err }
	video := func(p string) error { _, err := c.UploadVideo(context.Background(), p, nil); return err }
	tests := []struct {
		name   string
		upload func(string) error
		path   string
		rule   string
		msg    string
	}{
		{"text", photo, writeFile(t, "notes.txt", []byte("hello, world")), api.RuleFormat,
			"notes.txt: is not a JPG, PNG, WebP or HEIC image (its content is not a known format)"},
		{"gif", photo, writeFile(t, "anim.gif", gif), api.RuleFormat, "anim.gif: is not a JPG, PNG, WebP or HEIC image (its content is GIF)"},
		{"empty", photo, writeFile(t, "empty.jpg", nil), api.RuleFormat, "empty.jpg: is empty"},
		{"missing", photo, filepath.Join(dir, "gone.jpg"), api.RuleUnreadable, "gone.jpg: cannot be opened: no such file or directory"},
		{"directory", photo, dir, api.RuleUnreadable, "is not a regular file"},
		{"heic too big", photo, sparse(t, "photo.heic", heic, 14*(1<<20)+(1<<19)), api.RuleSize,
			"photo.heic: 15.2 MB is over the 12 MB limit, and a HEIC photo cannot be shrunk here"},
		{"broken png", photo, writeFile(t, "broken.png", []byte("\x89PNG\r\n\x1a\nxxxx")), api.RuleFormat,
			"broken.png: looks like a PNG but its header cannot be read"},
		{"video as photo", photo, "testdata/clip5s.mp4", api.RuleFormat, "clip5s.mp4: is not a JPG, PNG, WebP or HEIC image (its content is MP4)"},
		{"photo as video", video, "testdata/photo.heic", api.RuleFormat, "photo.heic: is not an MP4, MOV or WebM video (its content is HEIC)"},
		{"long video", video, "testdata/clip61s.mp4", api.RuleDuration, "clip61s.mp4: 61 s is over the 60 s limit for a video"},
		{"big video", video, sparse(t, "big.mp4", mp4, 51<<20), api.RuleSize, "big.mp4: 53 477 376 bytes (53.5 MB) is over the 50 MB limit for a video"},
	}
	for _, tt := range tests {
		err := tt.upload(tt.path)
		if !api.IsFileRule(err, tt.rule) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want rule %s ~%q", tt.name, err, tt.rule, tt.msg)
		}
	}
	if count() != 0 {
		t.Errorf("%d requests spent on refused files", count())
	}
	chk, err := api.CheckPhoto("testdata/photo.heic")
	if err != nil || chk.Format != media.HEIC || chk.Shrink {
		t.Errorf("small HEIC: %+v %v", chk, err)
	}
}

func decodeSent(t *testing.T, rec *received) (image.Image, string) {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(rec.data))
	if err != nil {
		t.Fatalf("sent image does not decode: %v", err)
	}
	return img, format
}

func TestUploadShrinks(t *testing.T) {
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":1600,"height":400}`)
	c := newClient(t, url, newClock())

	wide := writeFile(t, "wide.png", pngBytes(t, 3360, 420, false))
	chk, err := api.CheckPhoto(wide)
	if err != nil || !chk.Shrink || chk.Width != 3360 || chk.Height != 420 {
		t.Fatalf("check %+v err %v", chk, err)
	}
	if _, err := c.UploadPhoto(context.Background(), wide, nil); err != nil {
		t.Fatal(err)
	}
	img, format := decodeSent(t, rec)
	if format != "jpeg" || img.Bounds().Dx() != 1600 || img.Bounds().Dy() != 200 || rec.name != "wide.jpg" ||
		rec.ctype != "image/jpeg" {
		t.Errorf("sent %s %v as %q %q", format, img.Bounds(), rec.name, rec.ctype)
	}

	// Transparency survives as PNG.
	clear := writeFile(t, "clear.png", pngBytes(t, 3300, 20, true))
	if _, err := c.UploadPhoto(context.Background(), clear, nil); err != nil {
		t.Fatal(err)
	}
	if img, format := decodeSent(t, rec); format != "png" || img.Bounds().Dx() != 1600 || rec.name != "clear.png" {
		t.Errorf("transparent photo sent as %s %v %q", format, img.Bounds(), rec.name)
	}

	// EXIF orientation 6 (turned 90°) is applied before fitting.
	turned := writeFile(t, "turned.jpg", jpegWithOrientation(t, 3400, 100, 6))
	if _, err := c.UploadPhoto(context.Background(), turned, nil); err != nil {
		t.Fatal(err)
	}
	if img, _ := decodeSent(t, rec); img.Bounds().Dy() != 1600 || img.Bounds().Dx() > 50 {
		t.Errorf("oriented photo sent as %v", img.Bounds())
	}

	// A small photo goes as it is.
	small := pngBytes(t, 1200, 900, false)
	if _, err := c.UploadPhoto(context.Background(), writeFile(t, "small.png", small), nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rec.data, small) {
		t.Error("a small photo was re-encoded")
	}
}

func TestUploadShrinksOverSize(t *testing.T) {
	// Stored without compression, a 2100×2100 photo is over 12 MB although its sides
	// are under the 3 200 px that would trigger a shrink on their own.
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, testImage(2100, 2100, false)); err != nil {
		t.Fatal(err)
	}
	if buf.Len() <= media.MaxPhotoBytes {
		t.Fatalf("fixture is only %d bytes", buf.Len())
	}
	path := writeFile(t, "big.png", buf.Bytes())
	chk, err := api.CheckPhoto(path)
	if err != nil || !chk.Shrink {
		t.Fatalf("check %+v err %v", chk, err)
	}
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u"}`)
	c := newClient(t, url, newClock())
	if _, err := c.UploadPhoto(context.Background(), path, nil); err != nil {
		t.Fatal(err)
	}
	if sent, format := decodeSent(t, rec); sent.Bounds().Dx() != 1600 || format != "jpeg" || len(rec.data) > media.MaxPhotoBytes {
		t.Errorf("sent %s %v, %d bytes", format, sent.Bounds(), len(rec.data))
	}
}
