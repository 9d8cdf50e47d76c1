// Package setup is what the app starts from, as the CLI found it (its config, flags
// and environment): the client or why there is none, the profile and service, the
// languages, where data is kept, the terminal's settings, the user's keys, and their
// defaults. It is a leaf: the root's Options embed it and add the few settings that
// are a view's own types (the browser's columns and saved views, the watch's store,
// the detail's photos), which a leaf package may not import.
package setup

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/theme"
)

// Settings are what the app starts from. Only Client (or nothing, for the login
// screen) and Lang are needed; the rest have defaults (Defaults).
type Settings struct {
	Client *api.Client // nil: start on the login screen
	// LoginReason says why the app starts on the login screen ("no key is stored").
	LoginReason string
	Profile     string // "" with --sandbox or --base-url
	BaseURL     string // shown in the header and prefilled on the login screen
	Lang        string // uk, ru or en; "" means uk
	// UILang is the interface's language (i18n.Resolve); "" leaves the one in use.
	// UIApart keeps it when L switches the listings' language.
	UILang  i18n.Lang
	UIApart bool
	// Env is the profile store, for the login screen and for persisting L; nil in
	// --sandbox and --base-url mode, where nothing is written.
	Env *profile.Env
	// Sandbox says the client talks to the in-process sandbox (the header says so).
	Sandbox bool

	// WatchPath is the watch list's file of before: the lists, one per key and
	// service, are kept beside it (watch.OpenService); "" keeps the list in memory.
	WatchPath     string
	WatchInterval time.Duration // 0 turns polling off
	// DraftDir is the data directory the editor keeps drafts in; "" keeps them in
	// memory (the sandbox, whose ids and media mean nothing after it stops).
	DraftDir string
	// JobsDir is where bulk jobs are journaled, the CLI's <data dir>/jobs; "" (and
	// the sandbox, whose listings do not outlive the app) uses a temporary directory.
	JobsDir string
	// StartDir is where the editor's photo picker opens; "" is the working directory.
	StartDir string
	// Quiet turns off the bell and the desktop notification of a moderation decision.
	Quiet bool
	// NoMouse leaves the mouse to the terminal (config tui.mouse false): mouse
	// reporting is never turned on, so the terminal's own text selection works.
	NoMouse bool
	// Theme is the palette (tui/theme); "" is auto: light or dark from the terminal's
	// background, as Bubble Tea asked it once at start (never asked again).
	Theme theme.Name
	// Getenv tells what terminal this is, for its desktop notifications; nil means
	// os.Getenv.
	Getenv func(string) string
	// FindEditor finds the user's editor for a description (ctrl+e); nil means
	// $VISUAL, $EDITOR, vi or nano on the PATH.
	FindEditor func() []string
	Now        func() time.Time

	// SandboxStarter backs "Try the sandbox" on the login screen.
	SandboxStarter func(ctx context.Context) (baseURL, key string, stop func(), err error)
	Version        string

	// APIOptions are given to a client built after a login (trace, clock in tests).
	APIOptions []api.Option
	// Photos is the setting of photos drawn as pictures (config tui.images,
	// LISTINGS_IMAGES): auto asks the terminal at start, off keeps half-blocks.
	Photos termimg.Mode
	// Painter draws the photos where the terminal can (tui/termimg); nil: Run makes
	// one when the terminal draws pictures, else half-blocks only. Tests set it.
	Painter *termimg.Painter
	// Mirror is the account's local mirror (api/mirror; tui/mirror.go); nil: none.
	// MirrorNotice says why the file found was set aside and rebuilt.
	Mirror       *mirror.DB
	MirrorNotice string

	// Key is the key in use, only so that a crash report can redact it. It is never
	// shown or stored by the app.
	Key string
	// CrashDir is where crash reports go; "" means <user cache dir>/listings.
	CrashDir string
	// Keys are the user's keys by action id (the config's tui.keys), read from
	// KeysFile; what is wrong with them is said at start (tui/action).
	Keys     action.Keymap
	KeysFile string

	// Input and Output replace the terminal (tests); nil means stdin and stdout.
	Input  io.Reader
	Output io.Writer
}

// Defaults fills what was left unset: the clock, the listings' language (uk), and
// the environment the terminal is told by.
func (s *Settings) Defaults() {
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Lang == "" {
		s.Lang = "uk"
	}
	if s.Getenv == nil {
		s.Getenv = os.Getenv
	}
}
