// Package clitest is the test harness of the listings commands: a Runner runs whole
// command lines in-process through root.Execute, the way a script runs the binary
// (--base-url and LISTINGS_API_KEY against a sandbox, no profile, no keyring), and
// returns stdout, stderr and the exit code. Also here: the fixtures those tests share.
// A command package's own tests, which cannot import the tree, use cmdtest.
package clitest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/cmd/listings/internal/root"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore"
)

// Runner runs command lines against one service with one key.
type Runner struct {
	T    *testing.T
	Base string // the service, passed as --base-url; "" when Env names it
	Key  string
	// Uploads counts the photo and video uploads the service received.
	Uploads *atomic.Int32
	// paths are those of every request the sandbox of New received (Requested).
	paths *pathLog
	// Env is the environment besides the key, a fresh config directory and CacheDir.
	Env map[string]string
	// CacheDir is shared by the runs of one runner, as by the commands of one script.
	CacheDir string
	// DataDir is the data directory (LISTINGS_DATA_DIR unless Env names one), shared
	// like CacheDir: the mirror and its cache of the day are made there, never in the
	// home directory of whoever runs the tests.
	DataDir string
	// StderrTTY makes standard error a terminal, for the progress a person sees.
	StderrTTY bool
	// StdoutTTY makes standard output a terminal, for what a command prints there
	// otherwise than to a pipe (cleaned text, no XLSX).
	StdoutTTY bool
	// Stdout, when set, replaces the buffer of standard output (a writer that fails).
	Stdout io.Writer
	// HTTP, when set, carries the requests instead of a socket (InProcess).
	HTTP *http.Client
}

// New starts a sandbox (business key: 600 requests a minute, so no test waits for the
// budget) and returns a runner for it.
func New(t *testing.T, opts sandbox.Options) *Runner {
	t.Helper()
	var uploads atomic.Int32
	paths := &pathLog{}
	svc := apitest.Serve(t, opts, counted(&uploads, paths))
	return &Runner{T: t, Base: svc.URL, Key: sandbox.KeyBusiness, Uploads: &uploads, CacheDir: t.TempDir(), DataDir: t.TempDir(),
		paths: paths}
}

// counted counts the uploads that pass and, with a log, keeps every request's path.
func counted(uploads *atomic.Int32, paths *pathLog) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/api/v1/upload/") {
				uploads.Add(1)
			}
			if paths != nil {
				paths.add(r.URL.Path)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// pathLog keeps the path of every request.
type pathLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *pathLog) add(p string) {
	l.mu.Lock()
	l.paths = append(l.paths, p)
	l.mu.Unlock()
}

// Requested counts the requests the sandbox of New received whose path ends with
// suffix ("/categories", "/cities/search").
func (c *Runner) Requested(suffix string) int {
	if c.paths == nil {
		return 0
	}
	c.paths.mu.Lock()
	defer c.paths.mu.Unlock()
	n := 0
	for _, p := range c.paths.paths {
		if strings.HasSuffix(p, suffix) {
			n++
		}
	}
	return n
}

// InProcess is New with the sandbox served in-process (sandbox.Direct) instead of
// on a socket: called inside a testing/synctest bubble, the sandbox's clock and the
// client's budget waits are the bubble's fake time, so a test may spend a personal
// key's 60 requests a minute many times over at no real cost.
func InProcess(t *testing.T, opts sandbox.Options) *Runner {
	t.Helper()
	var uploads atomic.Int32
	h := counted(&uploads, nil)(apitest.Open(t, opts))
	hc := &http.Client{Transport: sandbox.Direct(h), CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	return &Runner{T: t, Base: "http://127.0.0.1:1", Key: sandbox.KeyBusiness, Uploads: &uploads,
		CacheDir: t.TempDir(), HTTP: hc}
}

// Fake returns a runner for a service played by handler: for what the sandbox never
// answers (a listing with few fields, an odd status, a failing endpoint).
func Fake(t *testing.T, handler http.Handler) *Runner {
	t.Helper()
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close)
	return &Runner{T: t, Base: ts.URL, Key: sandbox.KeyBusiness, Uploads: &atomic.Int32{}, CacheDir: t.TempDir(), DataDir: t.TempDir()}
}

// Offline returns a runner for a service that is not there: for what must be refused
// before any request.
func Offline(t *testing.T) *Runner {
	return &Runner{T: t, Base: "http://127.0.0.1:1", Key: sandbox.KeyBusiness, DataDir: t.TempDir()}
}

// WithKey returns a runner for the same service with another key.
func (c *Runner) WithKey(key string) *Runner {
	cp := *c
	cp.Key = key
	return &cp
}

// WithEnv returns a runner that names the service through LISTINGS_BASE_URL instead
// of --base-url, with more environment variables (name, value, ...).
func (c *Runner) WithEnv(kv ...string) *Runner {
	cp := *c
	cp.Env = map[string]string{cmdutil.EnvBaseURL: c.Base}
	for i := 0; i+1 < len(kv); i += 2 {
		cp.Env[kv[i]] = kv[i+1]
	}
	cp.Base = ""
	return &cp
}

// Result is what one command line did.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Run runs one command line with stdin.
func (c *Runner) Run(stdin string, args ...string) Result {
	c.T.Helper()
	return c.RunCtx(context.Background(), stdin, nil, args...)
}

// langMu keeps the runs of a language other than English apart from every other run
// of the process (RunCtx).
var langMu sync.RWMutex

// otherLang says whether env asks for an interface language other than English, as
// the app reads the system's (i18n.Choose).
func otherLang(env map[string]string) bool {
	return i18n.Choose("", func(k string) string { return env[k] }) != i18n.English
}

// RunCtx runs one command line through root.Execute: the same exit-code mapping and
// the same error line on stderr as the binary. stdout may be given to watch the output
// live.
func (c *Runner) RunCtx(ctx context.Context, stdin string, stdout *iostreams.Buffer, args ...string) Result {
	c.T.Helper()
	cache := c.CacheDir
	if cache == "" {
		// Never the machine's own cache: a test served on a port another test used
		// before would read that test's budget (a day spent) back.
		cache = c.T.TempDir()
	}
	env := map[string]string{keystore.EnvVar: c.Key, "LISTINGS_CONFIG_DIR": c.T.TempDir(), cmdutil.EnvCacheDir: cache}
	if c.DataDir != "" {
		env[paths.EnvData] = c.DataDir
	}
	for k, v := range c.Env {
		env[k] = v
	}
	if c.Base != "" {
		args = append([]string{"--base-url", c.Base}, args...)
	}
	if stdout == nil {
		stdout = &iostreams.Buffer{}
	}
	var out io.Writer = stdout
	if c.Stdout != nil {
		out = c.Stdout
	}
	var stderr iostreams.Buffer
	// The interface's language is the process's (i18n.Use): a run in another language
	// runs alone, or a test beside it drew its English lines half in Ukrainian.
	if otherLang(env) {
		langMu.Lock()
		defer langMu.Unlock()
	} else {
		langMu.RLock()
		defer langMu.RUnlock()
	}
	f := cmdtest.NewFactory(env, iostreams.New(strings.NewReader(stdin), out, &stderr))
	f.IOStreams.IsStderrTTY = c.StderrTTY
	f.IOStreams.IsStdoutTTY = c.StdoutTTY
	f.HTTPClient = c.HTTP
	code := root.Execute(ctx, f, args)
	r := Result{stdout.String(), stderr.String(), code}
	if secret := strings.TrimPrefix(c.Key, "sk_test_"); secret != "" && strings.Contains(r.Stdout+r.Stderr, secret) {
		c.T.Errorf("the key appears in the output of %v", args)
	}
	return r
}

// OK runs a command that must succeed and returns its stdout.
func (c *Runner) OK(stdin string, args ...string) string {
	c.T.Helper()
	r := c.Run(stdin, args...)
	if r.Code != cmdutil.ExitOK {
		c.T.Fatalf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", args, r.Code, r.Stdout, r.Stderr)
	}
	return r.Stdout
}

// OKJSON runs a command that must succeed and decodes its stdout into v.
func (c *Runner) OKJSON(v any, stdin string, args ...string) {
	c.T.Helper()
	out := c.OK(stdin, args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		c.T.Fatalf("%v: stdout is not the expected JSON: %v\n%s", args, err, out)
	}
}

// Fails runs a command that must exit with code and returns the result.
func (c *Runner) Fails(code int, stdin string, args ...string) Result {
	c.T.Helper()
	r := c.Run(stdin, args...)
	if r.Code != code {
		c.T.Fatalf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", args, r.Code, code, r.Stdout, r.Stderr)
	}
	if code != cmdutil.ExitOK && !strings.Contains(r.Stderr, "listings: ") {
		c.T.Errorf("%v: no error message on stderr", args)
	}
	return r
}
