// Package cmdutil is what every command of listings shares: the Factory that holds the
// streams, the environment and the global flags and resolves the session (profile,
// key, base URL, language, the request budget kept between commands) for every command
// and for the interactive app; usage errors, the explanation of API failures and the
// exit codes; the JSON and table output helpers; the progress line on standard error;
// and serving an HTTP server until Ctrl+C.
//
// A command gets a *Factory from the root, asks it for a Session when it talks to the
// service, and writes through f.IOStreams; it never reads the process's environment or
// its files directly, so tests run it in-process with buffers and a map.
package cmdutil

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

// Factory is the outside world of one run of the command line and its global flags.
// Tests fill it with buffers, a map for the environment and a keyring in memory.
type Factory struct {
	IOStreams *iostreams.IOStreams
	Getenv    func(string) string
	Keyring   func() keystore.Store
	// Trace receives the LISTINGS_DEBUG=api trace; nil when it is off.
	Trace io.Writer
	// Version is this build's version (BuildVersion), sent in the User-Agent.
	Version string
	// Warn receives the keystore's warnings (a key read from the plain file); nil
	// writes them on standard error. The app holds them while it owns the screen.
	Warn func(string)
	// HTTPClient, when set, carries every request of the API clients; nil is the
	// API's own. Tests serve the sandbox through it in-process (sandbox.Direct), so
	// that a testing/synctest bubble fakes the budget's waits.
	HTTPClient *http.Client

	// The global flags, bound by Bind.
	Profile string
	BaseURL string
	Lang    string
	// KeepMetadata is --keep-metadata, bound by the commands that upload photos
	// (AddKeepMetadataFlag); media.keep_metadata in the config says the same for all.
	KeepMetadata bool

	// sessions are those this run opened; their budgets are left for the next
	// command when it ends (CloseSessions).
	sessions []*Session
	// warned are the warnings already given: the keystore warns on every read of the
	// plain file, and a command that reads the key twice must not say it twice.
	// auth status reads the keys of its profiles in parallel, hence the lock.
	warnMu sync.Mutex
	warned map[string]bool
}

// Environment variables that stand in for a global flag when it is not given, so a
// script can set the service once (LISTINGS_PROFILE and LISTINGS_API_KEY are the
// keystore's).
const (
	EnvBaseURL = "LISTINGS_BASE_URL"
	EnvLang    = "LISTINGS_LANG"
)

// Bind adds the global flags to the root command.
func (f *Factory) Bind(root *cobra.Command) {
	pf := root.PersistentFlags()
	pf.StringVar(&f.Profile, "profile", "", "profile to use (default: $LISTINGS_PROFILE, else the current one)")
	pf.StringVar(&f.BaseURL, "base-url", strings.TrimSpace(f.Getenv(EnvBaseURL)),
		"base URL of the service, e.g. https://api.example.com (or $"+EnvBaseURL+")")
	pf.StringVar(&f.Lang, "lang", strings.TrimSpace(f.Getenv(EnvLang)),
		"language of names and titles: uk, ru or en (or $"+EnvLang+")")
}

// ProfileEnv is the profile store: the config directory, the keyring and the plain
// file, for auth and for resolving a session.
func (f *Factory) ProfileEnv() (*profile.Env, error) {
	dir, err := profile.Dir(f.Getenv)
	if err != nil {
		return nil, err
	}
	return &profile.Env{
		Dir:        dir,
		Getenv:     f.Getenv,
		Keyring:    f.Keyring(),
		Warn:       f.warn,
		Version:    f.Version,
		APIOptions: f.APIOptions(),
	}, nil
}

// Config is the profile store and its config file.
func (f *Factory) Config() (*profile.Env, *profile.Config, error) {
	env, err := f.ProfileEnv()
	if err != nil {
		return nil, nil, err
	}
	cfg, err := env.Config()
	if err != nil {
		return nil, nil, err
	}
	return env, cfg, nil
}

func (f *Factory) warn(msg string) {
	f.warnMu.Lock()
	defer f.warnMu.Unlock()
	if f.warned[msg] {
		return
	}
	if f.warned == nil {
		f.warned = map[string]bool{}
	}
	f.warned[msg] = true
	if f.Warn != nil {
		f.Warn(msg)
		return
	}
	fmt.Fprintln(f.IOStreams.ErrOut, msg)
}

// APIOptions are the options every API client of this process gets.
func (f *Factory) APIOptions() []api.Option {
	opts := []api.Option{api.WithVersion(f.Version)}
	if f.Trace != nil {
		opts = append(opts, api.WithTrace(f.Trace))
	}
	if f.HTTPClient != nil {
		opts = append(opts, api.WithHTTPClient(f.HTTPClient))
	}
	if f.KeepMetadata || f.configKeepsMetadata() {
		opts = append(opts, api.WithKeepMetadata(true))
	}
	return opts
}

// configKeepsMetadata reads media.keep_metadata from the config file. It reads the
// file itself rather than through ProfileEnv, which asks APIOptions for its clients;
// a config that cannot be read keeps the default, photos without their metadata.
func (f *Factory) configKeepsMetadata() bool {
	dir, err := profile.Dir(f.Getenv)
	if err != nil {
		return false
	}
	cfg, err := profile.Load(dir)
	return err == nil && cfg.Media.KeepMetadata
}

// AddKeepMetadataFlag adds --keep-metadata to a command that uploads photos.
func AddKeepMetadataFlag(cmd *cobra.Command, f *Factory) {
	cmd.Flags().BoolVar(&f.KeepMetadata, "keep-metadata", false,
		"send photos as they are, with their location and camera data (or media.keep_metadata true in the config); by default they leave without them")
}

// EnvKey is LISTINGS_API_KEY, trimmed; "" when unset.
func (f *Factory) EnvKey() string { return strings.TrimSpace(f.Getenv(keystore.EnvVar)) }
