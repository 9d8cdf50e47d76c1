package upload_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/media"
	"github.com/listings-tui/listings/api/media/mediatest"
	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// from is a JPEG from its first start of scan on: the coded pixels and the end.
func from(b []byte) []byte { return b[bytes.Index(b, []byte{0xFF, 0xDA}):] }

// `upload photo` sends a photo without its GPS position and camera data, upright and
// with its coded pixels as they were; --keep-metadata and media.keep_metadata in the
// config send it byte for byte.
func TestUploadPhotoWithoutLocation(t *testing.T) {
	t.Parallel()
	c, capture := clitest.Capturing(t, sandbox.Options{})
	in := mediatest.ReadGPSPhoto()
	path := filepath.Join(t.TempDir(), "gps.jpg")
	if err := os.WriteFile(path, in, 0o600); err != nil {
		t.Fatal(err)
	}
	c.OK("", "upload", "photo", path)
	c.OK("", "upload", "photo", path, "--keep-metadata")
	cfg := t.TempDir()
	if err := os.WriteFile(filepath.Join(cfg, "config.json"), []byte(`{"media":{"keep_metadata":true}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c.Env = map[string]string{"LISTINGS_CONFIG_DIR": cfg}
	c.OK("", "upload", "photo", path)

	got := capture.Photos()
	if len(got) != 3 {
		t.Fatalf("%d photos received, want 3", len(got))
	}
	if mediatest.HasGPS(got[0]) {
		t.Error("the photo reached the sandbox with its location or camera data")
	}
	if o := media.Orientation(bytes.NewReader(got[0])); o != 6 {
		t.Errorf("orientation %d, want 6", o)
	}
	if !bytes.Equal(from(got[0]), from(in)) {
		t.Error("the coded pixels changed")
	}
	if !bytes.Equal(got[1], in) {
		t.Error("--keep-metadata did not send the file as it is")
	}
	if !bytes.Equal(got[2], in) {
		t.Error("media.keep_metadata in the config did not send the file as it is")
	}
}
