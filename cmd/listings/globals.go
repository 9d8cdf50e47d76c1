package main

import (
	"fmt"
	"io"
	"os"
	"strings"

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
	// sessions are those this command opened; their budgets are left for the next
	// command when it ends.
	sessions []*session
}

func defaultGlobals() *globals {
	return &globals{
		getenv:  os.Getenv,
		keyring: func() keystore.Store { return keystore.NewKeyring(0) },
	}
}

// Environment variables that stand in for a global flag when it is not given, so a
// script can set the service once (LISTINGS_PROFILE and LISTINGS_API_KEY are the
// keystore's).
const (
	envBaseURL = "LISTINGS_BASE_URL"
	envLang    = "LISTINGS_LANG"
)

func (g *globals) bind(root *cobra.Command) {
	pf := root.PersistentFlags()
	pf.StringVar(&g.profile, "profile", "", "profile to use (default: $LISTINGS_PROFILE, else the current one)")
	pf.StringVar(&g.baseURL, "base-url", strings.TrimSpace(g.getenv(envBaseURL)),
		"base URL of the service, e.g. https://api.example.com (or $"+envBaseURL+")")
	pf.StringVar(&g.lang, "lang", strings.TrimSpace(g.getenv(envLang)),
		"language of names and titles: uk, ru or en (or $"+envLang+")")
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

// session is what a command that talks to the service needs.
type session struct {
	Client  *api.Client
	Lang    string
	Profile string // "" when the key came with --base-url and LISTINGS_API_KEY alone
	Source  keystore.Source
	BaseURL string
	budget  string // the budget file of this key and service
}

// open finishes a session: it starts from the budget the last command left.
func (g *globals) open(s *session, key string) *session {
	s.BaseURL = s.Client.BaseURL()
	s.budget = budgetFile(g.getenv, s.BaseURL, key)
	restoreBudget(s.Client, s.budget)
	g.sessions = append(g.sessions, s)
	return s
}

// closeSessions leaves every session's budget for the next command.
func (g *globals) closeSessions() {
	for _, s := range g.sessions {
		saveBudget(s.Client, s.budget)
	}
	g.sessions = nil
}

// newSession resolves the service and the key the way every command and the TUI do:
// --base-url with LISTINGS_API_KEY needs no profile at all; otherwise the profile named
// by --profile, LISTINGS_PROFILE or the config gives the base URL, and its key comes from
// LISTINGS_API_KEY, the keyring or the file, in that order.
func (g *globals) newSession(cmd *cobra.Command) (*session, error) {
	lang := g.lang
	if lang != "" && lang != "uk" && lang != "ru" && lang != "en" {
		return nil, usageErrorf("--lang %q (or $%s): use uk, ru or en", lang, envLang)
	}
	envKey := strings.TrimSpace(g.getenv(keystore.EnvVar))
	if g.baseURL != "" && envKey != "" {
		c, err := api.New(g.baseURL, api.StaticKey(envKey), g.apiOptions()...)
		if err != nil {
			return nil, &usageError{err}
		}
		return g.open(&session{Client: c, Lang: orDefault(lang, "uk"), Source: keystore.SourceEnv}, envKey), nil
	}
	env, err := g.profileEnv(cmd)
	if err != nil {
		return nil, err
	}
	cfg, err := env.Config()
	if err != nil {
		return nil, err
	}
	name := cfg.Select(g.profile, g.getenv)
	p, ok := cfg.Get(name)
	baseURL := g.baseURL
	if ok && baseURL == "" {
		baseURL = p.BaseURL
	}
	if baseURL == "" {
		return nil, fmt.Errorf("%w for profile %q: run listings auth login --base-url URL, or pass --base-url with %s set",
			keystore.ErrNoKey, name, keystore.EnvVar)
	}
	key, src, err := env.Key(cmd.Context(), cfg, name)
	if err != nil {
		return nil, err
	}
	c, err := api.New(baseURL, api.StaticKey(key), g.apiOptions()...)
	if err != nil {
		return nil, err
	}
	if lang == "" && ok {
		lang = p.Lang
	}
	return g.open(&session{Client: c, Lang: orDefault(lang, "uk"), Profile: name, Source: src}, key), nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
