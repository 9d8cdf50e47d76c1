package upload_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// `upload photo` sends a photo without its GPS position and camera data, upright and
// with its coded pixels as they were; --keep-metadata and media.keep_metadata in the
// config send it byte for byte.
func TestUploadPhotoWithoutLocation(t *testing.T) {
	t.Parallel()
	c, capture := clitest.Capturing(t, sandbox.Options{})
	in := striptest.ReadGPSPhoto()
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
	striptest.AssertCleaned(t, got[0], in)
	if !bytes.Equal(got[1], in) {
		t.Error("--keep-metadata did not send the file as it is")
	}
	if !bytes.Equal(got[2], in) {
		t.Error("media.keep_metadata in the config did not send the file as it is")
	}
}
