package importcmd_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/media"
	"github.com/listings-tui/listings/api/media/mediatest"
	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// An import's photo reaches the sandbox without its GPS position, upright, its coded
// pixels unchanged, and the plan says so once; with --keep-metadata it goes as it is
// and the plan says that.
func TestImportSendsPhotosWithoutLocation(t *testing.T) {
	t.Parallel()
	in := mediatest.ReadGPSPhoto()
	for _, keep := range []bool{false, true} {
		c, capture := clitest.Capturing(t, sandbox.Options{})
		c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "photos"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "photos", "item-1.jpg"), in, 0o600); err != nil {
			t.Fatal(err)
		}
		path := semicolonCSV(t, dir, [][]string{row(1)})
		args := []string{"import", path}
		if keep {
			args = append(args, "--keep-metadata")
		}
		r := c.Run("", args...)
		if r.Code != 0 {
			t.Fatalf("keep %v: exit %d\n%s", keep, r.Code, r.Stderr)
		}
		if want := api.MetadataLine(keep); strings.Count(r.Stderr, want) != 1 {
			t.Errorf("keep %v: the plan does not say %q once:\n%s", keep, want, r.Stderr)
		}
		got := capture.Photos()
		if len(got) != 1 {
			t.Fatalf("keep %v: %d photos received", keep, len(got))
		}
		if keep {
			if !bytes.Equal(got[0], in) {
				t.Error("--keep-metadata did not send the file as it is")
			}
			continue
		}
		if mediatest.HasGPS(got[0]) {
			t.Error("the photo reached the sandbox with its location or camera data")
		}
		if o := media.Orientation(bytes.NewReader(got[0])); o != 6 {
			t.Errorf("orientation %d, want 6", o)
		}
		at := func(b []byte) []byte { return b[bytes.Index(b, []byte{0xFF, 0xDA}):] }
		if !bytes.Equal(at(got[0]), at(in)) {
			t.Error("the coded pixels changed")
		}
	}
}
