//go:build unix

package assets_test

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/proxy"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/assets"
)

// The example page, served from its own origin, loads the widget from the sandbox and
// posts frames across origins to the proxy, which forwards them with the key: the frames
// must reach the sandbox's media store, and the browser must be able to read the answers
// (CORS), all without the key leaving the server side.
func TestExamplePageUploadsThroughProxy(t *testing.T) {
	chromium := findChromium(t)

	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sandboxSrv := httptest.NewServer(sb)
	t.Cleanup(func() { sandboxSrv.Close(); _ = sb.Close() })

	reports := make(chan pageReport, 4)
	pageSrv := httptest.NewServer(examplePageMux(t, reports))
	t.Cleanup(pageSrv.Close)

	client, err := api.New(sandboxSrv.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	var log proxyLog
	// The forward's deadline is generous: under the race detector the in-process
	// sandbox takes 20–30 s to convert its first WebP, which a real service does not.
	h, err := proxy.New(client, proxy.Options{AllowOrigins: []string{pageSrv.URL}, Logf: log.logf, Timeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	proxySrv := httptest.NewServer(h)
	t.Cleanup(proxySrv.Close)

	q := url.Values{
		"sandbox": {sandboxSrv.URL}, "proxy": {proxySrv.URL + "/upload"},
		"frames": {"3"}, "interval": {"150"}, "lang": {"en"},
	}
	rep := runChromium(t, chromium, pageSrv.URL+"/capture3d.html?"+q.Encode(), reports)
	if len(rep.Errors) > 0 {
		t.Errorf("page errors: %q", rep.Errors)
	}
	if rep.Event != "complete" {
		t.Fatalf("page reported %q (code %q, status %d, message %q), want complete\nproxy log:\n%s",
			rep.Event, rep.Code, rep.Status, rep.Message, log.String())
	}
	if len(rep.URLs) != 3 {
		t.Fatalf("onComplete urls = %v, want 3", rep.URLs)
	}
	for _, u := range rep.URLs {
		if !strings.HasPrefix(u, sandboxSrv.URL+"/media/") {
			t.Errorf("frame URL %s is not in the sandbox's media store %s/media/", u, sandboxSrv.URL)
			continue
		}
		resp, err := http.Get(u)
		if err != nil {
			t.Errorf("GET %s: %v", u, err)
			continue
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/webp" {
			t.Errorf("GET %s: %d %s, want 200 image/webp", u, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}

	lines := log.String()
	wantOrigin := fmt.Sprintf("origin=%q", pageSrv.URL)
	if n := strings.Count(lines, "proxy: forward POST /upload"); n != 3 || strings.Count(lines, wantOrigin) != 3 ||
		strings.Count(lines, "status=201") != 3 {
		t.Errorf("proxy log should show 3 forwards from %s answered 201:\n%s", pageSrv.URL, lines)
	}
	if strings.Contains(lines, strings.TrimPrefix(sandbox.KeyBusiness, "sk_test_")) {
		t.Errorf("the key appears in the proxy's log:\n%s", lines)
	}
}

// examplePageMux serves the embedded example as a web server of the integrator's own
// would, plus a hook that presses the buttons and reports the page's result to /report.
func examplePageMux(t *testing.T, reports chan<- pageReport) *http.ServeMux {
	t.Helper()
	dir, err := fs.Sub(assets.Example, "example")
	if err != nil {
		t.Fatal(err)
	}
	page, err := fs.ReadFile(dir, "capture3d.html")
	if err != nil {
		t.Fatal(err)
	}
	const tag = `<script src="example.js"></script>`
	if !strings.Contains(string(page), tag) {
		t.Fatalf("capture3d.html does not load example.js with %s", tag)
	}
	hooked := strings.Replace(string(page), tag, `<script src="test-hook.js"></script>`+tag, 1)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /capture3d.html", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, hooked)
	})
	mux.Handle("GET /example.js", http.FileServerFS(dir))
	mux.HandleFunc("GET /test-hook.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		_, _ = io.WriteString(w, exampleHook)
	})
	mux.HandleFunc("POST /report", func(w http.ResponseWriter, r *http.Request) {
		var rep pageReport
		if err := json.NewDecoder(r.Body).Decode(&rep); err != nil {
			rep = pageReport{Event: "bad-report", Message: err.Error()}
		}
		select {
		case reports <- rep:
		default:
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

// exampleHook records script errors, waits for the page's Start button to be enabled
// (the widget has loaded), presses it and then the widget's own Start, and reports the
// page's "listings-example" event, or an error the page shows instead.
const exampleHook = `
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) {
    errors.push(String(e.message || (e.target && e.target.src) || e.type));
  }, true);
  var sent = false;
  function report(detail) {
    if (sent) return;
    sent = true;
    fetch('/report', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.assign({ errors: errors }, detail)) });
  }
  window.addEventListener('listings-example', function (e) { report(e.detail); });
  var poll = setInterval(function () {
    var start = document.getElementById('start');
    var status = document.getElementById('status');
    if (status && status.className === 'error') {
      clearInterval(poll);
      report({ event: 'page-error', message: status.textContent });
      return;
    }
    if (!start || start.disabled) return;
    clearInterval(poll);
    start.click();
    var inner = setInterval(function () {
      var b = document.querySelector('[data-lw3d-action="start"]');
      if (b) { clearInterval(inner); b.click(); }
    }, 50);
  }, 50);
})();
`

// proxyLog collects the proxy's log lines.
type proxyLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *proxyLog) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.b, format+"\n", args...)
}

func (l *proxyLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
