package mediapick

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// capturingClient is a client of a sandbox that keeps every photo it receives.
func capturingClient(t *testing.T, opts ...api.Option) (*api.Client, *striptest.Capture) {
	t.Helper()
	capture := &striptest.Capture{}
	c := apitest.Serve(t, sandbox.Options{}, capture.Wrap).Client(t, sandbox.KeyPersonal, opts...)
	return c, capture
}

// A photo with a GPS position added in the media step reaches the sandbox without
// it, upright and with its coded pixels unchanged; the step says so once. With the
// client made WithKeepMetadata(true) it goes as it is, and the step says that.
func TestMediaStepSendsPhotosWithoutLocation(t *testing.T) {
	in := striptest.ReadGPSPhoto()
	for _, keep := range []bool{false, true} {
		c, capture := capturingClient(t, api.WithKeepMetadata(keep))
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "gps.jpg"), in, 0o644); err != nil {
			t.Fatal(err)
		}
		l := newLoop(t, c, dir, 120, 24)
		l.patience = time.Minute
		screen := tuitest.Screen(l.m)
		if want := api.MetadataLine(keep); strings.Count(screen, want) != 1 {
			t.Errorf("keep %v: the step does not say %q once:\n%s", keep, want, screen)
		}
		l.addPath("p", "gps.jpg")
		l.settle()
		if photos, _, _ := l.m.Media(); len(photos) != 1 || photos[0].URL == "" {
			t.Fatalf("keep %v: %+v\n%s", keep, photos, tuitest.Screen(l.m))
		}
		striptest.AssertSent(t, capture.Photos(), in, keep)
	}
}
