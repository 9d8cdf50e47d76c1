package tuicmd

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui"
	"github.com/listings-tui/listings/tui/theme"
	"github.com/listings-tui/listings/tui/watch"
)

// launch runs `listings args...` on a terminal (both stdin and stdout) with env, and
// returns the options the app would start with, stderr and the command's error.
func launch(t *testing.T, env map[string]string, keyring keystore.Store, args ...string) (tui.Options, string, error) {
	t.Helper()
	ios, _, stderr := iostreams.Test("")
	ios.IsStdinTTY, ios.IsStdoutTTY = true, true
	f := cmdtest.NewFactory(env, ios)
	if keyring != nil {
		f.Keyring = func() keystore.Store { return keyring }
	}
	var got tui.Options
	root := &cobra.Command{Use: "listings", SilenceErrors: true, SilenceUsage: true}
	f.Bind(root)
	Bind(root, f, func(_ context.Context, opts tui.Options) error { got = opts; return nil })
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	f.CloseSessions()
	return got, stderr.String(), err
}

// The app resolves its session as the commands do, and opens on the login screen where
// a command would fail for want of a profile or a key.
func TestTheAppResolvesTheSessionLikeTheCommands(t *testing.T) {
	t.Parallel()
	base := cmdtest.StartSandbox(t)
	cfgDir, data, cache := t.TempDir(), t.TempDir(), t.TempDir()
	env := map[string]string{profile.EnvConfigDir: cfgDir, "LISTINGS_DATA_DIR": data, cmdutil.EnvCacheDir: cache}

	// No profile at all: the login screen.
	opts, _, err := launch(t, env, nil)
	if err != nil || opts.Client != nil || !strings.Contains(opts.LoginReason, "no profile yet") || opts.Lang != "uk" {
		t.Errorf("no profile: %v, %+v", err, opts)
	}

	// --base-url with LISTINGS_API_KEY: no profile, the watch list beside the config.
	withKey := map[string]string{keystore.EnvVar: sandbox.KeyBusiness}
	for k, v := range env {
		withKey[k] = v
	}
	opts, _, err = launch(t, withKey, nil, "--base-url", base, "--lang", "en")
	if err != nil || opts.Client == nil || opts.BaseURL != base || opts.Key != sandbox.KeyBusiness ||
		opts.Profile != "" || opts.Env != nil || opts.Lang != "en" || opts.WatchPath != filepath.Join(cfgDir, "watch.json") {
		t.Errorf("--base-url with the key: %v, %+v", err, opts)
	}

	// A profile whose key is not stored: the login screen says so.
	cfg, err := profile.Load(cfgDir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Put(&profile.Profile{Name: "shop", BaseURL: base, Lang: "ru", Storage: profile.StorageKeyring})
	cfg.Current = "shop"
	cfg.TUI.WatchInterval = "soon"
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	opts, stderr, err := launch(t, env, nil)
	if err != nil || opts.Client != nil || opts.Profile != "shop" || opts.Lang != "ru" ||
		!strings.Contains(opts.LoginReason, `no key is stored for the profile "shop"`) {
		t.Errorf("a profile without its key: %v, %+v", err, opts)
	}
	if opts.WatchInterval != watch.DefaultInterval || !strings.Contains(stderr, `tui.watch_interval "soon"`) {
		t.Errorf("a bad watch interval: %s, stderr %q", opts.WatchInterval, stderr)
	}

	// The same profile with its key in the keyring.
	ring := keystore.NewMemory(keystore.SourceKeyring)
	if err := ring.Set(context.Background(), "shop", sandbox.KeyPersonal); err != nil {
		t.Fatal(err)
	}
	opts, _, err = launch(t, env, ring, "--lang", "en")
	if err != nil || opts.Client == nil || opts.Key != sandbox.KeyPersonal || opts.Env == nil || opts.Lang != "en" ||
		opts.WatchPath != filepath.Join(cfgDir, "watch-shop.json") || opts.DraftDir == "" {
		t.Errorf("a profile with its key: %v, %+v", err, opts)
	}

	// --sandbox: nothing of the profile, nothing stored.
	opts, _, err = launch(t, env, ring, "--sandbox")
	if err != nil || !opts.Sandbox || opts.Client == nil || opts.Key != sandbox.KeyPersonal || opts.Env != nil ||
		opts.WatchPath != "" || opts.DraftDir != "" {
		t.Errorf("--sandbox: %v, %+v", err, opts)
	}
}

func TestTheAppNeedsATerminalAndAKnownLanguage(t *testing.T) {
	t.Parallel()
	ios, _, _ := iostreams.Test("")
	ios.IsStdinTTY = true // stdout is a pipe
	f := cmdtest.NewFactory(map[string]string{}, ios)
	root := &cobra.Command{Use: "listings", SilenceErrors: true, SilenceUsage: true}
	f.Bind(root)
	Bind(root, f, func(context.Context, tui.Options) error { t.Error("the app started without a terminal"); return nil })
	root.SetArgs(nil)
	if err := root.ExecuteContext(context.Background()); !cmdutil.IsUsage(err) || !strings.Contains(err.Error(), "needs a terminal") {
		t.Errorf("no terminal: %v", err)
	}
	if _, _, err := launch(t, map[string]string{profile.EnvConfigDir: t.TempDir()}, nil, "--lang", "de"); !cmdutil.IsUsage(err) {
		t.Errorf("--lang de: %v, want a usage error", err)
	}
}

// sandboxEnv is the environment of a --sandbox start with a config directory of its
// own (cfgDir, where a test writes config.json) and nothing of the machine's.
func sandboxEnv(t *testing.T) (cfgDir string, env map[string]string) {
	cfgDir = t.TempDir()
	return cfgDir, map[string]string{profile.EnvConfigDir: cfgDir, "LISTINGS_DATA_DIR": t.TempDir(), cmdutil.EnvCacheDir: t.TempDir()}
}

// The nudge of a decision is turned off by the flag, the environment or the config.
func TestTheNudgeCanBeTurnedOff(t *testing.T) {
	t.Parallel()
	cfgDir, env := sandboxEnv(t)
	if opts, _, err := launch(t, env, nil, "--sandbox"); err != nil || opts.Quiet {
		t.Fatalf("by default: %v, quiet %v", err, opts.Quiet)
	}
	if opts, _, _ := launch(t, env, nil, "--sandbox", "--no-notify"); !opts.Quiet {
		t.Error("--no-notify")
	}
	off := map[string]string{envNotify: "off"}
	for k, v := range env {
		off[k] = v
	}
	if opts, _, _ := launch(t, off, nil, "--sandbox"); !opts.Quiet {
		t.Error(envNotify + "=off")
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.json"), []byte(`{"tui":{"notify":false}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if opts, _, _ := launch(t, env, nil, "--sandbox"); !opts.Quiet {
		t.Error("tui.notify false in the config")
	}
}

// tui.mouse false in the config leaves the mouse to the terminal; absent or true, the
// app has it.
func TestTheMouseCanBeLeftToTheTerminal(t *testing.T) {
	t.Parallel()
	cfgDir, env := sandboxEnv(t)
	if opts, _, err := launch(t, env, nil, "--sandbox"); err != nil || opts.NoMouse {
		t.Fatalf("by default: %v, no mouse %v", err, opts.NoMouse)
	}
	for cfg, off := range map[string]bool{`{"tui":{"mouse":false}}`: true, `{"tui":{"mouse":true}}`: false} {
		if err := os.WriteFile(filepath.Join(cfgDir, "config.json"), []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
		if opts, _, err := launch(t, env, nil, "--sandbox"); err != nil || opts.NoMouse != off {
			t.Errorf("%s: %v, no mouse %v", cfg, err, opts.NoMouse)
		}
	}
}

// --sandbox (and "Try the sandbox") hands the app its address before the sandbox is
// seeded, which the first frame does not need; requests wait for the seed.
func TestTheSandboxIsSeededAfterTheStart(t *testing.T) {
	held, release := make(chan struct{}), make(chan struct{})
	real := newSandbox
	newSandbox = func() (*sandbox.Server, error) {
		close(held)
		<-release
		return real()
	}
	t.Cleanup(func() { newSandbox = real })
	base, key, stop, err := serveInProcessSandbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	answered := make(chan int)
	go func() {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/ping", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- 0
			return
		}
		res.Body.Close()
		answered <- res.StatusCode
	}()
	close(release)
	if code := <-answered; code != http.StatusOK {
		t.Fatalf("ping answered %d", code)
	}
	select {
	case <-held:
	default:
		t.Fatal("the sandbox was seeded before its address was handed to the app: the first frame waited for the seed")
	}
}

// A sandbox that cannot be seeded answers every request with why.
func TestASandboxThatCannotStartSaysWhy(t *testing.T) {
	real := newSandbox
	newSandbox = func() (*sandbox.Server, error) { return nil, errors.New("no time zone data") }
	t.Cleanup(func() { newSandbox = real })
	base, _, stop, err := serveInProcessSandbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	res, err := http.Get(base + "/api/v1/ping")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "no time zone data") {
		t.Errorf("%d %s", res.StatusCode, body)
	}
}

// The theme comes from LISTINGS_THEME, else tui.theme in the config, else auto; an
// unknown name stops the app before it starts, naming where it was read and the names
// there are.
func TestTheThemeIsReadAndAnUnknownOneRefused(t *testing.T) {
	t.Parallel()
	cfgDir := t.TempDir()
	env := map[string]string{profile.EnvConfigDir: cfgDir, "LISTINGS_DATA_DIR": t.TempDir(), cmdutil.EnvCacheDir: t.TempDir()}
	with := func(k, v string) map[string]string {
		e := map[string]string{k: v}
		for k, v := range env {
			e[k] = v
		}
		return e
	}
	if opts, _, err := launch(t, env, nil, "--sandbox"); err != nil || opts.Theme != theme.Auto {
		t.Fatalf("by default: %v, theme %q", err, opts.Theme)
	}
	cfgPath := filepath.Join(cfgDir, "config.json")
	if err := os.WriteFile(cfgPath, []byte(`{"tui":{"theme":"Light"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if opts, _, err := launch(t, env, nil, "--sandbox"); err != nil || opts.Theme != theme.Light {
		t.Errorf("tui.theme Light: %v, theme %q", err, opts.Theme)
	}
	if opts, _, err := launch(t, with(envTheme, "ansi"), nil, "--sandbox"); err != nil || opts.Theme != theme.ANSI {
		t.Errorf("%s=ansi over the config: %v, theme %q", envTheme, err, opts.Theme)
	}
	_, _, err := launch(t, with(envTheme, "neon"), nil, "--sandbox")
	if !cmdutil.IsUsage(err) || !strings.Contains(err.Error(), envTheme) || !strings.Contains(err.Error(), "auto, dark, light or ansi") {
		t.Errorf("%s=neon: %v", envTheme, err)
	}
	if err := os.WriteFile(cfgPath, []byte(`{"tui":{"theme":"solarized"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--sandbox"}, nil} {
		_, _, err := launch(t, env, nil, args...)
		want := `tui.theme in ` + cfgPath + `: unknown theme "solarized": use auto, dark, light or ansi`
		if !cmdutil.IsUsage(err) || err.Error() != want {
			t.Errorf("listings %v with tui.theme solarized: %v, want a usage error %q", args, err, want)
		}
	}
}
