package mediastore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

	gwebp "github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/mediatest"
)

// halves returns a w×h image whose left half is red and right half blue.
func halves(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{220, 20, 20, 255}
			if x >= w/2 {
				c = color.RGBA{20, 20, 220, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withOrientation inserts a little-endian Exif APP1 segment stating orientation o.
func withOrientation(jpg []byte, o uint16) []byte {
	le := binary.LittleEndian
	tiff := le.AppendUint32([]byte("II*\x00"), 8)
	tiff = le.AppendUint16(tiff, 1)
	tiff = le.AppendUint16(le.AppendUint16(tiff, 0x0112), 3)
	tiff = le.AppendUint16(le.AppendUint16(le.AppendUint32(tiff, 1), o), 0)
	tiff = le.AppendUint32(tiff, 0)
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(app1)+2))
	return append(append(out, app1...), jpg[2:]...)
}

// fetch GETs /media/name from s and decodes the WebP it returns.
func fetchWebP(t *testing.T, s *Store, name string) image.Image {
	t.Helper()
	body, resp := get(t, s, name, nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("GET %s: %d %s", name, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if f := media.Sniff(body); f != media.WebP {
		t.Fatalf("%s is %s, not WebP", name, f)
	}
	img, err := xwebp.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	return img
}

func get(t *testing.T, s *Store, name string, hdr http.Header) ([]byte, *http.Response) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/media/"+name, nil)
	for k, v := range hdr {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Body.Bytes(), rec.Result()
}

func mustNew(t testing.TB, dir string) *Store {
	t.Helper()
	s, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func webpBytes(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gwebp.Encode(&b, img, gwebp.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPutPhotoFormats(t *testing.T) {
	s := mustNew(t, "")
	heicFile, err := os.ReadFile(filepath.Join("..", "..", "..", "client", "media", "testdata", "photo.heic"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		file []byte
		w, h int
	}{
		{"wide jpeg is shrunk", encodeJPEG(t, halves(1800, 120)), 1600, 107},
		{"tall png is shrunk", encodePNG(t, halves(200, 1700)), 188, 1600},
		{"small png is not enlarged", encodePNG(t, halves(300, 200)), 300, 200},
		{"webp", webpBytes(t, halves(640, 480)), 640, 480},
		{"heic", heicFile, 320, 240},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := s.PutPhoto(bytes.NewReader(c.file))
			if err != nil {
				t.Fatal(err)
			}
			if p.Width != c.w || p.Height != c.h {
				t.Errorf("size %dx%d, want %dx%d", p.Width, p.Height, c.w, c.h)
			}
			if !strings.HasPrefix(p.Name, "p/") || !strings.HasSuffix(p.Name, ".webp") ||
				p.NameWM != strings.TrimSuffix(p.Name, ".webp")+"_wm.webp" {
				t.Errorf("names %q %q", p.Name, p.NameWM)
			}
			plain, marked := fetchWebP(t, s, p.Name), fetchWebP(t, s, p.NameWM)
			if plain.Bounds().Dx() != c.w || plain.Bounds().Dy() != c.h || marked.Bounds() != plain.Bounds() {
				t.Errorf("stored sizes %v and %v", plain.Bounds(), marked.Bounds())
			}
			assertMarked(t, plain, marked)
		})
	}
}

// markStats compares an image with its watermarked copy: the share of pixels that
// changed clearly, and the mean change over the top-left quarter, which the mark in
// the bottom-right corner must leave alone.
func markStats(a, b image.Image) (changed, topLeft float64) {
	r := a.Bounds()
	var n, tl, tlN float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := 0
			for _, c := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
				d = max(d, c, -c)
			}
			if d > 40 {
				n++
			}
			if x < r.Min.X+r.Dx()/2 && y < r.Min.Y+r.Dy()/2 {
				tl += float64(d)
				tlN++
			}
		}
	}
	return n / float64(r.Dx()*r.Dy()), tl / max(tlN, 1)
}

// assertMarked fails unless marked carries a visible mark in the corner only.
func assertMarked(t *testing.T, plain, marked image.Image) {
	t.Helper()
	changed, topLeft := markStats(plain, marked)
	if changed < 0.003 || topLeft > 8 { // lossy coding shifts some pixels everywhere
		t.Errorf("watermark: %.2f%% of pixels changed clearly, top-left mean change %.1f", 100*changed, topLeft)
	}
}

func TestPutPhotoOrientation(t *testing.T) {
	s := mustNew(t, "")
	// Stored sideways: red on the left. Orientation 6 turns it clockwise, so red
	// ends on top.
	p, err := s.PutPhoto(bytes.NewReader(withOrientation(encodeJPEG(t, halves(80, 40)), 6)))
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 40 || p.Height != 80 {
		t.Fatalf("size %dx%d, want 40x80", p.Width, p.Height)
	}
	img := fetchWebP(t, s, p.Name)
	top, _, _, _ := img.At(20, 10).RGBA()
	bottom, _, _, _ := img.At(20, 70).RGBA()
	if top>>8 < 150 || bottom>>8 > 100 {
		t.Errorf("not turned: red at top %d, at bottom %d", top>>8, bottom>>8)
	}
}

// countingReader yields endless zeros after a prefix and counts what was read.
type countingReader struct {
	prefix []byte
	n      int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k := copy(p, c.prefix)
	c.prefix = c.prefix[k:]
	clear(p[k:])
	c.n += int64(len(p))
	return len(p), nil
}

func TestPutPhotoTooLarge(t *testing.T) {
	s := mustNew(t, "")
	r := &countingReader{prefix: []byte{0xFF, 0xD8, 0xFF}}
	if _, err := s.PutPhoto(r); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if r.n != media.MaxPhotoBytes+1 {
		t.Errorf("read %d bytes, want %d", r.n, media.MaxPhotoBytes+1)
	}
	// A small file claiming an enormous canvas is refused before it is decoded.
	huge := encodePNG(t, image.NewGray(image.Rect(0, 0, 8, 8)))
	binary.BigEndian.PutUint32(huge[16:], 40000)
	binary.BigEndian.PutUint32(huge[20:], 40000)
	binary.BigEndian.PutUint32(huge[29:], crc32.ChecksumIEEE(huge[12:29]))
	if _, err := s.PutPhoto(bytes.NewReader(huge)); !errors.Is(err, ErrTooLarge) ||
		!strings.Contains(err.Error(), "it is 40000×40000 px (1600 megapixels, a grey PNG): decoding it would take 1.5 GiB") {
		t.Errorf("40000x40000 PNG: err = %v, want ErrTooLarge", err)
	}
}

// TestPutPhotoBoundsTheDecode: a photo is refused from its header when converting it
// would take more than the bound, before anything is decoded: a progressive CMYK JPEG
// of 7000×7000 px (0.4 MB; 1.1 GiB to decode), a 16-bit PNG of that size (394 MB), a
// HEIC over what the WebAssembly decoder may take. A 48 MP phone JPEG is converted.
func TestPutPhotoBoundsTheDecode(t *testing.T) {
	testrace.Heavy(t)
	s := mustNew(t, "")
	for name, file := range map[string][]byte{
		"progressive CMYK JPEG": mediatest.JPEG(7000, 7000, mediatest.CMYK, true),
		"16-bit PNG":            mediatest.PNGHeader(7000, 7000, 16, 6, false),
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := s.PutPhoto(bytes.NewReader(file))
		runtime.ReadMemStats(&after)
		var tooBig *media.TooBigError
		if !errors.Is(err, ErrTooLarge) || !errors.As(err, &tooBig) {
			t.Errorf("%s: err = %v, want ErrTooLarge", name, err)
		}
		// The file itself, read in, and the header.
		if n := after.TotalAlloc - before.TotalAlloc; n > uint64(len(file))+2<<20 {
			t.Errorf("%s: refusing it allocated %.1f MB", name, float64(n)/(1<<20))
		}
	}

	heicFile, err := os.ReadFile(filepath.Join("..", "..", "..", "client", "media", "testdata", "photo.heic"))
	if err != nil {
		t.Fatal(err)
	}
	defer func(b int64) { maxHEICBytes = b }(maxHEICBytes)
	maxHEICBytes = 2 << 20
	_, err = s.PutPhoto(bytes.NewReader(heicFile))
	const want = "it is 320×240 px (0.1 megapixels, a HEIC photo, which the sandbox decodes at about 36 bytes a pixel): " +
		"decoding it would take 3.4 MiB of memory, over the 2.0 MiB that a photo may take here; export it at 254×191 px or smaller, " +
		"or save it as a JPEG, which takes 0.9 MiB"
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), want) {
		t.Errorf("HEIC over its bound: %v\nwant %s", err, want)
	}
	maxHEICBytes = 1 << 30

	p, err := s.PutPhoto(bytes.NewReader(mediatest.JPEG(8064, 6048, mediatest.YCbCr420, false)))
	if err != nil || p.Width != 1600 || p.Height != 1200 {
		t.Errorf("48 MP JPEG: %+v %v", p, err)
	}
}

func TestPutPhotoUnsupported(t *testing.T) {
	s := mustNew(t, "")
	cases := map[string]struct {
		file []byte
		says string
	}{
		"gif":         {[]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "GIF"},
		"text":        {[]byte("hello"), "not a recognised image"},
		"avif":        {append([]byte("\x00\x00\x00\x18ftypavif\x00\x00\x00\x00avifmif1"), make([]byte, 32)...), "AVIF"},
		"mp4":         {append([]byte("\x00\x00\x00\x14ftypisom\x00\x00\x00\x00isom"), make([]byte, 32)...), "MP4"},
		"broken jpeg": {[]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 2}, "does not decode"},
		"broken heic": {append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 64)...), "the HEIC container cannot be read"},
		"empty":       {nil, "not a recognised image"},
	}
	for name, c := range cases {
		_, err := s.PutPhoto(bytes.NewReader(c.file))
		if !errors.Is(err, ErrUnsupportedImage) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: err = %v, want ErrUnsupportedImage saying %q", name, err, c.says)
		}
	}
}

func TestPutPhotoParallel(t *testing.T) {
	s := mustNew(t, t.TempDir())
	file := encodePNG(t, halves(64, 48))
	var wg sync.WaitGroup
	names := make([]string, 8)
	errs := make([]error, len(names))
	for i := range names {
		wg.Go(func() {
			p, err := s.PutPhoto(bytes.NewReader(file))
			names[i], errs[i] = p.Name, err
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, n := range names {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if seen[n] {
			t.Fatalf("name %s handed out twice", n)
		}
		seen[n] = true
		fetchWebP(t, s, n)
	}
}

func BenchmarkPutPhoto(b *testing.B) {
	// "photo" is smooth with fine grain, like a camera picture (about 3 MiB as JPEG);
	// "noise" is high-frequency everywhere, the worst case for both codecs.
	photo := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	noise := image.NewYCbCr(photo.Rect, image.YCbCrSubsampleRatio420)
	for y := range 3000 {
		for x := range 4000 {
			i := y*photo.YStride + x
			photo.Y[i] = uint8((x/20+y/15)%200 + (x*y)%23)
			noise.Y[i] = uint8(i * 7 % 251)
		}
	}
	for i := range photo.Cb {
		photo.Cb[i], photo.Cr[i] = uint8(100+i/2000%60), uint8(140-i/3000%50)
		noise.Cb[i], noise.Cr[i] = uint8(i%200), uint8(255-i%180)
	}
	for name, img := range map[string]image.Image{"photo": photo, "noise": noise} {
		file := encodeJPEG(b, img)
		b.Run(name, func(b *testing.B) {
			s := mustNew(b, "")
			b.SetBytes(int64(len(file)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.PutPhoto(bytes.NewReader(file)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Example shows the names a photo gets.
func ExampleStore_SeedPhoto() {
	s, _ := New("")
	name, wm := s.SeedPhoto(7)
	fmt.Println(name, wm)
	// Output: seed/7.webp seed/7_wm.webp
}
