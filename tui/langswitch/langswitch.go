// Package langswitch is L's: the order the listings' languages cycle in, and the
// record of the choice in the profile, written off the event loop so that the next
// start speaks the same. The root switches the language of the views and of the
// interface (internal/i18n) and says what it did.
package langswitch

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// langs is the order L cycles through.
var langs = []string{"uk", "ru", "en"}

// Next is the language after lang; after one not in the cycle, the first.
func Next(lang string) string {
	next := langs[0]
	for i, l := range langs {
		if l == lang {
			next = langs[(i+1)%len(langs)]
		}
	}
	return next
}

// Saved says whether the language made it into the profile.
type Saved struct{ Err error }

// Warning is what a failed save says on the notice line; "" when it was saved.
func (s Saved) Warning() string {
	if s.Err == nil {
		return ""
	}
	return theme.WarningMark + " the language was not saved to the profile: " + termtext.Clean(s.Err.Error())
}

// Save records lang as the profile name's language and, unless the interface keeps
// its own (apart), as the interface's too. A profile gone meanwhile is no failure.
func Save(env *profile.Env, name, lang string, apart bool) tea.Cmd {
	return func() tea.Msg {
		cfg, err := env.Config()
		if err != nil {
			return Saved{err}
		}
		p, ok := cfg.Get(name)
		if !ok {
			return Saved{}
		}
		p.Lang = lang
		if !apart {
			p.UILang = lang
		}
		cfg.Put(p)
		return Saved{cfg.Save()}
	}
}
