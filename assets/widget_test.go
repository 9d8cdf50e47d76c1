//go:build unix

// The browser tests drive a real headless Chromium (with its fake camera) against the
// embedded widget. They need process groups to take Chromium's helper processes down with
// it, hence the unix build constraint.

package assets_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/listings-tui/listings/assets"
)

const widgetFile = "widget/capture3d.js"

func readWidget(t *testing.T) []byte {
	t.Helper()
	src, err := fs.ReadFile(assets.Widget, widgetFile)
	if err != nil {
		t.Fatalf("read embedded widget: %v", err)
	}
	return src
}

// TestWidgetSource needs no browser: the script must at least parse and, evaluated
// without a DOM, define nothing but ListingsWidget and fail politely when called.
func TestWidgetSource(t *testing.T) {
	src := readWidget(t)
	for _, want := range []string{"ListingsWidget", "capture3d", "'use strict'"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("widget source lacks %q", want)
		}
	}

	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not on PATH; syntax check skipped")
	}
	path := filepath.Join(t.TempDir(), "capture3d.js")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, node, "--check", path).CombinedOutput(); err != nil {
		t.Fatalf("node --check: %v\n%s", err, out)
	}

	const probe = `
const vm = require('vm'), fs = require('fs');
const ctx = {}; ctx.window = ctx; vm.createContext(ctx);
vm.runInContext(fs.readFileSync(process.argv[1], 'utf8'), ctx);
let err = null;
const handle = ctx.ListingsWidget.capture3d({ uploadEndpoint: '/frames', onError: (e) => { err = e; } });
console.log(JSON.stringify({
  globals: Object.keys(ctx).sort(),
  version: ctx.ListingsWidget.version,
  type: typeof ctx.ListingsWidget.capture3d,
  handle: handle,
  code: err && err.code
}));`
	out, err := exec.CommandContext(ctx, node, "-e", probe, path).CombinedOutput()
	if err != nil {
		t.Fatalf("node probe: %v\n%s", err, out)
	}
	var got struct {
		Globals []string
		Version string
		Type    string
		Handle  any
		Code    string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node probe output %q: %v", out, err)
	}
	if !slices.Equal(got.Globals, []string{"ListingsWidget", "window"}) {
		t.Errorf("globals after loading = %v, want only ListingsWidget", got.Globals)
	}
	if got.Version == "" || got.Type != "function" {
		t.Errorf("ListingsWidget.version = %q, typeof capture3d = %q", got.Version, got.Type)
	}
	if got.Handle != nil || got.Code != "unsupported" {
		t.Errorf("capture3d without a DOM: handle %v, onError code %q; want null and \"unsupported\"", got.Handle, got.Code)
	}
}

func TestWidgetCapturesAndUploadsInOrder(t *testing.T) {
	chromium := findChromium(t)
	h := newHarness(t)
	rep := runChromium(t, chromium, h.srv.URL+"/page?scenario=auto&endpoint=/upload%3Fhold%3D1", h.reports)
	checkPageHealth(t, rep)

	if rep.Event != "complete" {
		t.Fatalf("page reported %q (code %q, message %q), want complete", rep.Event, rep.Code, rep.Message)
	}
	base := h.srv.URL + "/media/"
	want := []string{base + "f1.webp", base + "f2.webp", base + "f3.webp"}
	if !slices.Equal(rep.URLs, want) {
		t.Errorf("onComplete urls = %v, want %v", rep.URLs, want)
	}

	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range h.problems {
		t.Error("upload handler: " + p)
	}
	got := slices.Sorted(slices.Values(h.frames))
	if !slices.Equal(got, []string{"frame-01.jpg", "frame-02.jpg", "frame-03.jpg"}) {
		t.Errorf("upload handler received %v, want frames 01..03", h.frames)
	}
}

func TestWidgetReportsUploadError(t *testing.T) {
	chromium := findChromium(t)
	h := newHarness(t)
	rep := runChromium(t, chromium, h.srv.URL+"/page?scenario=auto&endpoint=/upload-too-large", h.reports)
	checkPageHealth(t, rep)

	if rep.Event != "error" {
		t.Fatalf("page reported %q (urls %v), want error", rep.Event, rep.URLs)
	}
	if rep.Status != http.StatusRequestEntityTooLarge || rep.Code != "upload_failed" {
		t.Errorf("onError err.status = %d, err.code = %q; want 413, upload_failed", rep.Status, rep.Code)
	}
	for _, want := range []string{"413", "payload_too_large", "12 MB"} {
		if !strings.Contains(rep.Message, want) {
			t.Errorf("onError message %q lacks %q", rep.Message, want)
		}
	}
}

// In click mode a tap on the preview and the shutter button each take a frame, and Finish
// completes with what was captured so far.
func TestWidgetClickModeFinish(t *testing.T) {
	chromium := findChromium(t)
	h := newHarness(t)
	rep := runChromium(t, chromium, h.srv.URL+"/page?scenario=click&endpoint=/upload", h.reports)
	checkPageHealth(t, rep)

	if rep.Event != "complete" {
		t.Fatalf("page reported %q (code %q, message %q), want complete", rep.Event, rep.Code, rep.Message)
	}
	base := h.srv.URL + "/media/"
	if want := []string{base + "f1.webp", base + "f2.webp"}; !slices.Equal(rep.URLs, want) {
		t.Errorf("onComplete urls = %v, want %v", rep.URLs, want)
	}
	if !strings.Contains(rep.StatusText, "Frame 2 of 3") {
		t.Errorf("progress after two taps = %q, want it to contain \"Frame 2 of 3\"", rep.StatusText)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range h.problems {
		t.Error("upload handler: " + p)
	}
}

// Escape cancels: onCancel, camera released, overlay gone, nothing uploaded. The page
// leaves lang unset, so the texts must be the Ukrainian default. Click mode keeps the
// frame count at zero until the key press.
func TestWidgetEscapeCancels(t *testing.T) {
	chromium := findChromium(t)
	h := newHarness(t)
	rep := runChromium(t, chromium, h.srv.URL+"/page?scenario=escape&endpoint=/upload", h.reports)
	checkPageHealth(t, rep)

	if rep.Event != "cancel" {
		t.Fatalf("page reported %q (code %q, message %q), want cancel", rep.Event, rep.Code, rep.Message)
	}
	if !strings.Contains(rep.StatusText, "Кадр 0 з 3") {
		t.Errorf("progress before any frame = %q, want the Ukrainian \"Кадр 0 з 3\"", rep.StatusText)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.frames) != 0 || len(h.problems) != 0 {
		t.Errorf("uploads after an immediate cancel: %v, problems %v", h.frames, h.problems)
	}
}

// pageReport is what the test page POSTs to /report once the widget calls back.
type pageReport struct {
	Event       string   `json:"event"`
	URLs        []string `json:"urls"`
	Code        string   `json:"code"`
	Message     string   `json:"message"`
	Status      int      `json:"status"`
	Errors      []string `json:"errors"`
	Leaked      []string `json:"leaked"`
	CaptureType string   `json:"captureType"`
	Version     string   `json:"version"`
	Handle      bool     `json:"handle"`
	Second      string   `json:"second"`
	OverlayLeft bool     `json:"overlayLeft"`
	LiveTracks  int      `json:"liveTracks"`
	Streams     int      `json:"streams"`
	FacingMode  string   `json:"facingMode"`
	StatusText  string   `json:"statusText"`
}

func checkPageHealth(t *testing.T, rep pageReport) {
	t.Helper()
	if len(rep.Errors) > 0 {
		t.Errorf("page errors: %q", rep.Errors)
	}
	if rep.CaptureType != "function" || rep.Version == "" {
		t.Fatalf("typeof ListingsWidget.capture3d = %q, version %q", rep.CaptureType, rep.Version)
	}
	if len(rep.Leaked) != 1 || rep.Leaked[0] != "ListingsWidget" {
		t.Errorf("globals added by the script = %v, want only ListingsWidget", rep.Leaked)
	}
	if !rep.Handle {
		t.Error("capture3d returned no handle")
	}
	if !strings.HasPrefix(rep.Second, "already_running") {
		t.Errorf("second concurrent capture3d: onError %q, want already_running", rep.Second)
	}
	if rep.Streams != 1 || rep.LiveTracks != 0 {
		t.Errorf("camera: %d streams opened, %d tracks still live after the callback; want 1 and 0", rep.Streams, rep.LiveTracks)
	}
	if rep.FacingMode != "environment" {
		t.Errorf("getUserMedia facingMode = %q, want environment", rep.FacingMode)
	}
	if rep.OverlayLeft {
		t.Error("overlay still in the DOM after the callback")
	}
}

type harness struct {
	srv     *httptest.Server
	reports chan pageReport

	mu       sync.Mutex
	frames   []string // file names the upload handler accepted, in arrival order
	problems []string
	third    chan struct{} // closed when frame 3 arrives
	thirdSet sync.Once
}

var frameName = regexp.MustCompile(`^frame-(\d{2})\.jpg$`)

func newHarness(t *testing.T) *harness {
	h := &harness{reports: make(chan pageReport, 4), third: make(chan struct{})}
	mux := http.NewServeMux()
	mux.Handle("GET /widget/", http.FileServerFS(assets.Widget))
	mux.HandleFunc("GET /page", h.page)
	mux.HandleFunc("POST /upload", h.upload)
	mux.HandleFunc("POST /upload-too-large", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]any{
			"ok": false, "error": "payload_too_large", "hint": "the file exceeds 12 MB",
		})
	})
	mux.HandleFunc("POST /report", func(w http.ResponseWriter, r *http.Request) {
		var rep pageReport
		if err := json.NewDecoder(r.Body).Decode(&rep); err != nil {
			rep = pageReport{Event: "bad-report", Message: err.Error()}
		}
		select {
		case h.reports <- rep:
		default:
		}
		w.WriteHeader(http.StatusNoContent)
	})
	h.srv = httptest.NewServer(mux)
	t.Cleanup(h.srv.Close)
	return h
}

func (h *harness) fail(format string, args ...any) {
	h.mu.Lock()
	h.problems = append(h.problems, fmt.Sprintf(format, args...))
	h.mu.Unlock()
}

func (h *harness) upload(w http.ResponseWriter, r *http.Request) {
	if auth := r.Header.Get("Authorization"); auth != "" {
		h.fail("request carries Authorization %q", auth)
	}
	if err := r.ParseMultipartForm(16 << 20); err != nil {
		h.fail("not multipart (Content-Type %q): %v", r.Header.Get("Content-Type"), err)
		writeJSON(w, http.StatusBadRequest, map[string]any{"ok": false, "error": "invalid_multipart"})
		return
	}
	files := r.MultipartForm.File["file"]
	if len(files) != 1 {
		h.fail("want one part named file, got %d (parts %v)", len(files), r.MultipartForm.File)
		writeJSON(w, http.StatusBadRequest, map[string]any{"ok": false, "error": "file_required"})
		return
	}
	fh := files[0]
	if ct := fh.Header.Get("Content-Type"); ct != "image/jpeg" {
		h.fail("%s: part Content-Type %q, want image/jpeg", fh.Filename, ct)
	}
	m := frameName.FindStringSubmatch(fh.Filename)
	if m == nil {
		h.fail("file name %q is not frame-NN.jpg", fh.Filename)
		writeJSON(w, http.StatusBadRequest, map[string]any{"ok": false, "error": "bad_name"})
		return
	}
	f, err := fh.Open()
	if err != nil {
		h.fail("%s: open part: %v", fh.Filename, err)
		return
	}
	head := make([]byte, 3)
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || !bytes.Equal(head, []byte{0xFF, 0xD8, 0xFF}) {
		h.fail("%s: body is not a JPEG (starts %x, %v, %d bytes)", fh.Filename, head, err, fh.Size)
	}
	h.mu.Lock()
	h.frames = append(h.frames, fh.Filename)
	h.mu.Unlock()

	n := strings.TrimLeft(m[1], "0")
	switch {
	case n == "3":
		h.thirdSet.Do(func() { close(h.third) })
	case n == "1" && r.URL.Query().Has("hold"):
		// Frame 3 can only be sent once frame 2 has been answered (two uploads at a time),
		// so holding frame 1 until then makes its answer arrive last: onComplete must still
		// list it first.
		select {
		case <-h.third:
		case <-r.Context().Done():
			return
		case <-time.After(30 * time.Second):
			h.fail("frame 3 never arrived while frame 1 was pending: uploads do not run two at a time")
		}
	}
	base := "http://" + r.Host + "/media/f" + n
	writeJSON(w, http.StatusCreated, map[string]any{
		"ok": true, "url": base + ".webp", "url_wm": base + "-wm.webp", "width": 640, "height": 480,
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (h *harness) page(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	config, _ := json.Marshal(map[string]any{
		"endpoint": q.Get("endpoint"), "scenario": q.Get("scenario"), "frames": 3, "interval": 150,
	})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = io.WriteString(w, strings.Replace(testPage, "CONFIG", string(config), 1))
}

// testPage records script errors and the globals present before the widget loads, spies
// on getUserMedia to see which camera was asked for and whether it was released, then
// runs one capture and reports what the callbacks received. Scenarios: "auto" lets the
// timer take all frames; "click" taps the preview and the shutter, then presses Finish;
// "escape" presses Escape as soon as the camera shows a picture.
const testPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>capture3d test</title>
<script>
window.__errors = [];
window.addEventListener('error', function (e) {
  window.__errors.push(String(e.message || (e.target && e.target.src) || e.type));
}, true);
window.addEventListener('unhandledrejection', function (e) {
  window.__errors.push('unhandled rejection: ' + String(e.reason && e.reason.message || e.reason));
});
window.__streams = [];
window.__facingMode = '';
(function () {
  var media = navigator.mediaDevices;
  var original = media.getUserMedia.bind(media);
  media.getUserMedia = function (constraints) {
    var fm = constraints && constraints.video && constraints.video.facingMode;
    window.__facingMode = String(fm && (fm.ideal || fm.exact) || fm || '');
    return original(constraints).then(function (s) { window.__streams.push(s); return s; });
  };
})();
window.__before = Object.getOwnPropertyNames(window);
</script>
<script src="/widget/capture3d.js"></script>
</head><body>
<script>
(function () {
  var config = CONFIG;
  var base = {
    leaked: Object.getOwnPropertyNames(window).filter(function (k) { return k !== '__before' && window.__before.indexOf(k) < 0; }),
    captureType: typeof (window.ListingsWidget && window.ListingsWidget.capture3d),
    version: window.ListingsWidget ? String(window.ListingsWidget.version || '') : ''
  };
  function send(extra) {
    var live = 0;
    window.__streams.forEach(function (s) {
      s.getTracks().forEach(function (t) { if (t.readyState === 'live') live++; });
    });
    var body = Object.assign({}, base, extra, {
      errors: window.__errors, streams: window.__streams.length, liveTracks: live,
      facingMode: window.__facingMode, overlayLeft: !!document.querySelector('.lw3d-overlay')
    });
    fetch('/report', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }
  if (base.captureType !== 'function') { send({ event: 'missing' }); return; }
  var handle = ListingsWidget.capture3d({
    uploadEndpoint: config.endpoint, frames: config.frames, interval: config.interval,
    lang: config.scenario === 'escape' ? undefined : 'en',
    // Escape runs in click mode so no timer can take a frame before the key press.
    mode: config.scenario === 'auto' ? 'auto' : 'click',
    onComplete: function (urls) { send({ event: 'complete', urls: urls }); },
    onCancel: function () { send({ event: 'cancel' }); },
    onError: function (err) {
      send({ event: 'error', code: String(err && err.code || ''), message: String(err && err.message), status: err && err.status || 0 });
    }
  });
  base.handle = !!handle;
  base.second = '';
  ListingsWidget.capture3d({ uploadEndpoint: config.endpoint, onError: function (err) { base.second = err.code + ': ' + err.message; } });
  var start = document.querySelector('[data-lw3d-action="start"]');
  if (!start) { send({ event: 'no-start-button' }); return; }
  start.click();
  if (config.scenario === 'auto') return;
  var poll = setInterval(function () {
    var video = document.querySelector('.lw3d-video');
    if (!video || video.videoWidth === 0) return;
    clearInterval(poll);
    var status = document.querySelector('.lw3d-top');
    if (config.scenario === 'click') {
      document.querySelector('.lw3d-stage').click();
      document.querySelector('[data-lw3d-action="shoot"]').click();
      base.statusText = status.textContent;
      document.querySelector('[data-lw3d-action="finish"]').click();
    } else {
      base.statusText = status.textContent;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    }
  }, 50);
})();
</script>
</body></html>
`

func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH (chromium, chromium-browser, google-chrome); install one to run the widget browser tests")
	return ""
}

// runChromium opens url in headless Chromium and returns the page's first report. Chromium
// runs in its own process group so its zygote, renderer and GPU helpers die with it.
func runChromium(t *testing.T, bin, url string, reports <-chan pageReport) pageReport {
	t.Helper()
	profile, err := os.MkdirTemp("", "capture3d-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: a helper still flushing its profile would turn cleanup into a failure.
	defer removeProfile(t, profile)
	logPath := filepath.Join(t.TempDir(), "chromium.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
		"--user-data-dir="+profile,
		"--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
		"--autoplay-policy=no-user-gesture-required",
		url)
	// A file, not a pipe: helpers that outlive the browser process must not hold Wait up.
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	pgid := cmd.Process.Pid
	exited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()
	defer func() {
		// SIGTERM lets Chromium shut its helpers down; SIGKILL on the whole group makes sure.
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
		}
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-exited
	}()

	chromiumLog := func() string {
		b, _ := os.ReadFile(logPath)
		if len(b) > 4000 {
			b = b[len(b)-4000:]
		}
		return string(b)
	}
	select {
	case rep := <-reports:
		return rep
	case <-exited:
		t.Fatalf("chromium exited before the page reported: %v\n%s", waitErr, chromiumLog())
	case <-ctx.Done():
		t.Fatalf("no report from the page within 60 s\n%s", chromiumLog())
	}
	return pageReport{}
}

func removeProfile(t *testing.T, dir string) {
	var err error
	for range 10 {
		if err = os.RemoveAll(dir); err == nil {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("leaving Chromium profile %s: %v", dir, err)
}
