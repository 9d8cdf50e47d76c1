// Package i18n is the interface's language: which one the user reads (Choose), its
// words from a message catalog with CLDR plural forms (Printer.T and Printer.N, by
// github.com/nicksnyder/go-i18n: a library's plural rules, not ours), and numbers and
// prices written as that language writes them. English is the fallback of every
// missing entry; the catalogs are assets/i18n/<lang>.json, parsed when a language is
// first used, so a start in English parses none but English (docs/i18n.md says how
// to add a language). Flags, command names, JSON keys and exit codes are never
// translated: scripts must not break on a language.
package i18n

import (
	"strings"
)

// Lang is an interface language, by its ISO 639-1 code.
type Lang string

const (
	English   Lang = "en"
	Ukrainian Lang = "uk"
	Russian   Lang = "ru"
	// Pseudo is the tests' language: English made 40 % longer with accented letters,
	// so that a screen cut by longer words or an untranslated string shows.
	Pseudo Lang = "xx"
)

// Supported are the languages with a catalog, in the order L cycles through them.
var Supported = []Lang{Ukrainian, Russian, English}

// Name is the language's name in itself, as a switcher shows it to a reader who may
// not read the language in use.
func (l Lang) Name() string {
	switch l {
	case Ukrainian:
		return "українська"
	case Russian:
		return "русский"
	case Pseudo:
		return "pseudo"
	}
	return "English"
}

// Parse reads a language setting ("uk", "UK", "uk_UA.UTF-8", "ru-RU"); ok is false
// for one without a catalog.
func Parse(s string) (Lang, bool) {
	code := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(code, "_-.@"); i >= 0 {
		code = code[:i]
	}
	switch l := Lang(code); l {
	case English, Ukrainian, Russian, Pseudo:
		return l, true
	}
	return "", false
}

// Choose is the language the user expects: the profile's setting when it names one
// with a catalog; else the system's, as gettext reads it (LANGUAGE, a list by
// preference, unless the locale is C or POSIX; then LC_ALL, LC_MESSAGES, LANG, the
// first one set); else English.
func Choose(setting string, getenv func(string) string) Lang {
	if l, ok := Parse(setting); ok {
		return l
	}
	locale := ""
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(v); locale != "" {
			break
		}
	}
	if locale == "C" || locale == "POSIX" || strings.HasPrefix(locale, "C.") {
		return English
	}
	for _, want := range strings.Split(getenv("LANGUAGE"), ":") {
		if l, ok := Parse(want); ok && l != Pseudo {
			return l
		}
	}
	if l, ok := Parse(locale); ok && l != Pseudo {
		return l
	}
	return English
}
