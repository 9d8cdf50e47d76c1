package mediapick

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// fakeUp is a controllable Uploader: it counts calls and the uploads in flight,
// reports progress when told to, blocks while gate is open, and fails by file name.
type fakeUp struct {
	mu       sync.Mutex
	calls    map[string]int // by base name
	inflight int
	peak     int
	gate     chan struct{}       // while not nil, uploads wait for it to be closed
	blockOn  map[string]bool     // with gate: only these names wait (empty: all)
	fail     map[string]error    // answered instead of a result
	progress map[string][2]int64 // reported before waiting
	deaf     bool                // ignore cancellation (an answer that comes anyway)
	report   map[string]api.Progress
	started  chan string // every call's name, once it has reported progress
}

func newFake() *fakeUp {
	return &fakeUp{calls: map[string]int{}, blockOn: map[string]bool{}, fail: map[string]error{},
		progress: map[string][2]int64{}, report: map[string]api.Progress{}, started: make(chan string, 512)}
}

func (f *fakeUp) enter(path string, progress api.Progress) (string, int, chan struct{}, error) {
	name := filepath.Base(path)
	f.mu.Lock()
	f.calls[name]++
	n := f.calls[name]
	f.inflight++
	f.peak = max(f.peak, f.inflight)
	gate := f.gate
	if len(f.blockOn) > 0 && !f.blockOn[name] {
		gate = nil
	}
	err, pr := f.fail[name], f.progress[name]
	f.report[name] = progress
	f.mu.Unlock()
	if pr[1] > 0 {
		progress(pr[0], pr[1])
	}
	f.started <- name
	return name, n, gate, err
}

func (f *fakeUp) wait(ctx context.Context, gate chan struct{}) error {
	defer func() {
		f.mu.Lock()
		f.inflight--
		f.mu.Unlock()
	}()
	if gate == nil {
		return nil
	}
	if f.deaf {
		<-gate
		return nil
	}
	select {
	case <-gate:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *fakeUp) UploadPhoto(ctx context.Context, path string, progress api.Progress) (*api.PhotoResult, error) {
	name, n, gate, err := f.enter(path, progress)
	if werr := f.wait(ctx, gate); werr != nil {
		return nil, fmt.Errorf("upload photo: %w", werr)
	}
	if err != nil {
		return nil, err
	}
	return &api.PhotoResult{URL: fmt.Sprintf("https://cdn.test/%s-%d.webp", name, n),
		URLWM: fmt.Sprintf("https://cdn.test/wm/%s-%d.webp", name, n), Width: 1600, Height: 1200}, nil
}

func (f *fakeUp) UploadVideo(ctx context.Context, path string, progress api.Progress) (*api.VideoResult, error) {
	name, n, gate, err := f.enter(path, progress)
	if werr := f.wait(ctx, gate); werr != nil {
		return nil, fmt.Errorf("upload video: %w", werr)
	}
	if err != nil {
		return nil, err
	}
	return &api.VideoResult{URL: fmt.Sprintf("https://cdn.test/%s-%d.mp4", name, n),
		Thumbnail: fmt.Sprintf("https://cdn.test/%s-%d.jpg", name, n)}, nil
}

// reportOf is the progress callback of name's last upload.
func (f *fakeUp) reportOf(name string) api.Progress {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.report[name]
}

func (f *fakeUp) total() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.calls {
		n += c
	}
	return n
}

func (f *fakeUp) count(name string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[name]
}

func (f *fakeUp) maxInflight() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.peak
}

// block makes uploads (of names, or all) wait until release.
func (f *fakeUp) block(names ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gate = make(chan struct{})
	for _, n := range names {
		f.blockOn[n] = true
	}
}

func (f *fakeUp) release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.gate != nil {
		close(f.gate)
		f.gate = nil
	}
}

// awaitStarts handles messages until n more uploads have started.
func (l *loop) awaitStarts(f *fakeUp, n int) []string {
	l.t.Helper()
	var names []string
	deadline := time.After(30 * time.Second) // a hang guard, not a timing assertion
	for len(names) < n {
		select {
		case name := <-f.started:
			names = append(names, name)
		case msg := <-l.ch:
			l.running--
			l.handle(msg)
		case <-deadline:
			l.t.Fatalf("only %d of %d uploads started: %v", len(names), n, names)
		}
	}
	return names
}

// loop runs the step the way the runtime would: every command in a goroutine, its
// message back into Update; the messages meant for the editor are collected.
type loop struct {
	t       *testing.T
	m       Model
	ch      chan tea.Msg
	out     []tea.Msg
	running int // commands spawned whose message has not been handled yet
	// patience is the hang guard of until, not a timing assertion: the sandbox's
	// WebP encoder runs in WebAssembly, very slowly under -race.
	patience time.Duration
}

func newLoop(t *testing.T, svc Uploader, dir string, w, h int) *loop {
	t.Helper()
	m := New(svc, dir)
	m.SetSize(w, h)
	l := &loop{t: t, m: m, ch: make(chan tea.Msg, 1024), patience: 30 * time.Second}
	l.spawn(l.m.Focus())
	return l
}

func (l *loop) send(msg tea.Msg) {
	var cmd tea.Cmd
	l.m, cmd = l.m.Update(msg)
	l.spawn(cmd)
}

func (l *loop) spawn(cmd tea.Cmd) {
	if cmd != nil {
		l.running++
		go func() { l.ch <- cmd() }()
	}
}

func (l *loop) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			l.spawn(c)
		}
	case Changed, msgs.Error, msgs.Notice:
		l.out = append(l.out, msg)
	default:
		l.send(msg)
	}
}

// until handles messages until cond holds.
func (l *loop) until(what string, cond func(Model) bool) {
	l.t.Helper()
	deadline := time.After(l.patience)
	for !cond(l.m) {
		select {
		case msg := <-l.ch:
			l.running--
			l.handle(msg)
		case <-deadline:
			l.t.Fatalf("gave up waiting for %s:\n%s", what, tuitest.Screen(l.m))
		}
	}
}

// settle waits until nothing is checked, queued or uploading, and every message that
// followed has been handled.
func (l *loop) settle() {
	l.t.Helper()
	l.until("the step to settle", func(m Model) bool { return !m.Busy() && l.running == 0 })
}

func (l *loop) press(keys ...string) {
	for _, k := range keys {
		l.send(tuitest.Key(k))
	}
}

func (l *loop) typeText(s string) {
	for _, r := range s {
		l.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

// addPath adds through the path input, as typed, and waits for the checks.
func (l *loop) addPath(key, path string) {
	l.t.Helper()
	l.press(key)
	l.typeText(path)
	l.press("enter")
	l.until("the checks of "+path, func(m Model) bool { return m.checks == 0 })
}

// writeJPEG writes a small JPEG; writePNG a small PNG.
func writeJPEG(t testing.TB, dir, name string) string {
	t.Helper()
	return writeImage(t, dir, name, func(f *os.File, img image.Image) error {
		return jpeg.Encode(f, img, &jpeg.Options{Quality: 80})
	})
}

func writePNG(t testing.TB, dir, name string) string {
	t.Helper()
	return writeImage(t, dir, name, func(f *os.File, img image.Image) error { return png.Encode(f, img) })
}

func writeImage(t testing.TB, dir, name string, enc func(*os.File, image.Image) error) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			img.Set(x, y, color.RGBA{uint8(x * 6), uint8(y * 8), 90, 255})
		}
	}
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := enc(f, img); err != nil {
		t.Fatal(err)
	}
	return p
}

func writeText(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("not a photo at all, just some notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func testdata(name string) string { return filepath.Join("..", "..", "..", "api", "testdata", name) }
