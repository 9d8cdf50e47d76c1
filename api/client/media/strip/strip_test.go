package strip_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/strip"
)

// secrets are what testdata/make-fixtures.sh wrote into the photos besides the
// picture: none may be left in a cleaned file.
var secrets = []string{"Taras-Shevchenko", "SN-0451-7734", "Khreshchatyk", "taken-at-home", "Canon", "EOS-R6", "ExifTool"}

func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// clean plans b and reads the result whole, through ReadAt in odd-sized reads so
// that piece boundaries are crossed, and through WriteTo, which must agree.
func clean(t testing.TB, b []byte, f media.Format) ([]byte, *strip.Result) {
	t.Helper()
	r, err := strip.Plan(bytes.NewReader(b), int64(len(b)), f)
	if err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if _, err := r.WriteTo(&w); err != nil {
		t.Fatal(err)
	}
	var viaAt []byte
	buf := make([]byte, 77)
	for off := int64(0); ; {
		n, err := r.ReadAt(buf, off)
		viaAt = append(viaAt, buf[:n]...)
		off += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(w.Bytes(), viaAt) || int64(w.Len()) != r.Size {
		t.Fatalf("WriteTo (%d bytes), ReadAt (%d) and Size (%d) disagree", w.Len(), len(viaAt), r.Size)
	}
	return w.Bytes(), r
}

func assertNoSecrets(t *testing.T, b []byte) {
	t.Helper()
	for _, s := range secrets {
		if bytes.Contains(b, []byte(s)) {
			t.Errorf("%q is still in the cleaned file", s)
		}
	}
	if bytes.Contains(b, []byte{0x88, 0x25}) || bytes.Contains(b, []byte{0x25, 0x88}) {
		t.Error("a GPS IFD pointer (tag 0x8825) is still in the file")
	}
}

// scanData returns a JPEG's bytes from its first start of scan to the end of image:
// the coded pixels and the tables between progressive scans.
func scanData(t *testing.T, b []byte) []byte {
	t.Helper()
	i := bytes.Index(b, []byte{0xFF, 0xDA})
	j := bytes.LastIndex(b, []byte{0xFF, 0xD9})
	if i < 0 || j < i {
		t.Fatal("no scan in the JPEG")
	}
	return b[i : j+2]
}

func samePixels(t *testing.T, a, b image.Image) {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v, want %v", b.Bounds(), a.Bounds())
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				t.Fatalf("pixel (%d, %d) differs", x, y)
			}
		}
	}
}

func TestJPEGLosesGPSKeepsOrientationAndPixels(t *testing.T) {
	in := read(t, "gps.jpg")
	// A phone's habit: a second picture after the end of the first.
	in = append(bytes.Clone(in), []byte("MPF trailer Taras-Shevchenko")...)
	out, res := clean(t, in, media.JPEG)
	assertNoSecrets(t, out)
	if got := media.Orientation(bytes.NewReader(out)); got != 6 || res.Orientation != 6 {
		t.Errorf("orientation %d (result %d), want 6", got, res.Orientation)
	}
	if !bytes.Equal(scanData(t, in), scanData(t, out)) {
		t.Error("the coded data changed")
	}
	a, err := jpeg.Decode(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	b, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, a, b)
	for _, k := range []string{"Exif", "XMP", "IPTC", "comment", "trailer"} {
		if !strings.Contains(strings.Join(res.Removed, ","), k) {
			t.Errorf("removed %v, want %s among them", res.Removed, k)
		}
	}
	if len(out) > len(in) || len(out) > 2000 {
		t.Errorf("%d bytes from %d", len(out), len(in))
	}
	// Cleaning a clean file changes nothing.
	again, res2 := clean(t, out, media.JPEG)
	if !bytes.Equal(again, out) || res2.Changed() {
		t.Errorf("a second pass changed the file (removed %v)", res2.Removed)
	}
}

// A JPEG without metadata, as image/jpeg writes it, goes out byte for byte.
func TestPlainJPEGUnchanged(t *testing.T) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 9, 7)), nil); err != nil {
		t.Fatal(err)
	}
	out, res := clean(t, b.Bytes(), media.JPEG)
	if !bytes.Equal(out, b.Bytes()) || res.Changed() || res.Orientation != 1 {
		t.Fatalf("changed: %v", res.Removed)
	}
}

// The ICC profile and Adobe's colour transform stay; a JFIF thumbnail goes.
func TestJPEGKeepsColourDropsThumbnail(t *testing.T) {
	in := read(t, "gps.jpg")
	icc := seg(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), bytes.Repeat([]byte{7}, 40)...))
	adobe := seg(0xEE, []byte("Adobe\x00\x64\x00\x00\x00\x00\x01"))
	jfif := seg(0xE0, append([]byte("JFIF\x00\x01\x02\x01\x00\x48\x00\x48\x02\x01"), bytes.Repeat([]byte{9}, 6)...))
	doc := append(append(append(append([]byte{0xFF, 0xD8}, jfif...), icc...), adobe...), in[2:]...)
	out, res := clean(t, doc, media.JPEG)
	if !bytes.Contains(out, icc) || !bytes.Contains(out, adobe) {
		t.Error("the ICC profile or the Adobe segment was dropped")
	}
	wantJFIF := seg(0xE0, []byte("JFIF\x00\x01\x02\x01\x00\x48\x00\x48\x00\x00"))
	if !bytes.HasPrefix(out[2:], wantJFIF) {
		t.Errorf("JFIF header % x", out[2:22])
	}
	if !strings.Contains(strings.Join(res.Removed, ","), "thumbnail") {
		t.Errorf("removed %v", res.Removed)
	}
	// The orientation's Exif comes right after JFIF.
	if !bytes.HasPrefix(out[2+len(wantJFIF):], []byte{0xFF, 0xE1, 0, 34, 'E', 'x', 'i', 'f'}) {
		t.Errorf("no Exif after JFIF: % x", out[2+len(wantJFIF):2+len(wantJFIF)+8])
	}
	if _, err := jpeg.Decode(bytes.NewReader(out)); err != nil {
		t.Fatal(err)
	}
}

func seg(marker byte, payload []byte) []byte {
	n := len(payload) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, payload...)
}

func TestPNGLosesTextAndExifKeepsOrientation(t *testing.T) {
	in := read(t, "gps.png")
	out, res := clean(t, in, media.PNG)
	assertNoSecrets(t, out)
	if res.Orientation != 6 {
		t.Errorf("orientation %d, want 6", res.Orientation)
	}
	i := bytes.Index(out, []byte("eXIf"))
	if i < 4 || media.ExifOrientation(out[i+4:]) != 6 {
		t.Fatal("no eXIf chunk with orientation 6")
	}
	a, err := png.Decode(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(out)) // checks every CRC
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, a, b)
	if idat := bytes.Index(in, []byte("IDAT")); !bytes.Contains(out, in[idat-4:]) {
		t.Error("the image data and what follows it changed")
	}
}

// extendedWebP wraps a simple WebP's VP8 chunk in an extended one with the Exif
// block of gps.jpg and an XMP packet, as a camera app writes it.
func extendedWebP(t *testing.T) []byte {
	t.Helper()
	plain := read(t, "plain.webp")
	vp8 := plain[12:]
	jpg := read(t, "gps.jpg")
	i := bytes.Index(jpg, []byte("Exif\x00\x00"))
	n := int(binary.BigEndian.Uint16(jpg[i-2:])) - 2
	exif := jpg[i+6 : i+n]
	chunk := func(typ string, p []byte) []byte {
		c := append([]byte(typ), binary.LittleEndian.AppendUint32(nil, uint32(len(p)))...)
		c = append(c, p...)
		if len(p)%2 == 1 {
			c = append(c, 0)
		}
		return c
	}
	vp8x := []byte{0x08 | 0x04, 0, 0, 0, 63, 0, 0, 47, 0, 0}
	body := append(append(append(chunk("VP8X", vp8x), vp8...), chunk("EXIF", exif)...),
		chunk("XMP ", []byte("<x:xmpmeta>Taras-Shevchenko Khreshchatyk</x:xmpmeta>"))...)
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...),
		append([]byte("WEBP"), body...)...)
}

func TestWebPLosesExifAndXMPKeepsOrientation(t *testing.T) {
	in := extendedWebP(t)
	if _, err := webp.Decode(bytes.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	out, res := clean(t, in, media.WebP)
	assertNoSecrets(t, out)
	if res.Orientation != 6 || out[20]&0x0C != 0x08 {
		t.Errorf("orientation %d, VP8X flags %#x: want 6 and EXIF alone", res.Orientation, out[20])
	}
	if got := binary.LittleEndian.Uint32(out[4:]); int(got) != len(out)-8 {
		t.Errorf("RIFF length %d for %d bytes", got, len(out))
	}
	i := bytes.Index(out, []byte("EXIF"))
	if i < 0 || media.ExifOrientation(out[i+8:]) != 6 {
		t.Fatal("no EXIF chunk with orientation 6")
	}
	a, _ := webp.Decode(bytes.NewReader(in))
	b, err := webp.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, a, b)
	// A simple WebP has nothing to lose.
	plain := read(t, "plain.webp")
	if out, res := clean(t, plain, media.WebP); !bytes.Equal(out, plain) || res.Changed() {
		t.Errorf("plain WebP changed: %v", res.Removed)
	}
}

func TestHEICExifAndXMPOverwrittenInPlace(t *testing.T) {
	in := read(t, "gps.heic")
	out, res := clean(t, in, media.HEIC)
	assertNoSecrets(t, out)
	if len(out) != len(in) {
		t.Fatalf("%d bytes from %d: a HEIC must keep its length", len(out), len(in))
	}
	if !strings.Contains(strings.Join(res.Removed, ","), "Exif") || !strings.Contains(strings.Join(res.Removed, ","), "XMP") {
		t.Errorf("removed %v", res.Removed)
	}
	// Only the items changed: the coded picture (mdat, past the metadata) is intact.
	diff := 0
	for i := range in {
		if in[i] != out[i] {
			diff++
		}
	}
	if diff == 0 || diff > 3000 {
		t.Errorf("%d bytes differ", diff)
	}
}

// A HEIC without a meta box cannot be cleaned, and says so.
func TestHEICWithoutItemTable(t *testing.T) {
	b := append([]byte{0, 0, 0, 16}, "ftypheic\x00\x00\x00\x00"...)
	_, err := strip.Plan(bytes.NewReader(b), int64(len(b)), media.HEIC)
	var ce *strip.CannotError
	if err == nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), "location and camera data cannot be removed") {
		t.Fatalf("err %v", err)
	}
}
