package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/watch"
)

// errNoTerminal is said when the interactive app is started without a terminal.
var errNoTerminal = errors.New("listings needs a terminal for the interactive app; see listings --help for the commands")

// hasTerminal reports whether stdin and stdout are both terminals; a variable so
// tests can pretend.
var hasTerminal = func(in io.Reader, out io.Writer) bool {
	fi, ok1 := in.(interface{ Fd() uintptr })
	fo, ok2 := out.(interface{ Fd() uintptr })
	return ok1 && ok2 && term.IsTerminal(fi.Fd()) && term.IsTerminal(fo.Fd())
}

// startTUI is what Run is in tests (they check the options instead of opening a
// terminal).
var startTUI = tui.Run

// runTUI starts the interactive app: on the in-process sandbox with --sandbox, on
// --base-url with LISTINGS_API_KEY and no profile, else on the selected profile; the
// login screen when there is no profile or no key.
func runTUI(cmd *cobra.Command, g *globals, useSandbox bool) error {
	if !hasTerminal(cmd.InOrStdin(), cmd.OutOrStdout()) {
		return &usageError{errNoTerminal}
	}
	lang := g.lang
	if lang != "" && lang != "uk" && lang != "ru" && lang != "en" {
		return usageErrorf("--lang %q: use uk, ru or en", lang)
	}
	stderr := cmd.ErrOrStderr()
	warn := &warnings{w: stderr}
	opts := tui.Options{
		Lang:           orDefault(lang, "uk"),
		Now:            time.Now,
		Version:        buildVersion(),
		APIOptions:     g.apiOptions(),
		SandboxStarter: serveInProcessSandbox,
	}
	ctx := cmd.Context()

	var env *profile.Env
	var cfg *profile.Config
	if e, err := g.profileEnv(cmd); err == nil {
		e.Warn = warn.add
		if c, err := e.Config(); err == nil {
			env, cfg = e, c
		} else if !useSandbox {
			return err
		}
	} else if !useSandbox {
		return err
	}
	opts.WatchInterval = watchInterval(cfg, stderr)
	if !useSandbox {
		// Drafts of the sandbox stay in memory: its ids and media die with it.
		if dir, err := draft.DataDir(g.getenv); err == nil {
			opts.DraftDir = dir
		} else {
			fmt.Fprintf(stderr, "listings: warning: drafts are kept in memory only: %v\n", err)
		}
	}

	envKey := strings.TrimSpace(g.getenv(keystore.EnvVar))
	switch {
	case useSandbox:
		base, key, stop, err := serveInProcessSandbox(ctx)
		if err != nil {
			return err
		}
		defer stop()
		c, err := api.New(base, api.StaticKey(key), g.apiOptions()...)
		if err != nil {
			return err
		}
		// No profile, no keyring, nothing written: the watch list lives in memory,
		// since the sandbox's ids are not the real service's.
		opts.Client, opts.BaseURL, opts.Sandbox, opts.Key = c, base, true, key
	case g.baseURL != "" && envKey != "":
		c, err := api.New(g.baseURL, api.StaticKey(envKey), g.apiOptions()...)
		if err != nil {
			return &usageError{err}
		}
		opts.Client, opts.BaseURL, opts.Key = c, c.BaseURL(), envKey
		g.open(&session{Client: c}, envKey)
		if dir, err := profile.Dir(g.getenv); err == nil {
			opts.WatchPath = filepath.Join(dir, "watch.json")
		}
	default:
		name := cfg.Select(g.profile, g.getenv)
		p, ok := cfg.Get(name)
		base := g.baseURL
		if ok && base == "" {
			base = p.BaseURL
		}
		if ok && lang == "" && p.Lang != "" {
			opts.Lang = p.Lang
		}
		opts.Env, opts.Profile, opts.BaseURL = env, name, base
		opts.WatchPath = filepath.Join(env.Dir, "watch-"+name+".json")
		if base == "" {
			opts.Profile = ""
			opts.LoginReason = "no profile yet: enter the service's address and your API key"
			break
		}
		key, _, err := env.Key(ctx, cfg, name)
		if err != nil {
			opts.LoginReason = keyProblem(name, err)
			break
		}
		c, err := api.New(base, api.StaticKey(key), g.apiOptions()...)
		if err != nil {
			opts.LoginReason = err.Error()
			break
		}
		opts.Client, opts.Key = c, key
		g.open(&session{Client: c}, key)
	}
	warn.hold()
	defer warn.flush()
	return startTUI(ctx, opts)
}

// keyProblem says why a profile's key could not be used, without the key.
func keyProblem(name string, err error) string {
	switch {
	case errors.Is(err, keystore.ErrNoKey), errors.Is(err, keystore.ErrNotFound):
		return fmt.Sprintf("no key is stored for the profile %q: paste it below", name)
	case errors.Is(err, keystore.ErrNoKeyring):
		return "the OS keyring cannot be used: " + err.Error()
	default:
		return fmt.Sprintf("the key of %q could not be read: %v", name, err)
	}
}

// watchInterval reads tui.watch_interval from the config: "" means the default,
// "0" turns the watch's polling off, and a bad value is warned about before the UI
// starts, then the default applies.
func watchInterval(cfg *profile.Config, stderr io.Writer) time.Duration {
	if cfg == nil || cfg.TUI.WatchInterval == "" {
		return watch.DefaultInterval
	}
	s := strings.TrimSpace(cfg.TUI.WatchInterval)
	if s == "0" {
		return 0
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		fmt.Fprintf(stderr, "listings: warning: tui.watch_interval %q in %s is not a duration like 15s; using %s\n",
			cfg.TUI.WatchInterval, cfg.Path(), watch.DefaultInterval)
		return watch.DefaultInterval
	}
	return d
}

// serveInProcessSandbox serves an in-process sandbox on a free loopback port and returns its
// address and the personal key; stop shuts it down. It backs --sandbox and the login
// screen's "Try the sandbox".
func serveInProcessSandbox(_ context.Context) (string, string, func(), error) {
	srv, err := sandbox.New(sandbox.Options{ModerationDelay: 20 * time.Second})
	if err != nil {
		return "", "", nil, fmt.Errorf("start sandbox: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = srv.Close()
		return "", "", nil, fmt.Errorf("start sandbox: %w", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = hs.Shutdown(ctx)
			_ = srv.Close()
		})
	}
	return "http://" + ln.Addr().String(), sandbox.KeyPersonal, stop, nil
}

// warnings passes the keystore's warnings to stderr before the UI starts and holds
// them while it runs, when stderr belongs to the alternate screen.
type warnings struct {
	mu   sync.Mutex
	w    io.Writer
	held bool
	buf  []string
}

func (w *warnings) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.held {
		w.buf = append(w.buf, msg)
		return
	}
	fmt.Fprintln(w.w, msg)
}

func (w *warnings) hold() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.held = true
}

func (w *warnings) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := map[string]bool{}
	for _, m := range w.buf {
		if !seen[m] {
			seen[m] = true
			fmt.Fprintln(w.w, m)
		}
	}
	w.buf, w.held = nil, false
}

// bindTUI makes `listings` with no command start the interactive app, and adds
// --sandbox for it.
func bindTUI(root *cobra.Command, g *globals) {
	var useSandbox bool
	root.Flags().BoolVar(&useSandbox, "sandbox", false,
		"start the interactive app on an in-process sandbox (no key, no network, nothing stored)")
	root.Args = cobra.NoArgs
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		return runTUI(cmd, g, useSandbox)
	}
}
