package clitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/client/media/strip/striptest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// Capturing is New with every photo the sandbox receives kept, byte for byte, in the
// returned Capture: for the tests of what leaves the machine with a photo.
func Capturing(t *testing.T, opts sandbox.Options) (*Runner, *striptest.Capture) {
	t.Helper()
	srv, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var uploads atomic.Int32
	capture := &striptest.Capture{}
	inner := capture.Wrap(srv)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/v1/upload/") {
			uploads.Add(1)
		}
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { ts.Close(); _ = srv.Close() })
	return &Runner{T: t, Base: ts.URL, Key: sandbox.KeyBusiness, Uploads: &uploads, CacheDir: t.TempDir(),
		DataDir: t.TempDir(), paths: &pathLog{}}, capture
}
