package jobs

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The panel's modes: the panel, and the question whether to give the job up.
const (
	modePanel  = ""
	modeAsking = "asking"
)

func hasOffers(m Model) bool { return len(m.offers) > 0 }

func canPause(m Model) bool {
	switch j := m.job; j.st {
	case stRunning:
		return true
	case stPaused, stWaiting, stStopped:
		return j.path != ""
	}
	return false
}

func cancellable(m Model) bool {
	j := m.job
	return j.path != "" && j.st != stDone && j.st != stCancelled && j.st != stStarting
}

func scrolls(m Model) bool { return len(m.job.failures) > 1 }

// backNote is what leaving the panel does to the job as it stands: only a job under
// way goes on; a cancelled or finished one has nothing left to go on with.
func backNote(m Model) string {
	switch st := m.job.st; {
	case st == stPausing && m.job.r != nil && m.job.r.giveUp.Load():
		return "the job is being cancelled"
	case st == stRunning || st == stStarting:
		return "the job goes on"
	case st == stPausing:
		return "the job is pausing"
	case st == stPaused, st == stStopped:
		return "the job waits for p"
	case st == stWaiting:
		return "the job resumes after midnight"
	}
	return ""
}

// table is the jobs panel's actions.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.asking {
			return modeAsking
		}
		return modePanel
	},
	Actions: []action.Action[Model]{
		{ID: "jobs.pause", Desc: "pause/resume", Keys: []string{"p"}, Short: 3, When: canPause},
		{ID: "jobs.cancel", Desc: "cancel the job", Keys: []string{"c"}, Short: 4, When: cancellable},
		{ID: "jobs.back", Desc: "back", Keys: []string{"esc"}, Short: 8, Note: backNote},
		{ID: "jobs.resume", Desc: "resume it", Keys: []string{"r"}, Group: 1, Short: 1,
			When: func(m Model) bool { return hasOffers(m) && !m.Running() }},
		{ID: "jobs.discard", Desc: "discard it", Keys: []string{"d"}, Group: 1, Short: 2, When: hasOffers},
		{ID: "jobs.report", Desc: "write the report", Keys: []string{"w"}, Group: 2, Short: 5,
			When: func(m Model) bool { return m.job.report && m.job.path != "" }},
		{ID: "jobs.up", Moves: true, Desc: "scroll the rows up", Keys: []string{"up", "k"}, Group: 2, Short: 6, When: scrolls},
		{ID: "jobs.down", Moves: true, Desc: "scroll the rows down", Keys: []string{"down", "j"}, Group: 2, Short: 7, When: scrolls},

		// Giving the job up asks first; the question takes every letter.
		{ID: "jobs.ask", Desc: "answer the question", Mode: modeAsking, Typing: true},
		{ID: "jobs.give_up", Desc: "give it up", Keys: []string{"y", "Y"}, Label: "y", Mode: modeAsking, Short: 1},
		{ID: "jobs.keep", Desc: "keep it", Keys: []string{"n", "N", "esc"}, Label: "n/esc", Mode: modeAsking, Short: 2},
	},
}

// Table is the panel's actions, for the check of the user's keys and the reference
// of every action id.
func Table() action.Catalog { return table }

// Actions is what the panel does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

func (m Model) key(k tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, k); ok {
		return m.Run(id)
	}
	return m, nil
}

// Run does the panel's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	j := &m.job
	switch id {
	case "jobs.give_up":
		m.asking = false
		if j.r != nil {
			j.r.giveUp.Store(true)
			j.r.cancel()
			j.st = stPausing
			return m, nil
		}
		return m, m.cancelStopped()
	case "jobs.keep":
		m.asking = false
	case "jobs.back":
		return m, send(msgs.Back{})
	case "jobs.pause":
		if j.st == stRunning {
			j.st = stPausing
			j.r.cancel()
			return m, nil
		}
		return m.resumeJob()
	case "jobs.cancel":
		m.asking = true
	case "jobs.resume":
		o := m.offers[0]
		m.runs++
		m.failOff = 0
		m.job = current{about: o.about, left: o.left, st: stStarting}
		return m, resume(m.svc, o.path, m.runs)
	case "jobs.discard":
		return m, discard(m.offers[0].about)
	case "jobs.report":
		return m, writeReport(j.id, j.path)
	case "jobs.up":
		m.failOff = max(m.failOff-1, 0)
	case "jobs.down":
		m.failOff = max(min(m.failOff+1, len(j.failures)-1), 0)
	}
	return m, nil
}
