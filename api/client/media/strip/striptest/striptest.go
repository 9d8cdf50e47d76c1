// Package striptest is what the tests of the photo uploads share to check what leaves
// the machine: a photo full of metadata (GPSPhoto), a handler front that keeps every
// photo a service receives (Capture), and the checks of a cleaned photo (HasGPS,
// AssertCleaned). It is for tests only.
package striptest

import (
	"bytes"
	"encoding/binary"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
)

// Capture keeps the file part of every photo upload that passes through the handler
// Wrap returns: what the service received, byte for byte, for tests that check what
// left the machine (no GPS, the orientation, the coded pixels).
type Capture struct {
	mu     sync.Mutex
	photos [][]byte
}

// Wrap returns h with every POST to /api/v1/upload/photo recorded first.
func (c *Capture) Wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/upload/photo") {
			body, err := io.ReadAll(r.Body)
			if err == nil {
				c.record(r.Header.Get("Content-Type"), body)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	})
}

func (c *Capture) record(ctype string, body []byte) {
	_, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		part, err := mr.NextPart()
		if err != nil {
			return
		}
		if part.FormName() == "file" {
			data, _ := io.ReadAll(part)
			c.mu.Lock()
			c.photos = append(c.photos, data)
			c.mu.Unlock()
			return
		}
	}
}

// Photos returns the photos received so far, in the order they came.
func (c *Capture) Photos() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.photos...)
}

// GPSPhoto is the path of a 64×48 JPEG that exiftool filled as a camera does: a GPS
// position, the camera's serial number (GPSSecrets lists what identifies), the
// owner's name, XMP, IPTC, a comment, and Exif orientation 6 (api/client/media/strip/
// testdata/make-fixtures.sh made it).
func GPSPhoto() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "gps.jpg")
}

// GPSSecrets are the texts GPSPhoto carries besides its picture.
var GPSSecrets = []string{"Taras-Shevchenko", "SN-0451-7734", "Khreshchatyk", "taken-at-home", "EOS-R6"}

// HasGPS reports whether a photo still holds any of GPSSecrets or an Exif block
// (a TIFF structure, wherever it is) whose first directory points at GPS data (tag
// 0x8825).
func HasGPS(b []byte) bool {
	for _, s := range GPSSecrets {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	for _, magic := range []string{"MM\x00*", "II*\x00"} {
		for at := 0; ; at++ {
			i := bytes.Index(b[at:], []byte(magic))
			if i < 0 {
				break
			}
			at += i
			if gpsPointer(b[at:]) {
				return true
			}
		}
	}
	return false
}

// gpsPointer reports whether IFD0 of the TIFF structure at the start of tiff has a
// GPS entry.
func gpsPointer(tiff []byte) bool {
	if len(tiff) < 8 {
		return false
	}
	var bo binary.ByteOrder = binary.BigEndian
	if tiff[0] == 'I' {
		bo = binary.LittleEndian
	}
	ifd := int(bo.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return false
	}
	n := int(bo.Uint16(tiff[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > len(tiff) {
			return false
		}
		if bo.Uint16(tiff[e:]) == 0x8825 {
			return true
		}
	}
	return false
}

// ReadGPSPhoto returns GPSPhoto's bytes; it panics when the fixture is missing, which
// only a broken checkout does.
func ReadGPSPhoto() []byte {
	b, err := os.ReadFile(GPSPhoto())
	if err != nil {
		panic(err)
	}
	return b
}

// AssertCleaned fails t unless sent is GPSPhoto as it should leave the machine: no
// location or camera data (HasGPS), Exif orientation 6 kept, and the coded pixels
// (from the first start of scan on) byte for byte those of original.
func AssertCleaned(t testing.TB, sent, original []byte) {
	t.Helper()
	if HasGPS(sent) {
		t.Error("the photo left with its location or camera data")
	}
	if o := media.Orientation(bytes.NewReader(sent)); o != 6 {
		t.Errorf("orientation %d, want 6", o)
	}
	sos := []byte{0xFF, 0xDA}
	i, j := bytes.Index(sent, sos), bytes.Index(original, sos)
	if i < 0 || j < 0 || !bytes.Equal(sent[i:], original[j:]) {
		t.Error("the coded pixels changed")
	}
}

// AssertSent fails t unless the service received original once, and as it should:
// byte for byte when keep (--keep-metadata), else cleaned (AssertCleaned).
func AssertSent(t testing.TB, received [][]byte, original []byte, keep bool) {
	t.Helper()
	switch {
	case len(received) != 1:
		t.Errorf("%d photos received, want 1", len(received))
	case keep && !bytes.Equal(received[0], original):
		t.Error("with keep-metadata the photo was not sent as it is")
	case !keep:
		AssertCleaned(t, received[0], original)
	}
}
