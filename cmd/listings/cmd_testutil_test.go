package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/keystore"
)

// cli runs the command tree in-process against one service with one key, the way a
// script would with --base-url and LISTINGS_API_KEY: no profile, no keyring.
type cli struct {
	t    *testing.T
	base string
	key  string
	// uploads counts the photo and video uploads the service received.
	uploads *atomic.Int32
	// env is the environment besides the key and a fresh config directory.
	env map[string]string
	// cacheDir is shared by the runs of one runner, as by the commands of one script.
	cacheDir string
}

// newCLI starts a sandbox (business key: 600 requests a minute, so no test waits for
// the budget) and returns a runner for it.
func newCLI(t *testing.T, opts sandbox.Options) *cli {
	t.Helper()
	srv, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var uploads atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/v1/upload/") {
			uploads.Add(1)
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { ts.Close(); _ = srv.Close() })
	return &cli{t: t, base: ts.URL, key: sandbox.KeyBusiness, uploads: &uploads, cacheDir: t.TempDir()}
}

// withKey returns a runner for the same service with another key.
func (c *cli) withKey(key string) *cli {
	cp := *c
	cp.key = key
	return &cp
}

// withEnv returns a runner that names the service through LISTINGS_BASE_URL instead
// of --base-url, with more environment variables.
func (c *cli) withEnv(kv ...string) *cli {
	cp := *c
	cp.env = map[string]string{envBaseURL: c.base}
	for i := 0; i+1 < len(kv); i += 2 {
		cp.env[kv[i]] = kv[i+1]
	}
	cp.base = ""
	return &cp
}

type cliResult struct {
	stdout, stderr string
	code           int
}

func (c *cli) run(stdin string, args ...string) cliResult {
	c.t.Helper()
	return c.runCtx(context.Background(), stdin, nil, args...)
}

// runCtx runs one command line through main's execute: the same exit-code mapping and
// the same error line on stderr. stdout may be replaced to watch the output live.
func (c *cli) runCtx(ctx context.Context, stdin string, stdout *syncBuffer, args ...string) cliResult {
	c.t.Helper()
	env := map[string]string{keystore.EnvVar: c.key, "LISTINGS_CONFIG_DIR": c.t.TempDir(), envCacheDir: c.cacheDir}
	for k, v := range c.env {
		env[k] = v
	}
	if c.base != "" {
		args = append([]string{"--base-url", c.base}, args...)
	}
	g := &globals{
		getenv:  func(k string) string { return env[k] },
		keyring: func() keystore.Store { return keystore.NewMemory(keystore.SourceKeyring) },
	}
	if stdout == nil {
		stdout = &syncBuffer{}
	}
	var stderr syncBuffer
	code := execute(ctx, g, args, strings.NewReader(stdin), stdout, &stderr)
	r := cliResult{stdout.String(), stderr.String(), code}
	if secret := strings.TrimPrefix(c.key, "sk_test_"); secret != "" && strings.Contains(r.stdout+r.stderr, secret) {
		c.t.Errorf("the key appears in the output of %v", args)
	}
	return r
}

// ok runs a command that must succeed and returns its stdout.
func (c *cli) ok(stdin string, args ...string) string {
	c.t.Helper()
	r := c.run(stdin, args...)
	if r.code != exitOK {
		c.t.Fatalf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", args, r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

// okJSON runs a command that must succeed and decodes its stdout into v.
func (c *cli) okJSON(v any, stdin string, args ...string) {
	c.t.Helper()
	out := c.ok(stdin, args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		c.t.Fatalf("%v: stdout is not the expected JSON: %v\n%s", args, err, out)
	}
}

// fails runs a command that must exit with code and returns the result.
func (c *cli) fails(code int, stdin string, args ...string) cliResult {
	c.t.Helper()
	r := c.run(stdin, args...)
	if r.code != code {
		c.t.Fatalf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", args, r.code, code, r.stdout, r.stderr)
	}
	if code != exitOK && !strings.Contains(r.stderr, "listings: ") {
		c.t.Errorf("%v: no error message on stderr", args)
	}
	return r
}

// syncBuffer is a bytes.Buffer safe for a test goroutine reading while a command
// writes; notify, when set, is told about every write.
type syncBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	notify chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	if s.notify != nil {
		select {
		case s.notify <- struct{}{}:
		default:
		}
	}
	return n, err
}

func (s *syncBuffer) WriteString(str string) {
	_, _ = s.Write([]byte(str))
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Fixtures of the seed (assets/seed): a leaf that is approved at once and has no
// required attribute, a leaf that goes through moderation, and Kyiv.
const (
	catBooks       = 1004
	catPetSupplies = 705 // moderated; requires item_type
	kyivRef        = "8d5a980d-391c-11dd-90d9-001a92567626"
)

func bookJSON(title string) string {
	b, _ := json.Marshal(map[string]any{
		"title": title, "description": "Hardcover, good condition, no missing pages at all.",
		"price": 450, "currency": "UAH", "category_id": catBooks, "city_ref": kyivRef,
	})
	return string(b)
}

func petJSON(title string) string {
	b, _ := json.Marshal(map[string]any{
		"title": title, "description": "A sealed bag of dry food, 10 kg, best before next year.",
		"price": 900, "category_id": catPetSupplies, "city_ref": kyivRef,
		"attributes": map[string]any{"item_type": "food"},
	})
	return string(b)
}
