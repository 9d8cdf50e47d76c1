package i18n

import (
	"sync"
	"sync/atomic"
)

// The interface has one language at a time, in the app and in a command alike, the
// way it has one theme: every view draws its words with T and N, and L in the app
// switches them all by Use, so no constructor needs a printer passed down and no
// view can draw in another language than its neighbours.

var (
	current atomic.Pointer[Printer]
	chooser struct {
		sync.Mutex
		f func() Lang
	}
)

// Use makes l the interface's language from now on.
func Use(l Lang) { current.Store(For(l)) }

// UseLater makes the language the one choose returns, asked the first time a word
// is drawn: a command that prints none (`listings version`) neither reads the
// config for it nor parses a catalog.
func UseLater(choose func() Lang) {
	chooser.Lock()
	chooser.f = choose
	chooser.Unlock()
	current.Store(nil)
}

// UI is the interface's printer: the language last given to Use or UseLater,
// English before either.
func UI() *Printer {
	if p := current.Load(); p != nil {
		return p
	}
	chooser.Lock()
	f := chooser.f
	chooser.Unlock()
	l := English
	if f != nil {
		l = f()
	}
	p := For(l)
	current.CompareAndSwap(nil, p)
	return current.Load()
}

// T is UI().T: the entry id in the interface's language.
func T(id string, kv ...any) string { return UI().T(id, kv...) }

// N is UI().N: the entry id in the plural form n asks.
func N(id string, n any, kv ...any) string { return UI().N(id, n, kv...) }

// Resolve is the interface's language at start and whether it is kept apart from
// the listings' language: the config's "language" when it names one (L then
// switches only the listings'), else the one the user last chose with L (the
// profile's ui_lang), else the system's (Choose).
func Resolve(config, profile string, getenv func(string) string) (l Lang, apart bool) {
	if l, ok := Parse(config); ok && l != Pseudo {
		return l, true
	}
	return Choose(profile, getenv), false
}
