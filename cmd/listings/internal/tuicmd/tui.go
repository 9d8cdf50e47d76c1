// Package tuicmd owns starting the interactive app: `listings` with no command, and
// --sandbox. It resolves the session through cmdutil.Factory like every command, and
// adds what only the app has: an in-process sandbox, and the login screen, rather than
// an error, when there is no profile or no key.
package tuicmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/setup"
)

// errNoTerminal is said when the interactive app is started without a terminal.
var errNoTerminal = errors.New("listings needs a terminal for the interactive app; see listings --help for the commands")

// Bind makes `listings` with no command start the interactive app, and adds --sandbox
// for it. start runs the app; nil is tui.Run (tests pass their own, to check the
// options instead of opening a terminal).
func Bind(root *cobra.Command, f *cmdutil.Factory, start func(context.Context, tui.Options) error) {
	if start == nil {
		start = tui.Run
	}
	var useSandbox, noNotify bool
	root.Flags().BoolVar(&useSandbox, "sandbox", false,
		"start the interactive app on an in-process sandbox (no key, no network, nothing stored)")
	root.Flags().BoolVar(&noNotify, "no-notify", false,
		"no bell and no desktop notification when a watched listing is decided (or tui.notify false in the config, or "+envNotify+"=off)")
	cmdutil.AddKeepMetadataFlag(root, f)
	root.Args = cobra.NoArgs
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		// The app owns the screen: no notice of a budget wait may draw on stderr.
		return run(cmdutil.NoWaitNotices(cmd.Context()), f, useSandbox, noNotify, start)
	}
}

// run starts the interactive app: on the in-process sandbox with --sandbox, on
// --base-url with LISTINGS_API_KEY and no profile, else on the selected profile; the
// login screen when there is no profile or no key.
func run(ctx context.Context, f *cmdutil.Factory, useSandbox, noNotify bool, start func(context.Context, tui.Options) error) error {
	ios := f.IOStreams
	if !ios.IsStdinTTY || !ios.IsStdoutTTY {
		return &cmdutil.UsageError{Err: errNoTerminal}
	}
	if err := f.CheckLang(); err != nil {
		return err
	}
	var cfg *profile.Config
	if _, c, err := f.Config(); err == nil {
		cfg = c
	}
	// The theme is checked before anything starts: a name mistyped is said and
	// nothing runs, rather than an app in colours the user did not ask for.
	name, err := themeChoice(f.Getenv, cfg)
	if err != nil {
		return err
	}
	photos, err := photosChoice(f.Getenv, cfg)
	if err != nil {
		return err
	}
	warn := &warnings{w: ios.ErrOut}
	f.Warn = warn.add
	opts := tui.Options{Settings: setup.Settings{
		Lang:           f.Lang,
		Now:            time.Now,
		Version:        f.Version,
		APIOptions:     f.APIOptions(),
		SandboxStarter: serveInProcessSandbox,
		Theme:          name,
		Photos:         photos,
	}}
	if useSandbox {
		var stop func()
		if stop, err = onSandbox(ctx, f, &opts); err != nil {
			return err
		}
		defer stop()
	} else if err = onService(ctx, f, &opts); err != nil {
		return err
	}
	opts.Lang = orDefault(opts.Lang, cmdutil.DefaultLang)
	opts.UILang, opts.UIApart = cmdutil.InterfaceLang(f.Getenv, cfg, opts.Profile)
	opts.Quiet = quiet(noNotify, f.Getenv, cfg)
	if cfg != nil && len(cfg.TUI.Keys) > 0 {
		// The app checks them against its tables and says what is wrong (tui/action).
		opts.Keys, opts.KeysFile = action.Keymap{}, cfg.Path()
		for id, ks := range cfg.TUI.Keys {
			opts.Keys[action.ID(id)] = ks
		}
	}
	if cfg != nil {
		// The browser checks them and says what does not apply; its column menu
		// writes a tab's list back, keeping the rest of the file.
		dir := cfg.Dir()
		opts.Columns = browser.ColumnConfig{Tabs: cfg.TUI.Columns, File: cfg.Path(),
			Save: func(tab string, list []string) error { return profile.SaveColumns(dir, tab, list) }}
		opts.Views = browser.ViewConfig{Views: cfg.TUI.Views, File: cfg.Path(), Edit: editViews(dir)}
	}
	// The mouse is the app's unless the config keeps it for the terminal's selection.
	opts.NoMouse = cfg != nil && cfg.TUI.Mouse != nil && !*cfg.TUI.Mouse
	if opts.Mirror != nil {
		defer opts.Mirror.Close()
	}
	warn.hold()
	defer warn.flush()
	return start(ctx, opts)
}

// onSandbox starts the in-process sandbox for the app. No profile, no keyring, nothing
// written: drafts and the watch list live in memory, since the sandbox's ids and media
// are not the real service's. A config that cannot be read only loses its settings.
func onSandbox(ctx context.Context, f *cmdutil.Factory, opts *tui.Options) (stop func(), err error) {
	var cfg *profile.Config
	if _, c, err := f.Config(); err == nil {
		cfg = c
	}
	opts.WatchInterval = watchInterval(cfg, f.IOStreams.ErrOut)
	base, key, stop, err := serveInProcessSandbox(ctx)
	if err != nil {
		return nil, err
	}
	c, err := api.New(base, api.StaticKey(key), f.APIOptions()...)
	if err != nil {
		stop()
		return nil, err
	}
	opts.Client, opts.BaseURL, opts.Sandbox, opts.Key = c, base, true, key
	// A mirror for this run only, so that search and views over time can be tried;
	// the background sync fills it a few seconds after the start. Its file is made
	// after the first frame (OpenFast of a file not there yet).
	if dir, err := os.MkdirTemp("", "listings-sandbox-"); err == nil {
		if db, err := mirror.OpenFastAfter(ctx, filepath.Join(dir, "mirror.db"), cmdutil.AppMakeAfter); err == nil {
			opts.Mirror = db
			sandboxStop := stop
			stop = func() { sandboxStop(); _ = os.RemoveAll(dir) } // run closes the mirror first
		} else {
			_ = os.RemoveAll(dir)
		}
	}
	return stop, nil
}

// onService resolves the session as every command does (cmdutil.Factory.Target and
// Open); where a command would fail for want of a profile or a key, the app opens on
// its login screen and says why.
func onService(ctx context.Context, f *cmdutil.Factory, opts *tui.Options) error {
	t, err := f.Target()
	if err != nil {
		return err
	}
	cfg := t.Config
	if t.EnvOnly() {
		// The app's own settings are in the config even when the key is not.
		if _, cfg, err = f.Config(); err != nil {
			return err
		}
	}
	opts.WatchInterval = watchInterval(cfg, f.IOStreams.ErrOut)
	if dir, err := paths.Data(f.Getenv); err == nil {
		opts.DraftDir = dir
	} else {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: warning: drafts are kept in memory only: %v\n", err)
	}
	// Bulk jobs are journaled where the CLI keeps them, so `listings jobs` lists the
	// app's and either resumes the other's.
	if dir, err := cmdutil.JobsDir(f.Getenv); err == nil {
		opts.JobsDir = dir
	}
	opts.Lang = t.Lang
	if t.EnvOnly() {
		s, err := f.Open(ctx, t)
		if err != nil {
			return err
		}
		opts.Client, opts.BaseURL, opts.Key = s.Client, s.BaseURL, s.Key
		openMirror(ctx, f, t, opts)
		if dir, err := profile.Dir(f.Getenv); err == nil {
			opts.WatchPath = paths.Watch(dir, "")
		}
		return nil
	}
	opts.Env, opts.Profile, opts.BaseURL = t.Env, t.Profile, t.BaseURL
	opts.WatchPath = paths.Watch(t.Env.Dir, t.Profile)
	if t.BaseURL == "" {
		opts.Profile = ""
		opts.LoginReason = i18n.T("cli.tui.no_profile")
		return nil
	}
	s, err := f.Open(ctx, t)
	var ke *cmdutil.KeyError
	switch {
	case errors.As(err, &ke):
		opts.LoginReason = keyProblem(t.Profile, ke.Err)
	case err != nil:
		opts.LoginReason = err.Error()
	default:
		opts.Client, opts.Key = s.Client, s.Key
		openMirror(ctx, f, t, opts)
	}
	return nil
}

// openMirror opens the profile's local mirror for the app (api/mirror): its rows on
// the first frame, search, views over time, a background sync. Its integrity check
// waits for the first frame (tui/mirror.go). Without one (a data
// directory that cannot be written, a newer app's file) the app runs as before, and
// says why on stderr when it ends.
func openMirror(ctx context.Context, f *cmdutil.Factory, t *cmdutil.Target, opts *tui.Options) {
	db, err := f.OpenMirrorFast(ctx, t)
	if err != nil {
		f.Warn(fmt.Sprintf("listings: warning: the app ran without its local mirror: %v", err))
		return
	}
	opts.Mirror, opts.MirrorNotice = db, db.Rebuilt()
}

// keyProblem says why a profile's key could not be used, without the key.
func keyProblem(name string, err error) string {
	switch {
	case errors.Is(err, keystore.ErrNoKey), errors.Is(err, keystore.ErrNotFound):
		return i18n.T("cli.tui.no_key", "Profile", name)
	case errors.Is(err, keystore.ErrNoKeyring):
		return i18n.T("cli.tui.no_keyring", "Err", err.Error())
	default:
		return i18n.T("cli.tui.key_unreadable", "Profile", name, "Err", err.Error())
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
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

// editViews is how the browser changes the saved views in the config file in dir:
// the file read again, every other setting kept (profile.EditTUI).
func editViews(dir string) func(func(*browser.ViewEdit) error) error {
	return func(edit func(*browser.ViewEdit) error) error {
		return profile.EditTUI(dir, func(t *profile.TUISettings) error {
			e := browser.ViewEdit{Views: t.Views, Columns: t.Columns}
			if e.Columns == nil {
				e.Columns = map[string][]string{}
			}
			if err := edit(&e); err != nil {
				return err
			}
			t.Views, t.Columns = e.Views, e.Columns
			if len(t.Columns) == 0 {
				t.Columns = nil
			}
			return nil
		})
	}
}
