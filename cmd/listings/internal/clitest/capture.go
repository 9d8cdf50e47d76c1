package clitest

import (
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// Capturing is New with every photo the sandbox receives kept, byte for byte, in the
// returned Capture: for the tests of what leaves the machine with a photo.
func Capturing(t *testing.T, opts sandbox.Options) (*Runner, *striptest.Capture) {
	t.Helper()
	var uploads atomic.Int32
	capture := &striptest.Capture{}
	svc := apitest.Serve(t, opts, capture.Wrap, counted(&uploads, nil))
	return &Runner{T: t, Base: svc.URL, Key: sandbox.KeyBusiness, Uploads: &uploads, CacheDir: t.TempDir(),
		DataDir: t.TempDir(), paths: &pathLog{}}, capture
}
