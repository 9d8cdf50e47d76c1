package jobs

import (
	"strings"
	"time"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// The panel's words for what the journals keep in English: a job's verb and state
// are data (the CLI's `listings jobs` and the watch's group names read them), said
// in the interface's language only when drawn.

// verbs are the job verbs with words of their own: bulk's, an import's, an export's.
var verbs = []string{"activate", "deactivate", "price", "edit", "import", "export"}

// verbWord is a job's verb as the panel says it: "price" → "зміна ціни", and a
// retry's or an undo's ("retry of 20261127-…") with the job it follows; a verb this
// app does not know is shown as it is.
func verbWord(v string) string {
	for _, known := range verbs {
		if v == known {
			// Built from the verb: TestVerbAndStateWords checks every one.
			return i18n.T("jobs.verb." + v)
		}
	}
	for _, how := range []string{howRetry, howUndo} {
		if of, ok := strings.CutPrefix(v, how+" of "); ok {
			return i18n.T("jobs.verb."+how+"_of", "Of", of)
		}
	}
	return v
}

// lineWord is the job in a line. The line is the kind's own (job.Job's About, in
// English, which the CLI prints too); a bulk job's ("price 600 listings") is its verb
// and its size, which the panel can say in the interface's language. Other kinds'
// lines (an import's file, an export's) are shown as the kind wrote them.
func (a about) lineWord() string {
	if a.line == a.verb+" "+format.Count(a.total, "listing") {
		return verbWord(a.verb) + " " + a.noun(a.total)
	}
	if !a.lineWhy.OK() {
		return termtext.Clean(planWords(a.lineWhy))
	}
	return a.line
}

// planWords says a job's Why (a plan's line, a row's change or reason, a job's
// line) in the interface's language.
func planWords(w rules.Why) string { return i18n.Reason("jobs.why.", w) }

// states are a journal's states (api/jobs/job).
var states = []string{job.StateRunning, job.StateStopped, job.StateCancelled, job.StateDone}

// stateWord is a journal's state as the history says it.
func stateWord(s string) string {
	for _, known := range states {
		if s == known {
			// Built from the state: TestVerbAndStateWords checks every one.
			return i18n.T("jobs.state." + s)
		}
	}
	return s
}

// counts is a job's progress in words: "✓ 12 done · ✖ 1 failed · 27 left".
func counts(done, failed, left int) string {
	return i18n.T("jobs.counts", "OK", theme.OKMark, "Done", done, "Err", theme.ErrorMark, "Failed", failed, "Left", left)
}

// wait is a duration as a wait is counted, in whole seconds: "1m30s" in English (as
// Go writes it), "1 хв 30 с" in Ukrainian.
func wait(d time.Duration) string {
	s := int(max(d.Round(time.Second), time.Second) / time.Second)
	h, m, sec := s/3600, s%3600/60, s%60
	switch {
	case h > 0:
		return i18n.T("jobs.dur.hms", "H", h, "M", m, "S", sec)
	case m > 0:
		return i18n.T("jobs.dur.ms", "M", m, "S", sec)
	}
	return i18n.T("jobs.dur.s", "S", sec)
}

// results are an item's results (api/jobs/job) by the id of their word.
var results = map[string]string{
	job.ResultDone: "done", job.ResultCreated: "created", job.ResultEdited: "edited", job.ResultFailed: "failed",
	job.ResultRefused: "refused", job.ResultLeft: "not_sent", job.ResultInDoubt: "in_doubt", job.ResultFetched: "fetched",
	job.ResultGone: "gone",
}

// resultWord is an item's result as the panel says it; one this app does not know
// is shown as the engine wrote it.
func resultWord(r string) string {
	if id, ok := results[r]; ok {
		// Built from the map: TestVerbAndStateWords checks every one.
		return i18n.T("jobs.result." + id)
	}
	return r
}

// hintWord is the engine's own hint on an item not answered (ItemOf's); the
// service's hints are shown as they came.
func hintWord(h string) string {
	switch h {
	case "left for a resume":
		return i18n.T("jobs.hint.left")
	case "sent, and its answer lost: checked on resume":
		return i18n.T("jobs.hint.in_doubt")
	}
	return h
}
