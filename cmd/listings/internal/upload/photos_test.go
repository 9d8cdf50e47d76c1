package upload_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/upload"
)

// slowUploads serves the sandbox with every upload held for a while, so that uploads
// overlap for sure, and records how many were in flight at most.
func slowUploads(t *testing.T, c *clitest.Runner) *atomic.Int32 {
	t.Helper()
	var inFlight, most atomic.Int32
	svc := apitest.Serve(t, sandbox.Options{}, func(srv http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/api/v1/upload/") {
				n := inFlight.Add(1)
				defer inFlight.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				c.Uploads.Add(1)
				time.Sleep(150 * time.Millisecond)
			}
			srv.ServeHTTP(w, r)
		})
	})
	c.Base = svc.URL
	return &most
}

type photoResultJSON struct {
	File  string `json:"file"`
	OK    bool   `json:"ok"`
	URL   string `json:"url"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Photos go up three at a time, never more, and each file has its result in order.
func TestUploadPhotosThreeAtATime(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	most := slowUploads(t, c)
	dir := t.TempDir()
	var files []string
	for i := range 7 {
		files = append(files, clitest.WritePNG(t, dir, fmt.Sprintf("p%d.png", i), 20+i, 20))
	}
	var res []photoResultJSON
	c.OKJSON(&res, "", append(append([]string{"upload", "photo"}, files...), "--json")...)
	if len(res) != 7 {
		t.Fatalf("%d results for 7 files", len(res))
	}
	for i, r := range res {
		if r.File != files[i] || !r.OK || r.URL == "" || r.Error != nil {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	if m := most.Load(); m != upload.Workers {
		t.Errorf("at most %d uploads were in flight, want %d", m, upload.Workers)
	}
	if n := c.Uploads.Load(); n != 7 {
		t.Errorf("%d uploads, want 7", n)
	}
}

// A failure that would fail every file (here the key lacks the write scope) stops the
// files not yet sent; each still has its result, and the exit code is the key's.
func TestUploadStopsWhenTheKeyCannot(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{}).WithKey(sandbox.KeyReadonly)
	dir := t.TempDir()
	var files []string
	for i := range 9 {
		files = append(files, clitest.WritePNG(t, dir, fmt.Sprintf("p%d.png", i), 16, 16))
	}
	r := c.Fails(cmdutil.ExitAuth, "", append(append([]string{"upload", "photo"}, files...), "--json")...)
	var res []photoResultJSON
	if err := jsonUnmarshal(r.Stdout, &res); err != nil || len(res) != 9 {
		t.Fatalf("stdout: %v\n%s", err, r.Stdout)
	}
	notSent := 0
	for i, x := range res {
		if x.OK || x.Error == nil || x.Error.Code != "scope_required" || x.File != files[i] {
			t.Errorf("result %d: %+v", i, x)
		}
		if strings.HasPrefix(x.Error.Message, "not sent") {
			notSent++
		}
	}
	if sent := c.Uploads.Load(); sent > upload.Workers || int(sent)+notSent != 9 {
		t.Errorf("%d sent and %d not sent of 9: at most the first %d may go out", sent, notSent, upload.Workers)
	}
	if !strings.Contains(r.Stderr, "9 of 9 photos failed") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
