package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
)

// slowUploads serves the sandbox with every upload held for a while, so that uploads
// overlap for sure, and records how many were in flight at most.
func slowUploads(t *testing.T, c *cli) *atomic.Int32 {
	t.Helper()
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inFlight, most atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/v1/upload/") {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			c.uploads.Add(1)
			time.Sleep(150 * time.Millisecond)
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { ts.Close(); _ = srv.Close() })
	c.base = ts.URL
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
	c := newCLI(t, sandbox.Options{})
	most := slowUploads(t, c)
	dir := t.TempDir()
	var files []string
	for i := range 7 {
		files = append(files, writePNG(t, dir, fmt.Sprintf("p%d.png", i), 20+i, 20))
	}
	var res []photoResultJSON
	c.okJSON(&res, "", append(append([]string{"upload", "photo"}, files...), "--json")...)
	if len(res) != 7 {
		t.Fatalf("%d results for 7 files", len(res))
	}
	for i, r := range res {
		if r.File != files[i] || !r.OK || r.URL == "" || r.Error != nil {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	if m := most.Load(); m != uploadWorkers {
		t.Errorf("at most %d uploads were in flight, want %d", m, uploadWorkers)
	}
	if n := c.uploads.Load(); n != 7 {
		t.Errorf("%d uploads, want 7", n)
	}
}

// A failure that would fail every file (here the key lacks the write scope) stops the
// files not yet sent; each still has its result, and the exit code is the key's.
func TestUploadStopsWhenTheKeyCannot(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{}).withKey(sandbox.KeyReadonly)
	dir := t.TempDir()
	var files []string
	for i := range 9 {
		files = append(files, writePNG(t, dir, fmt.Sprintf("p%d.png", i), 16, 16))
	}
	r := c.fails(exitAuth, "", append(append([]string{"upload", "photo"}, files...), "--json")...)
	var res []photoResultJSON
	if err := jsonUnmarshal(r.stdout, &res); err != nil || len(res) != 9 {
		t.Fatalf("stdout: %v\n%s", err, r.stdout)
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
	if sent := c.uploads.Load(); sent > uploadWorkers || int(sent)+notSent != 9 {
		t.Errorf("%d sent and %d not sent of 9: at most the first %d may go out", sent, notSent, uploadWorkers)
	}
	if !strings.Contains(r.stderr, "9 of 9 photos failed") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
}

// On a terminal each file has a line: the bars of those in flight are redrawn in place
// and a finished file leaves a line that stays.
func TestUploadBoardLines(t *testing.T) {
	t.Parallel()
	var term strings.Builder
	paths := []string{"/a/front.jpg", "/a/back.jpg"}
	b := newUploadBoard(&term, true, paths)
	tick := time.Now()
	b.now = func() time.Time { tick = tick.Add(time.Second); return tick } // no frame is throttled
	b.start(0)
	b.start(1)
	b.progress(0, 1<<20, 4<<20)
	b.finish(0, photoOutcome{File: paths[0], Err: fmt.Errorf("the service refused it")})
	b.progress(1, 4<<20, 4<<20)
	b.clear()
	out := term.String()
	for _, want := range []string{"front.jpg", "back.jpg", "preparing…", " 25%  1.0 MB / 4.0 MB", "✗ front.jpg", "the service refused it", "100%"} {
		if !strings.Contains(out, want) {
			t.Errorf("the board lacks %q:\n%q", want, out)
		}
	}
	if !strings.HasSuffix(out, "\x1b[1A\x1b[J") {
		t.Errorf("the live part is not cleared at the end:\n%q", out)
	}
	var log strings.Builder
	b = newUploadBoard(&log, false, paths)
	b.start(0)
	b.progress(0, 1, 1)
	b.finish(0, photoOutcome{File: paths[0], Err: fmt.Errorf("refused")})
	if got := log.String(); got != fmt.Sprintf("✗ %-30s refused\n", "front.jpg") {
		t.Errorf("off a terminal only the failure is written: %q", got)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
