package proxycmd

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/keystore"
)

// envKeyFactory is a command line with --base-url and LISTINGS_API_KEY: no profile,
// no keyring.
func envKeyFactory(baseURL, key string) (f *cmdutil.Factory, stdout, stderr *iostreams.Buffer) {
	ios, stdout, stderr := iostreams.Test("")
	f = cmdtest.NewFactory(map[string]string{keystore.EnvVar: key}, ios)
	f.BaseURL = baseURL
	return f, stdout, stderr
}

// startProxy runs the proxy command until the test ends; it returns the proxy's base URL
// and a stop function that returns the command's error.
func startProxy(t *testing.T, f *cmdutil.Factory, opts options) (base string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	opts.onListen = func(b string) { ready <- b }
	if opts.timeout == 0 {
		opts.timeout = 5 * time.Minute // the sandbox's first WebP conversion is slow under -race
	}
	errc := make(chan error, 1)
	go func() { errc <- run(ctx, f, opts) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { cancel(); err = <-errc })
		return err
	}
	t.Cleanup(func() { _ = stop() })
	select {
	case base = <-ready:
	case err := <-errc:
		t.Fatalf("proxy did not start: %v", err)
	}
	return base, stop
}

func framePost(t *testing.T, url, origin string) *http.Response {
	t.Helper()
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, _ := mw.CreateFormFile("file", "frame-01.png")
	_, _ = w.Write(img.Bytes())
	_ = mw.Close()
	req, err := http.NewRequest(http.MethodPost, url, &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestProxyCommandForwardsFrames(t *testing.T) {
	sb := cmdtest.StartSandbox(t)
	f, stdout, stderr := envKeyFactory(sb, sandbox.KeyPersonal)
	base, stop := startProxy(t, f, options{
		listen: "127.0.0.1:0", path: "/frames", origins: []string{"https://shop.example"}, example: true,
	})

	resp := framePost(t, base+"/frames", "https://shop.example")
	var got struct {
		OK  bool   `json:"ok"`
		URL string `json:"url"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != http.StatusCreated || !got.OK {
		t.Fatalf("POST a frame: %d %+v %v", resp.StatusCode, got, err)
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != "https://shop.example" {
		t.Errorf("Access-Control-Allow-Origin = %q", resp.Header.Get("Access-Control-Allow-Origin"))
	}
	media, err := http.Get(got.URL)
	if err != nil {
		t.Fatal(err)
	}
	media.Body.Close()
	if !strings.HasPrefix(got.URL, sb+"/media/") || media.StatusCode != http.StatusOK || media.Header.Get("Content-Type") != "image/webp" {
		t.Errorf("frame URL %s: %d %s; want a sandbox media URL serving image/webp", got.URL, media.StatusCode, media.Header.Get("Content-Type"))
	}

	if resp := framePost(t, base+"/frames", "https://evil.example"); resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign origin: %d, want 403", resp.StatusCode)
	}

	page, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	csp := page.Header.Get("Content-Security-Policy")
	if page.StatusCode != http.StatusOK || !bytes.Contains(html, []byte("ListingsWidget.capture3d")) ||
		!strings.Contains(csp, "script-src 'self' "+sb+";") {
		t.Errorf("GET /: %d, CSP %q, page mentions the widget: %v", page.StatusCode, csp, bytes.Contains(html, []byte("capture3d")))
	}
	if js, err := http.Get(base + "/example.js"); err != nil || js.StatusCode != http.StatusOK {
		t.Errorf("GET /example.js: %v %v", err, js)
	} else {
		js.Body.Close()
	}

	if err := stop(); err != nil {
		t.Fatalf("proxy returned %v after ctrl+c, want nil", err)
	}
	out, logs := stdout.String(), stderr.String()
	for _, want := range []string{"uploadEndpoint: '" + base + "/frames'", "Allowed origins: https://shop.example",
		"Example page: " + base + "/?"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"proxy: forward POST /frames", "status=201", "proxy: refuse POST /frames", "origin_not_allowed", "proxy stopped"} {
		if !strings.Contains(logs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, logs)
		}
	}
	cmdtest.AssertNoKey(t, sandbox.KeyPersonal, nil, out, logs)
}

func TestProxyCommandRefusesBadSetup(t *testing.T) {
	for _, args := range [][]string{
		{"--allow-origin", "*"},
		{"--allow-origin", "shop.example"},
		{"--listen", "8081"},
		{"--path", "upload"},
	} {
		f, _, _ := envKeyFactory("http://127.0.0.1:1", sandbox.KeyPersonal)
		cmd := NewCmd(f)
		cmd.SetArgs(args)
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.ExecuteContext(context.Background())
		if !cmdutil.IsUsage(err) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}

	f, _, _ := envKeyFactory(cmdtest.StartSandbox(t), sandbox.KeyReadonly)
	err := run(context.Background(), f, options{listen: "127.0.0.1:0", path: "/upload"})
	if err == nil || !strings.Contains(err.Error(), "listings:write") {
		t.Errorf("read-only key: %v, want a refusal naming listings:write", err)
	}
}

func TestProxyCommandWarnsBeyondLoopback(t *testing.T) {
	f, _, stderr := envKeyFactory(cmdtest.StartSandbox(t), sandbox.KeyPersonal)
	_, stop := startProxy(t, f, options{listen: "0.0.0.0:0", path: "/upload"})
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "warning: the proxy listens on 0.0.0.0:0, beyond this machine") {
		t.Errorf("no warning for a non-loopback address:\n%s", stderr)
	}
}
