package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// A photo with a GPS position leaves without it, upright, its coded pixels as they
// were; with WithKeepMetadata(true) it leaves byte for byte.
func TestUploadPhotoRemovesLocation(t *testing.T) {
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":64,"height":48}`)
	in := striptest.ReadGPSPhoto()
	path := writeFile(t, "gps.jpg", in)
	if !striptest.HasGPS(in) {
		t.Fatal("the fixture has no GPS")
	}

	if _, err := newClient(t, url, newClock()).UploadPhoto(context.Background(), path, nil); err != nil {
		t.Fatal(err)
	}
	striptest.AssertCleaned(t, rec.data, in)
	if rec.contentLength != rec.bodyLen {
		t.Errorf("Content-Length %d for a body of %d", rec.contentLength, rec.bodyLen)
	}

	keep := newClient(t, url, newClock(), api.WithKeepMetadata(true))
	if _, err := keep.UploadPhoto(context.Background(), path, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rec.data, in) {
		t.Error("--keep-metadata did not send the file as it is")
	}
}

// withGPSExif puts the fixture's Exif block (GPS, serial, owner, orientation 6)
// into a w×h JPEG, as a camera writes a large photo.
func withGPSExif(t *testing.T, w, h int) []byte {
	t.Helper()
	fix := striptest.ReadGPSPhoto()
	i := bytes.Index(fix, []byte("Exif\x00\x00"))
	n := int(binary.BigEndian.Uint16(fix[i-2:]))
	app1 := fix[i-4 : i-2+n]
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	return append(append(append([]byte(nil), b[:2]...), app1...), b[2:]...)
}

// A photo over 3 200 px is encoded afresh: turned upright, with no metadata at all.
func TestShrunkPhotoCarriesNoMetadata(t *testing.T) {
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":100,"height":1600}`)
	path := writeFile(t, "big.jpg", withGPSExif(t, 3400, 100))
	if _, err := newClient(t, url, newClock()).UploadPhoto(context.Background(), path, nil); err != nil {
		t.Fatal(err)
	}
	if striptest.HasGPS(rec.data) || bytes.Contains(rec.data, []byte("Exif")) {
		t.Error("the shrunk photo carries metadata")
	}
	if img, _ := decodeSent(t, rec); img.Bounds().Dy() != 1600 || img.Bounds().Dx() > 50 {
		t.Errorf("shrunk photo sent as %v, want it turned upright", img.Bounds())
	}
	// --keep-metadata sends a photo within the size limit unshrunk, as it is.
	in := withGPSExif(t, 3400, 100)
	keep := newClient(t, url, newClock(), api.WithKeepMetadata(true))
	if _, err := keep.UploadPhoto(context.Background(), writeFile(t, "big.jpg", in), nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rec.data, in) {
		t.Error("--keep-metadata shrank the photo")
	}
}

// A PNG's orientation (its eXIf chunk) is applied when it is shrunk, as a JPEG's is.
func TestShrunkPNGStandsUpright(t *testing.T) {
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":100,"height":1600}`)
	png := pngBytes(t, 3400, 100, false)
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0}
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(tiff)))
	chunk = append(append(chunk, "eXIf"...), tiff...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	at := 8 + 25 // after the signature and IHDR
	doc := append(append(append([]byte(nil), png[:at]...), chunk...), png[at:]...)
	if _, err := newClient(t, url, newClock()).UploadPhoto(context.Background(), writeFile(t, "turned.png", doc), nil); err != nil {
		t.Fatal(err)
	}
	if img, _ := decodeSent(t, rec); img.Bounds().Dy() != 1600 {
		t.Errorf("shrunk PNG sent as %v, want it turned upright", img.Bounds())
	}
}

// A HEIC whose items cannot be found is refused, not sent with its metadata; with
// WithKeepMetadata(true) it goes as it is.
func TestHEICOutOfReachIsRefused(t *testing.T) {
	rec, url, count := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":1,"height":1}`)
	heic := append([]byte{0, 0, 0, 24}, "ftypheic\x00\x00\x00\x00mif1heic"...)
	heic = append(heic, bytes.Repeat([]byte{0}, 64)...)
	path := writeFile(t, "odd.heic", heic)
	_, err := newClient(t, url, newClock()).UploadPhoto(context.Background(), path, nil)
	if !api.IsFileRule(err, api.RuleMetadata) || count() != 0 {
		t.Fatalf("err %v after %d requests", err, count())
	}
	if want := "odd.heic: the HEIC file's location and camera data cannot be removed here"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Errorf("err %q", err)
	}
	keep := newClient(t, url, newClock(), api.WithKeepMetadata(true))
	if _, err := keep.UploadPhoto(context.Background(), path, nil); err != nil || !bytes.Equal(rec.data, heic) {
		t.Fatalf("with --keep-metadata: %v", err)
	}
}

// A HEIC that heif-enc made from the GPS photo (its Exif and XMP kept as items, as an
// iPhone writes them) reaches the sandbox with those items blanked, at its length, and
// the sandbox decodes it.
func TestHEICReachesTheSandboxWithoutLocation(t *testing.T) {
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	capture := &striptest.Capture{}
	hs := httptest.NewServer(capture.Wrap(srv))
	t.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := api.New(hs.URL, api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		t.Fatal(err)
	}
	const path = "client/media/strip/testdata/gps.heic"
	in, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.UploadPhoto(context.Background(), path, nil)
	if err != nil || res.Width != 64 {
		t.Fatalf("%+v %v", res, err)
	}
	got := capture.Photos()
	if len(got) != 1 || len(got[0]) != len(in) || striptest.HasGPS(got[0]) || !striptest.HasGPS(in) {
		t.Errorf("sent %d photos; the HEIC still holds its location or camera data, or changed length", len(got))
	}
}
