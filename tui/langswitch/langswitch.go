// Package langswitch is L's: the order the listings' languages cycle in, the
// interface's language following them (internal/i18n) unless it keeps its own, with
// what L says, and the record of the choice in the profile, written off the event
// loop so that the next start speaks the same. The root tells the views.
package langswitch

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
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
	return theme.WarningMark + " " + i18n.T("root.lang_unsaved", "Err", termtext.Clean(s.Err.Error()))
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

// Switch makes lang the interface's language too, unless the interface keeps its own
// (apart), and says what L did, in the interface's language: "language: English".
func Switch(lang string, apart bool) string {
	if !apart {
		i18n.Use(i18n.Lang(lang))
	}
	l, _ := i18n.Parse(lang)
	return i18n.T("app.language", "Lang", l.Name())
}
