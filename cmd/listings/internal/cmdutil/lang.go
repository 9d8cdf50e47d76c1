package cmdutil

import (
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore/profile"
)

// InterfaceLang is the interface's language at start (i18n.Resolve) for the app and
// the commands alike: the config's language, else the profile's last choice with L in
// the app, else the system's; apart tells that the config fixed it.
func InterfaceLang(getenv func(string) string, cfg *profile.Config, name string) (l i18n.Lang, apart bool) {
	var fixed, chosen string
	if cfg != nil {
		fixed = cfg.Language
		if p, ok := cfg.Get(name); ok && name != "" {
			chosen = p.UILang
		}
	}
	return i18n.Resolve(fixed, chosen, getenv)
}

// UILang is the language of this command line's human text. The root gives it to
// i18n.UseLater, so the config is read only when the first word is drawn: a command
// that prints none of the catalog's (`listings version`, --json output) neither reads
// the config for it nor parses a catalog. A config that cannot be read leaves the
// system's language; the command that needs the config says what is wrong with it.
func (f *Factory) UILang() i18n.Lang {
	var cfg *profile.Config
	if dir, err := profile.Dir(f.Getenv); err == nil {
		cfg, _ = profile.Load(dir)
	}
	name := f.Profile
	if cfg != nil {
		name = cfg.Select(f.Profile, f.Getenv)
	}
	l, _ := InterfaceLang(f.Getenv, cfg, name)
	return l
}

// lazyError is an error of the catalog made before the language may be chosen (a
// package's variable): its words are drawn when it is shown, English for Error().
type lazyError struct{ id string }

func (e *lazyError) Error() string { return i18n.For(i18n.English).T(e.id) }
func (e *lazyError) Human() string { return i18n.T(e.id) }
