package cmdutil

import (
	"context"
	"errors"
	"strconv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

// DefaultLang is the language when neither --lang, LISTINGS_LANG nor the profile says.
const DefaultLang = "uk"

// Target is the service and the profile a command line names, found from the global
// flags, the environment and the config, before any key is read: --base-url with
// LISTINGS_API_KEY needs no profile at all; otherwise the profile named by --profile,
// LISTINGS_PROFILE or the config gives the base URL and the language.
type Target struct {
	Lang    string // --lang, else the profile's; "" when neither says (DefaultLang)
	BaseURL string // --base-url, else the profile's; "" when there is nothing to log in to
	Profile string // the profile's name; "" when the key is LISTINGS_API_KEY with --base-url
	// Env and Config are the profile store; nil with LISTINGS_API_KEY and --base-url.
	Env    *profile.Env
	Config *profile.Config

	envKey string
}

// EnvOnly reports whether the key is LISTINGS_API_KEY with --base-url: no profile, no
// keyring, no config file.
func (t *Target) EnvOnly() bool { return t.envKey != "" }

// Session is what a command, or the app, that talks to the service needs.
type Session struct {
	Client  *api.Client
	Lang    string
	Profile string // "" when the key came with --base-url and LISTINGS_API_KEY alone
	Source  keystore.Source
	BaseURL string
	// Key is the key in use, only so that the app's crash report can redact it; it is
	// never printed.
	Key string

	budget string // the budget file of this key and service
}

// KeyError is a profile's key that could not be read: none stored, no keyring, a
// damaged file. Its message is the keystore's own.
type KeyError struct {
	Profile string
	Err     error
}

func (e *KeyError) Error() string { return e.Err.Error() }
func (e *KeyError) Unwrap() error { return e.Err }

// CheckLang refuses a --lang (or LISTINGS_LANG) the service does not speak.
func (f *Factory) CheckLang() error {
	switch f.Lang {
	case "", "uk", "ru", "en":
		return nil
	}
	return Usage("cli.err.bad_lang", "Lang", strconv.Quote(f.Lang), "Env", EnvLang)
}

// Target resolves the service and the profile of this command line.
func (f *Factory) Target() (*Target, error) {
	if err := f.CheckLang(); err != nil {
		return nil, err
	}
	if envKey := f.EnvKey(); f.BaseURL != "" && envKey != "" {
		return &Target{Lang: f.Lang, BaseURL: f.BaseURL, envKey: envKey}, nil
	}
	env, cfg, err := f.Config()
	if err != nil {
		return nil, err
	}
	t := &Target{Lang: f.Lang, BaseURL: f.BaseURL, Profile: cfg.Select(f.Profile, f.Getenv), Env: env, Config: cfg}
	if p, ok := cfg.Get(t.Profile); ok {
		t.BaseURL = orDefault(t.BaseURL, p.BaseURL)
		t.Lang = orDefault(t.Lang, p.Lang)
	}
	return t, nil
}

// Open reads the target's key (LISTINGS_API_KEY, the keyring or the file, in that
// order), builds the client and starts it from the budget the last command left; the
// budget is left again for the next one by CloseSessions. A key that cannot be read
// is a *KeyError.
func (f *Factory) Open(ctx context.Context, t *Target) (*Session, error) {
	s := &Session{Lang: orDefault(t.Lang, DefaultLang), Profile: t.Profile}
	if t.EnvOnly() {
		c, err := api.New(t.BaseURL, api.StaticKey(t.envKey), f.APIOptions()...)
		if err != nil {
			return nil, &UsageError{err}
		}
		s.Client, s.Key, s.Source = c, t.envKey, keystore.SourceEnv
		return f.open(s), nil
	}
	if t.BaseURL == "" {
		return nil, Say(keystore.ErrNoKey, func(p *i18n.Printer) string {
			return p.T("cli.err.no_key", "Profile", strconv.Quote(t.Profile), "Var", keystore.EnvVar)
		})
	}
	key, src, err := t.Env.Key(ctx, t.Config, t.Profile)
	if err != nil {
		return nil, &KeyError{t.Profile, err}
	}
	c, err := api.New(t.BaseURL, api.StaticKey(key), f.APIOptions()...)
	if err != nil {
		return nil, err
	}
	s.Client, s.Key, s.Source = c, key, src
	return f.open(s), nil
}

// Session resolves the service and the key the way every command and the app do, and
// opens a session on them.
func (f *Factory) Session(ctx context.Context) (*Session, error) {
	t, err := f.Target()
	if err != nil {
		return nil, err
	}
	return f.Open(ctx, t)
}

// open finishes a session: it starts from the budget the last command left.
func (f *Factory) open(s *Session) *Session {
	s.BaseURL = s.Client.BaseURL()
	s.budget = budgetFile(f.Getenv, s.BaseURL, s.Key)
	restoreBudget(s.Client, s.budget)
	f.sessions = append(f.sessions, s)
	return s
}

// CloseSessions leaves every session's budget for the next command.
func (f *Factory) CloseSessions() {
	for _, s := range f.sessions {
		saveBudget(s.Client, s.budget)
	}
	f.sessions = nil
}

// IsKeyError reports whether err is a profile's key that could not be read.
func IsKeyError(err error) bool {
	var ke *KeyError
	return errors.As(err, &ke)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
