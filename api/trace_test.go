package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
)

func TestTraceLinesAndRedaction(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		switch r.URL.Path {
		case "/api/v1/my/listings":
			reply(w, 200, `{"ok":true,"count":0,"listings":[]}`)
		case "/api/v1/categories":
			// A careless server echoing the key in every field it can.
			reply(w, 401, `{"ok":false,"error":"invalid_key","hint":"key `+auth+` is unknown","field":"`+testKey+`",`+
				`"errors":[{"field":"x","error":"y","hint":"`+testKey+`"}],"echo":"`+testKey+`"}`)
		default:
			w.WriteHeader(500)
			_, _ = io.WriteString(w, "<html>"+auth+"</html>")
		}
	})
	var trace bytes.Buffer
	c := newClient(t, srv.URL, newClock(), api.WithTrace(&trace), api.WithRetry(1, 0))
	ctx := context.Background()
	if _, err := c.ListListings(ctx, api.ListParams{Limit: 20}); err != nil {
		t.Fatal(err)
	}
	_, err := c.Categories(ctx, "en")
	e := mustAPIError(t, err)
	if strings.Contains(err.Error(), testKey) || strings.Contains(e.Field, testKey) ||
		strings.Contains(string(e.Extra["echo"]), testKey) || strings.Contains(e.Errors[0].Hint, testKey) {
		t.Errorf("key leaked in %q / %+v", err, e)
	}
	if !strings.Contains(err.Error(), "[redacted]") {
		t.Errorf("error %q not visibly redacted", err)
	}
	_, err = c.Attributes(ctx, 5, "")
	if err == nil || strings.Contains(err.Error(), testKey) {
		t.Errorf("html error %v", err)
	}

	out := trace.String()
	if strings.Contains(out, testKey) || strings.Contains(out, "Bearer") || strings.Contains(out, "sk_test_") {
		t.Fatalf("trace leaks:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	line := regexp.MustCompile(`^2026-11-21T10:00:00\+02:00 GET /api/v1/my/listings\?limit=20 200 \d+m?s budget=1/60m 1/5000d$`)
	if !line.MatchString(lines[0]) {
		t.Errorf("line %q", lines[0])
	}
	if !strings.Contains(lines[1], "GET /api/v1/categories?lang=en 401 ") || !strings.HasSuffix(lines[1], "error=invalid_key") {
		t.Errorf("line %q", lines[1])
	}
	if !strings.Contains(lines[2], " 500 ") || !strings.Contains(lines[2], "error=bad_response") {
		t.Errorf("line %q", lines[2])
	}
}

func TestRedactedErrorKeepsIs(t *testing.T) {
	// A key source whose error quotes the key.
	c, err := api.New("https://api.example.com", keyFunc(func(context.Context) (string, error) {
		return testKey, errors.Join(context.DeadlineExceeded, errors.New("bad key "+testKey))
	}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Ping(context.Background())
	if err == nil || strings.Contains(err.Error(), testKey) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v", err)
	}
}

func TestTraceFromEnv(t *testing.T) {
	t.Setenv(api.EnvDebug, "")
	w, path, err := api.TraceFromEnv()
	if w != nil || path != "" || err != nil {
		t.Fatalf("trace on without %s: %v %q %v", api.EnvDebug, w, path, err)
	}
	file := filepath.Join(t.TempDir(), "sub", "trace.log")
	t.Setenv(api.EnvDebug, "ui, API")
	t.Setenv(api.EnvDebugFile, file)
	w, path, err = api.TraceFromEnv()
	if err != nil || w == nil || path != file {
		t.Fatalf("TraceFromEnv: %v %q %v", w, path, err)
	}
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true,"categories":[]}`) })
	c := newClient(t, srv.URL, newClock(), api.WithTrace(w))
	if _, err := c.Categories(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(file)
	st, _ := os.Stat(file)
	if !strings.Contains(string(b), "GET /api/v1/categories 200") || st.Mode().Perm() != 0o600 {
		t.Errorf("trace file %q mode %v", b, st.Mode())
	}

	t.Setenv(api.EnvDebugFile, "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	w, path, err = api.TraceFromEnv()
	if err != nil || !strings.HasSuffix(path, filepath.Join("listings", "api-trace.log")) {
		t.Fatalf("default path %q %v", path, err)
	}
	w.Close()
}

// A client or a key printed by mistake, or used as a panic value, shows no key.
func TestPrintingHidesKey(t *testing.T) {
	c, err := api.New("https://api.example.com", api.StaticKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	k := api.StaticKey(testKey)
	var panicked string
	func() {
		defer func() { panicked = fmt.Sprint(recover()) }()
		panic(k)
	}()
	for _, s := range []string{fmt.Sprintf("%v", c), fmt.Sprintf("%+v", c), fmt.Sprintf("%+v", []*api.Client{c}),
		fmt.Sprintf("%#v", c), fmt.Sprint(k), fmt.Sprintf("%q %#v %s %x", k, k, k, k), panicked} {
		if strings.Contains(s, testKey[8:]) || strings.Contains(s, fmt.Sprintf("%x", testKey[8:])) {
			t.Errorf("printed: %s", s)
		}
	}
}

// A hostile service's error code reaches the trace quoted: no escape sequence (an
// OSC 52 would set the clipboard of a terminal tailing the trace) and no line break
// (which would forge a line of it); a plain code stays as it is.
func TestTraceQuotesTheServicesWords(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/categories":
			reply(w, 422, `{"ok":false,"error":"\u001b]52;c;aGVsbG8=\u0007x\n2026-01-01 GET /forged 200","hint":"h"}`)
		default:
			reply(w, 422, `{"ok":false,"error":"attribute_invalid","hint":"h"}`)
		}
	})
	var trace bytes.Buffer
	c := newClient(t, srv.URL, newClock(), api.WithTrace(&trace), api.WithRetry(0, 0))
	_, _ = c.Categories(context.Background(), "en")
	_, _ = c.Attributes(context.Background(), 5, "en")
	out := trace.String()
	if strings.ContainsAny(out, "\x1b\x07") || strings.Count(out, "\n") != 2 || !strings.Contains(out, "error=attribute_invalid") {
		t.Fatalf("trace:\n%q", out)
	}
}

// A service that echoes the key in ping's answer (its prefix, its message) gets it
// taken out before anything prints it.
func TestPingTakesOutAnEchoedKey(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		reply(w, 200, `{"ok":true,"message":"pong for `+testKey+`","key_prefix":"`+testKey+`","rate_limit_per_minute":60,"daily_limit":5000}`)
	})
	c := newClient(t, srv.URL, newClock())
	info, err := c.Ping(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(info.Message+info.KeyPrefix, testKey[12:]) || !strings.HasPrefix(info.KeyPrefix, testKey[:12]) {
		t.Fatalf("%q %q", info.Message, info.KeyPrefix)
	}
}
