// Package draftnote is what the root hears of the drafts on disk, and what it says of
// them: the draft saver's health (a write failed, or writes succeed again), heard off
// the event loop, and the unsent drafts the app starts with. The root puts the words
// in the banner or on the notice line.
package draftnote

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/theme"
)

// Health is a change of the draft saver's health: a failed write, or nil once writes
// succeed again.
type Health struct{ Err error }

// Watch waits, off the event loop, for the next change of the saver's health.
func Watch(s *draft.Saver) tea.Cmd {
	return func() tea.Msg { return Health{<-s.State()} }
}

// FailingOp is the banner's operation while drafts are not saved, in the interface's
// language: typing on would otherwise be lost without a word at the next crash.
func FailingOp() string { return i18n.T("root.save.failed") }

// IsFailing tells the banner of a failing saver (by its operation, op) from another.
func IsFailing(op string) bool { return op == FailingOp() }

// Again is the notice once drafts are saved again.
func Again() string { return theme.OKMark + " " + i18n.T("root.save.again") }

// Count is how many unsent drafts the app starts with.
type Count struct{ N int }

// CountUnsent counts the unsent drafts of the service base, off the event loop; a
// store that cannot be read says nothing (the drafts list says why when opened).
func CountUnsent(store *draft.Store, base string) tea.Cmd {
	return func() tea.Msg {
		list, err := store.List(base)
		if err != nil {
			return nil
		}
		return Count{len(list)}
	}
}

// Notice is what the count says at start: "2 unsent drafts: D lists them"; "" for
// none.
func (c Count) Notice() string {
	if c.N <= 0 {
		return ""
	}
	return i18n.N("root.drafts.unsent", c.N)
}
