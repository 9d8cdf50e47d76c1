package editor

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var now = time.Date(2026, 3, 12, 12, 0, 0, 0, api.Kyiv)

// kyivRef is the seed's Київ.
const kyivRef = "8d5a980d-391c-11dd-90d9-001a92567626"

// fixture is a sandbox, a client on it that counts requests by path, and an editor.
type fixture struct {
	t      testing.TB
	client *api.Client
	base   string
	store  *draft.Store
	saver  *draft.Saver
	m      Model
	out    []tea.Msg // what the editor said to the root
	mu     sync.Mutex
	reqs   map[string]int
	bodies map[string][]byte // the last JSON body per method and path
	total  atomic.Int64

	results chan tea.Msg
	running map[int]time.Time
	seq     int
}

func newFixture(t testing.TB, key string) *fixture {
	t.Helper()
	f := &fixture{t: t, reqs: map[string]int{}, bodies: map[string][]byte{}, results: make(chan tea.Msg, 4096), running: map[int]time.Time{}}
	svc := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)}, f.record)
	f.base = svc.URL
	f.client = svc.Client(t, key, api.WithRetry(0, 0), api.WithLimits(limitsOf(key)))
	f.store = draft.OpenStore(t.TempDir())
	f.saver = draft.NewSaver(f.store, nil)
	t.Cleanup(func() { _ = f.saver.Flush() }) // before the folder is removed
	f.m = New(Config{Service: f.client, Store: f.store, Saver: f.saver, Lang: "en", FindEditor: func() []string { return []string{"nano"} },
		Now: func() time.Time { return now }, BaseURL: svc.URL, StartDir: t.TempDir()})
	f.m.SetSize(100, 40)
	return f
}

// record counts each request to h by method and path, and keeps its JSON body.
func (f *fixture) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			body, _ = io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		f.mu.Lock()
		f.reqs[r.Method+" "+r.URL.Path]++
		if body != nil {
			f.bodies[r.Method+" "+r.URL.Path] = body
		}
		f.mu.Unlock()
		f.total.Add(1)
		h.ServeHTTP(w, r)
	})
}

// limitsOf are the sandbox's limits of a key, so the client paces itself as with
// the real service.
func limitsOf(key string) (int, int) {
	if key == sandbox.KeyBusiness {
		return 600, 100000
	}
	return 60, 5000
}

func (f *fixture) body(method, path string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return string(f.bodies[method+" "+path])
}

func (f *fixture) count(method, path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reqs[method+" "+path]
}

// dropped are messages a test does not feed back: timers that repeat forever.
func dropped(msg tea.Msg) bool {
	switch msg.(type) {
	case spinner.TickMsg:
		return true
	}
	name := fmt.Sprintf("%T", msg)
	return strings.HasPrefix(name, "cursor.") || name == "tea.windowSizeMsg" || strings.HasSuffix(name, "blinkMsg")
}

// toRoot are the messages the root handles; the editor never sees them back.
func toRoot(msg tea.Msg) bool {
	switch msg.(type) {
	case msgs.Back, msgs.Error, msgs.Notice, msgs.ListingSaved, msgs.DraftsChanged, msgs.Watch:
		return true
	}
	return false
}

// timerAfter is how long a command may run before settle counts it as a timer
// (a cursor blink, a debounce) and stops waiting for it; its message, when it
// comes, is handled by a later settle or waitFor.
const timerAfter = 300 * time.Millisecond

// start runs a command the way Bubble Tea does, in its own goroutine.
func (f *fixture) start(c tea.Cmd) {
	if c == nil {
		return
	}
	f.mu.Lock()
	f.seq++
	id := f.seq
	f.running[id] = time.Now()
	f.mu.Unlock()
	go func() {
		msg := c()
		f.mu.Lock()
		delete(f.running, id)
		f.mu.Unlock()
		f.results <- msg
	}()
}

// busy reports whether a command that is not a timer is still running.
func (f *fixture) busy() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, t := range f.running {
		if time.Since(t) < timerAfter {
			return true
		}
	}
	return false
}

// handle takes one message as the root would: batches and sequences are run,
// timers that repeat are dropped, what belongs to the root is kept.
func (f *fixture) handle(msg tea.Msg) {
	if msg == nil || dropped(msg) {
		return
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			f.start(c)
		}
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := range v.Len() { // tea.Sequence: order does not matter here
			f.start(v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	if toRoot(msg) {
		f.out = append(f.out, msg)
		return
	}
	var next tea.Cmd
	f.m, next = f.m.Update(msg)
	f.start(next)
}

// settle runs cmd and everything it leads to until only timers are left.
func (f *fixture) settle(cmd tea.Cmd) {
	f.t.Helper()
	f.start(cmd)
	f.waitFor("the editor to settle", func() bool { return !f.busy() && len(f.results) == 0 })
}

// waitFor handles messages until cond holds.
func (f *fixture) waitFor(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			f.t.Fatalf("waited in vain for %s; screen:\n%s", what, f.screen())
		}
		select {
		case msg := <-f.results:
			f.handle(msg)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// send delivers msg and settles.
func (f *fixture) send(msg tea.Msg) {
	f.t.Helper()
	var cmd tea.Cmd
	f.m, cmd = f.m.Update(msg)
	f.settle(cmd)
}

// press sends keys one by one, each settled before the next.
func (f *fixture) press(keys ...string) {
	f.t.Helper()
	for _, k := range keys {
		f.send(tuitest.Key(k))
	}
}

// typeText types s key by key, as a person does, and settles once.
func (f *fixture) typeText(s string) {
	f.t.Helper()
	var cmds []tea.Cmd
	for _, r := range s {
		var cmd tea.Cmd
		f.m, cmd = f.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		cmds = append(cmds, cmd)
	}
	f.settle(tea.Batch(cmds...))
}

func (f *fixture) screen() string { return tuitest.Screen(f.m) }

func (f *fixture) contains(want ...string) {
	f.t.Helper()
	if !tuitest.Contains(f.t, f.screen(), want...) {
		f.t.FailNow()
	}
}

// openNew opens the editor on a new draft.
func (f *fixture) openNew() {
	f.t.Helper()
	var cmd tea.Cmd
	f.m, cmd = f.m.Open(draft.New(f.base, "", "en", now))
	f.settle(cmd)
}

// openSeededEdit opens the editor on an edit of the seeded listing 10053 as it is,
// once its category's attributes are loaded.
func (f *fixture) openSeededEdit() {
	f.t.Helper()
	det, err := f.client.GetListing(context.Background(), 10053, "en")
	if err != nil {
		f.t.Fatal(err)
	}
	var cmd tea.Cmd
	f.m, cmd = f.m.OpenEdit(det.Listing.ID, &det.Listing)
	f.settle(cmd)
	f.waitFor("the attributes", func() bool { return f.m.attrOf == det.Listing.CategoryID })
}

// lastOut returns the last message of type T said to the root.
func lastOut[T any](f *fixture) (T, bool) {
	var zero T
	for i := len(f.out) - 1; i >= 0; i-- {
		if v, ok := f.out[i].(T); ok {
			return v, true
		}
	}
	return zero, false
}
