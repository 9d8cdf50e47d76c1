package jobs

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The panel's modes: the panel (with the history and a job opened), the question
// whether to give the job up, and a retry's or an undo's plan to confirm.
const (
	modePanel  = ""
	modeAsking = "asking"
	modePlan   = "plan"
)

// canRetry says the job in focus in the history has items a retry takes.
func canRetry(m Model) bool {
	e, ok := m.focusEntry()
	return ok && e.again > 0 && e.state != job.StateRunning
}

// canUndo says the job in focus in the history is finished and changed listings.
func canUndo(m Model) bool {
	e, ok := m.focusEntry()
	return ok && e.undoable
}

func planSends(m Model) bool { return m.plan != nil && m.plan.Requests > 0 }

func hasOffers(m Model) bool { return m.show == showPanel && len(m.offers) > 0 }

func onPanel(m Model) bool { return m.show == showPanel }

func canPause(m Model) bool {
	if m.show != showPanel {
		return false
	}
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
	return m.show == showPanel && j.path != "" && j.st != stDone && j.st != stCancelled && j.st != stStarting
}

// scrolls says the list shown has more than a line to scroll through.
func scrolls(m Model) bool { return m.listLen() > 1 }

// listLen is the length of the list the panel shows: the job's items not done, the
// history, or the lines of a job opened.
func (m Model) listLen() int {
	switch m.show {
	case showHistory:
		return len(m.history)
	case showOpen:
		return len(m.open.lines)
	}
	return len(m.job.failures)
}

// move moves the list shown by n lines (the history's cursor).
func (m *Model) move(n int) {
	last := max(m.listLen()-1, 0)
	switch m.show {
	case showHistory:
		m.histCur = max(min(m.histCur+n, last), 0)
	case showOpen:
		m.openOff = max(min(m.openOff+n, last), 0)
	default:
		m.failOff = max(min(m.failOff+n, last), 0)
	}
}

// backNote is what esc does: from a job opened back to the history, from the
// history back to the panel; from the panel it leaves, and says what that does to
// the job as it stands: only a job under way goes on; a cancelled or finished one has
// nothing left to go on with.
func backNote(m Model) string {
	switch m.show {
	case showOpen:
		return i18n.T("jobs.back.history")
	case showHistory:
		return i18n.T("jobs.back.job")
	}
	switch st := m.job.st; {
	case st == stPausing && m.job.r != nil && m.job.r.giveUp.Load():
		return i18n.T("jobs.back.cancelling")
	case st == stRunning || st == stStarting:
		return i18n.T("jobs.back.goes_on")
	case st == stPausing:
		return i18n.T("jobs.back.pausing")
	case st == stPaused, st == stStopped:
		return i18n.T("jobs.back.waits", "Resume", "p")
	case st == stWaiting:
		return i18n.T("jobs.back.midnight")
	}
	return ""
}

// table is the jobs panel's actions.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		switch {
		case m.asking:
			return modeAsking
		case m.plan != nil:
			return modePlan
		}
		return modePanel
	},
	Actions: []action.Action[Model]{
		{ID: "jobs.pause", Desc: "pause/resume", Keys: []string{"p"}, Short: 3, When: canPause},
		{ID: "jobs.cancel", Desc: "cancel the job", Keys: []string{"c"}, Short: 4, When: cancellable},
		{ID: "jobs.back", Desc: "back", Keys: []string{"esc"}, Short: 9, Note: backNote},
		{ID: "jobs.resume", Desc: "resume it", Keys: []string{"r"}, Group: 1, Short: 1,
			When: func(m Model) bool { return hasOffers(m) && !m.Running() }},
		{ID: "jobs.discard", Desc: "discard it", Keys: []string{"d"}, Group: 1, Short: 2, When: hasOffers},
		{ID: "jobs.report", Desc: "write the report", Keys: []string{"w"}, Group: 2, Short: 5,
			When: func(m Model) bool { f := m.focus(); return f.report && f.path != "" && m.show != showHistory }},
		{ID: "jobs.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, Group: 2, Short: 6, When: scrolls},
		{ID: "jobs.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, Group: 2, Short: 7, When: scrolls},
		{ID: "jobs.history", Desc: "every job (history)", Keys: []string{"h"}, Group: 3, Short: 8, When: onPanel},
		{ID: "jobs.open", Desc: "open the job", Keys: []string{"enter"}, Group: 3, Short: 1,
			When: func(m Model) bool { return m.show == showHistory && len(m.history) > 0 }},
		{ID: "jobs.retry", Desc: "retry what may pass now", Keys: []string{"R"}, Group: 3, Short: 2, When: canRetry, Writes: true},
		{ID: "jobs.undo", Desc: "undo the job", Keys: []string{"u"}, Group: 3, Short: 3, When: canUndo, Writes: true},

		// A retry's or an undo's plan, confirmed once.
		{ID: "jobs.start", Desc: "start the job", Keys: []string{"y", "Y", "enter"}, Label: "y/enter",
			Mode: modePlan, Short: 1, When: planSends},
		{ID: "jobs.close", Desc: "close", Keys: []string{"enter", "y", "Y"}, Label: "enter",
			Note: func(Model) string { return "nothing to send" }, Mode: modePlan, Short: 1, When: func(m Model) bool { return !planSends(m) }},
		{ID: "jobs.drop", Desc: "cancel", Keys: []string{"n", "N", "esc"}, Label: "n/esc",
			Mode: modePlan, Short: 2, Shadows: []action.ID{"global.new"}},
		{ID: "jobs.plan_up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, Mode: modePlan, Group: 1},
		{ID: "jobs.plan_down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, Mode: modePlan, Group: 1, Short: 3},
		{ID: "jobs.plan_page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}, Mode: modePlan, Group: 1},
		{ID: "jobs.plan_page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}, Mode: modePlan, Group: 1},

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
		switch m.show {
		case showOpen:
			m.show = showHistory
			return m, loadHistory(m.dir, m.baseURL)
		case showHistory:
			m.show = showPanel
			return m, nil
		}
		return m, send(msgs.Back{})
	case "jobs.history":
		m.show = showHistory
		return m, loadHistory(m.dir, m.baseURL)
	case "jobs.open":
		return m, openJob(m.history[m.histCur].path)
	case "jobs.retry", "jobs.undo":
		e, _ := m.focusEntry()
		how := howRetry
		if id == "jobs.undo" {
			how = howUndo
		}
		return m, tea.Batch(makePlan(m.svc, e.path, how, m.now()),
			send(msgs.Notice{Text: i18n.T("jobs.plan.planning."+how, "Of", e.id)}))
	case "jobs.start":
		return m.startPlan()
	case "jobs.close", "jobs.drop":
		m.plan = nil
	case "jobs.plan_up":
		m.box.Scroll(-1)
	case "jobs.plan_down":
		m.box.Scroll(1)
	case "jobs.plan_page_up":
		m.box.Scroll(-m.box.Page())
	case "jobs.plan_page_down":
		m.box.Scroll(m.box.Page())
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
		f := m.focus()
		return m, writeReport(f.id, f.path)
	case "jobs.up":
		m.move(-1)
	case "jobs.down":
		m.move(1)
	}
	return m, nil
}
