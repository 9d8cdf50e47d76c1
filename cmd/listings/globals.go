package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

// globals are the persistent flags and the outside world of every command; tests
// replace getenv and keyring instead of touching the process.
type globals struct {
	profile string
	baseURL string
	lang    string

	getenv  func(string) string
	keyring func() keystore.Store
	// trace receives the LISTINGS_DEBUG=api trace; nil when it is off.
	trace io.Writer
}

func defaultGlobals() *globals {
	return &globals{
		getenv:  os.Getenv,
		keyring: func() keystore.Store { return keystore.NewKeyring(0) },
	}
}

func (g *globals) bind(root *cobra.Command) {
	pf := root.PersistentFlags()
	pf.StringVar(&g.profile, "profile", "", "profile to use (default: $LISTINGS_PROFILE, else the current one)")
	pf.StringVar(&g.baseURL, "base-url", "", "base URL of the service, e.g. https://api.example.com")
	pf.StringVar(&g.lang, "lang", "", "language of names and titles: uk, ru or en")
}

func (g *globals) profileEnv(cmd *cobra.Command) (*profile.Env, error) {
	dir, err := profile.Dir(g.getenv)
	if err != nil {
		return nil, err
	}
	stderr := cmd.ErrOrStderr()
	return &profile.Env{
		Dir:        dir,
		Getenv:     g.getenv,
		Keyring:    g.keyring(),
		Warn:       func(msg string) { fmt.Fprintln(stderr, msg) },
		Version:    buildVersion(),
		APIOptions: g.apiOptions(),
	}, nil
}

// apiOptions are the options every API client of this process gets.
func (g *globals) apiOptions() []api.Option {
	opts := []api.Option{api.WithVersion(buildVersion())}
	if g.trace != nil {
		opts = append(opts, api.WithTrace(g.trace))
	}
	return opts
}
