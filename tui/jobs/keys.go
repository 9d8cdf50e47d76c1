package jobs

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the panel's bindings; it implements help.KeyMap for the root's footer.
type KeyMap struct {
	Pause, Cancel, Back key.Binding
	Report              key.Binding // an import's report next to its sheet
	Up, Down            key.Binding // scroll the failures
	Resume, Discard     key.Binding // an interrupted job offered at start
	Yes, No             key.Binding // giving the job up

	st         state
	cancelling bool // y gave the job up; the requests on their way are being answered
	offers     bool
	asking     bool
	isImport   bool
	failures   int
}

// DefaultKeyMap returns the panel's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Pause:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause/resume")),
		Cancel:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "cancel the job")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Report:  key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "write the report")),
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "scroll the rows")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Resume:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resume it")),
		Discard: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "discard it")),
		Yes:     key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "give it up")),
		No:      key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "keep it")),
	}
}

// ShortHelp is the footer line: what applies now.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.asking {
		return []key.Binding{k.Yes, k.No}
	}
	var out []key.Binding
	if k.offers {
		out = append(out, k.Resume, k.Discard)
	}
	switch k.st {
	case stRunning, stPaused, stWaiting, stStopped:
		out = append(out, k.Pause, k.Cancel)
	}
	if k.isImport {
		out = append(out, k.Report)
	}
	if k.failures > 1 {
		out = append(out, k.Up)
	}
	return append(out, k.back())
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Pause, k.Cancel, k.back()}, {k.Resume, k.Discard}, {k.Report, k.Up}}
}

// back is esc with what leaving the panel does to the job as it stands: only a job
// under way goes on; a cancelled or finished one has nothing left to go on with.
func (k KeyMap) back() key.Binding {
	b := k.Back
	what := "back"
	switch {
	case k.cancelling:
		what = "back (the job is being cancelled)"
	case k.st == stRunning || k.st == stStarting:
		what = "back (the job goes on)"
	case k.st == stPausing:
		what = "back (the job is pausing)"
	case k.st == stPaused, k.st == stStopped:
		what = "back (the job waits for p)"
	case k.st == stWaiting:
		what = "back (the job resumes after midnight)"
	}
	b.SetHelp(b.Help().Key, what)
	return b
}

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.st, k.offers, k.asking = m.job.st, len(m.offers) > 0, m.asking
	k.cancelling = m.job.st == stPausing && m.job.r != nil && m.job.r.giveUp.Load()
	k.isImport = m.job.kind == kindImport && m.job.id != ""
	k.failures = len(m.job.failures)
	return k
}
