package importcmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// An import's photo reaches the sandbox without its GPS position, upright, its coded
// pixels unchanged, and the plan says so once; with --keep-metadata it goes as it is
// and the plan says that.
func TestImportSendsPhotosWithoutLocation(t *testing.T) {
	t.Parallel()
	in := striptest.ReadGPSPhoto()
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
		striptest.AssertSent(t, capture.Photos(), in, keep)
	}
}
