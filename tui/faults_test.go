package tui

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// gate sits in front of the sandbox: it logs every request ("GET /api/v1/my/listings")
// and answers some itself while a fault is set.
type gate struct {
	mu   sync.Mutex
	log  []string
	fail func(r *http.Request) *fault
}

// fault is an error answer in the service's shape, or, with raw set, any answer.
type fault struct {
	raw    string // the whole body, sent as is with status
	status int
	code   string
	hint   string
	extra  map[string]any
	header map[string]string
}

func (g *gate) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		g.log = append(g.log, r.Method+" "+r.URL.Path)
		fail := g.fail
		g.mu.Unlock()
		if fail != nil {
			if f := fail(r); f != nil && f.raw != "" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(f.status)
				_, _ = w.Write([]byte(f.raw))
				return
			} else if f != nil {
				body := map[string]any{"ok": false, "error": f.code, "hint": f.hint}
				for k, v := range f.extra {
					body[k] = v
				}
				for k, v := range f.header {
					w.Header().Set(k, v)
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(f.status)
				_ = json.NewEncoder(w).Encode(body)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// set makes every request for which fail returns a fault fail; nil clears it.
func (g *gate) set(fail func(r *http.Request) *fault) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.fail = fail
}

// always fails every request with f.
func always(f *fault) func(*http.Request) *fault {
	return func(*http.Request) *fault { return f }
}

// count is how many requests were logged whose "METHOD PATH" starts with prefix.
func (g *gate) count(prefix string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, l := range g.log {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// statusPosts counts the status changes sent.
func (g *gate) statusPosts() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, l := range g.log {
		if strings.HasPrefix(l, "POST ") && strings.HasSuffix(l, "/status") {
			n++
		}
	}
	return n
}

// gated is a fixture whose sandbox sits behind a gate.
func gated(t *testing.T, key string) (*fixture, *gate) {
	g := &gate{}
	return newFixture(t, key, g.wrap), g
}

// has fails unless the flattened screen holds every phrase.
func has(t *testing.T, m Model, phrases ...string) {
	t.Helper()
	s := flat(m)
	for _, p := range phrases {
		if !strings.Contains(s, p) {
			t.Errorf("screen lacks %q:\n%s", p, tuitest.Screen(m))
		}
	}
}

// lacks fails if the flattened screen holds any of the phrases.
func lacks(t *testing.T, m Model, phrases ...string) {
	t.Helper()
	s := flat(m)
	for _, p := range phrases {
		if strings.Contains(s, p) {
			t.Errorf("screen has %q:\n%s", p, tuitest.Screen(m))
		}
	}
}

// selectedLine is the table row under the cursor.
func selectedLine(m Model) string {
	for _, l := range strings.Split(tuitest.Screen(m), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "›") {
			return l
		}
	}
	return ""
}

// errMsg is a banner request for err.
func errMsg(op string, err error) msgs.Error { return msgs.Error{Op: op, Err: err} }
