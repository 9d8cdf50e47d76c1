package root_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// failingWriter takes the first room bytes, then fails every write with err: a disk
// that fills up, or a reader that goes away.
type failingWriter struct {
	room int
	err  error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.room {
		w.room -= len(p)
		return len(p), nil
	}
	n := w.room
	w.room = 0
	return n, w.err
}

// Every command that prints checks its writes: on a full disk it fails with one clear
// line and exit 1, rather than exiting 0 with half an answer.
func TestFullDiskFailsClearly(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	for _, args := range [][]string{
		{"version"},
		{"--help"},
		{"completion", "bash"},
		{"sandbox", "keys"},
		{"ping"},
		{"ls"},
		{"ls", "--json"},
		{"ls", "--all", "--status", "all"},
		{"ls", "--all", "--status", "all", "--json"},
		{"show", "10040"},
		{"categories"},
		{"categories", "--json"},
		{"cities", "Kyiv"},
		{"auth", "status", "--offline"},
		{"watch", "10048"},
	} {
		for _, room := range []int{0, 10} {
			cc := *c
			cc.Stdout = &failingWriter{room: room, err: syscall.ENOSPC}
			r := cc.Run("", args...)
			if r.Code != cmdutil.ExitError || r.Stderr != "listings: write standard output: no space left on device\n" {
				t.Errorf("%v on a full disk after %d bytes: exit %d, stderr %q", args, room, r.Code, r.Stderr)
			}
		}
	}
}

// A reader that went away (`listings ls --all --json | head -1`) ends the command
// quietly with 0, as in gh, and stops its work: no more pages are read for output
// nobody takes.
func TestClosedPipeEndsQuietly(t *testing.T) {
	t.Parallel()
	var pages atomic.Int64
	svc := apitest.Serve(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 2000}}},
		apitest.Counting(&pages, func(r *http.Request) bool { return r.URL.Path == "/api/v1/my/listings" }))
	c := &clitest.Runner{T: t, Base: svc.URL, Key: sandbox.KeyBusiness, CacheDir: t.TempDir()}

	for _, args := range [][]string{
		{"ls", "--all", "--status", "all", "--json"},
		{"ls", "--all", "--status", "all"},
		{"ls", "--json"},
		{"show", "10040"},
		{"version"},
		{"completion", "zsh"},
	} {
		pages.Store(0)
		cc := *c
		cc.Stdout = &failingWriter{room: 2, err: fmt.Errorf("write |1: %w", syscall.EPIPE)}
		r := cc.Run("", args...)
		if r.Code != cmdutil.ExitOK || r.Stderr != "" {
			t.Errorf("%v into a closed pipe: exit %d, stderr %q; want 0 and nothing", args, r.Code, r.Stderr)
		}
		if strings.Join(args, " ") == "ls --all --status all --json" && pages.Load() > 2 {
			t.Errorf("%v went on reading after the pipe closed: %d pages of 20", args, pages.Load())
		}
	}
	// A broken pipe that is not standard output's is an error like any other.
	cc := *c
	cc.Base = "http://127.0.0.1:1"
	if r := cc.Run("", "ping"); r.Code == cmdutil.ExitOK || !strings.Contains(r.Stderr, "listings: ") {
		t.Errorf("an unreachable service: exit %d, stderr %q", r.Code, r.Stderr)
	}
}
