package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// editHolder is a sandbox (the business key, 60 listings) behind a server that
// counts the edits the service acts on by listing and, while holding, holds the
// answers past the tenth edit: the service has acted on them, and their answers never
// come, as a kill -9 in flight leaves them. The kill tests of a job and of its undo
// share it.
type editHolder struct {
	srv     http.Handler // the sandbox
	URL     string
	mu      sync.Mutex
	edits   map[int]int
	counted int
	holding bool
	killNow chan struct{}
	once    sync.Once
}

func newEditHolder(t *testing.T, holding bool) *editHolder {
	t.Helper()
	h := &editHolder{edits: map[int]int{}, holding: holding, killNow: make(chan struct{})}
	// The holder takes the sandbox as it is put in front of it, before the socket
	// serves a request: set afterwards, h.srv would race with the server's goroutines.
	h.URL = apitest.Serve(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 60}}},
		func(srv http.Handler) http.Handler { h.srv = srv; return h }).URL
	return h
}

func (h *editHolder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPatch && r.Method != http.MethodPut {
		h.srv.ServeHTTP(w, r)
		return
	}
	id, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/api/v1/my/listings/"))
	rec := httptest.NewRecorder()
	h.srv.ServeHTTP(rec, r)
	h.mu.Lock()
	h.edits[id]++
	h.counted++
	held := h.holding && h.counted > 10
	h.mu.Unlock()
	if held {
		h.once.Do(func() { close(h.killNow) })
		<-r.Context().Done() // acted on; the answer is never sent
		return
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// hold counts the edits afresh and holds the answers past the tenth, or stops.
func (h *editHolder) hold(on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if on {
		h.edits, h.counted = map[int]int{}, 0
	}
	h.holding = on
}

// editsOf is how many edits of listing id the service acted on.
func (h *editHolder) editsOf(id int) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.edits[id]
}

// killAtHeld runs the binary with args and env, kills it with SIGKILL once an answer
// is held, stops holding, and returns what it wrote on stderr.
func (h *editHolder) killAtHeld(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append([]string{"HOME=" + t.TempDir()}, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-h.killNow:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("%v never reached its eleventh edit:\n%s", args, stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	h.hold(false)
	return stderr.String()
}
