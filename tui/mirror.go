package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// The local mirror (api/mirror) spans views: the browser shows and searches it, the
// detail charts its views, and the root keeps it fresh with a background sync at low
// priority whose schedule is tui/mirrorsync's; the root says what a rebuilt file or
// a failed sync means and tells the browser to read the mirror again.

// keepMirrorFor drops the mirror when a login leads to another profile or service:
// the mirror is of the account the app started on.
func (m *Model) keepMirrorFor(d msgs.LoggedIn) {
	if d.Sandbox || d.Profile != m.opts.Profile || strings.TrimRight(d.BaseURL, "/") != strings.TrimRight(m.opts.BaseURL, "/") {
		m.opts.Mirror = nil
	}
}

// mirrorNotice says, once, that the mirror's file was set aside and rebuilt.
func (m *Model) mirrorNotice() {
	if m.opts.MirrorNotice != "" {
		m.setNotice(theme.WarningMark+" "+termtext.Clean(m.opts.MirrorNotice), true)
	}
}

// browserOptions are the browser's options: the mirror when there is one, and its
// first frame when Run read it ahead.
func (m *Model) browserOptions() []browser.Option {
	opts := []browser.Option{browser.WithColumns(m.opts.Columns), browser.WithViews(m.opts.Views)}
	if m.opts.Mirror == nil {
		return opts
	}
	opts = append(opts, browser.WithMirror(m.opts.Mirror))
	if m.opts.prefetched != nil {
		opts = append(opts, browser.WithPrefetched(m.opts.prefetched))
	}
	return opts
}

// maybeSync starts a background sync when one is due.
func (m *Model) maybeSync() tea.Cmd {
	if m.client == nil {
		return nil
	}
	return m.mir.Sync(m.opts.Mirror, m.client, m.now, m.lang)
}

// mirrorDone says what the end of a sync or of the check means (warning), and has
// the browser read the mirror again when it changed.
func (m Model) mirrorDone(warning string, reread bool) (Model, tea.Cmd) {
	if warning != "" {
		m.setNotice(warning, true)
	}
	if !reread {
		return m, nil
	}
	var cmd tea.Cmd
	m.browser.M, cmd = m.browser.M.Update(browser.MirrorSynced{})
	return m, m.addr(viewBrowser, cmd)
}
