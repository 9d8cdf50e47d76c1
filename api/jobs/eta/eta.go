// Package eta estimates the time left of a job of many requests (a bulk job, an
// import, an export's details), for the progress lines of the CLI and the app's jobs
// panel alike, by one rule:
//
//   - What is computed at each answer is the larger of two figures: the time the key's
//     per-minute budget needs for the requests left (api.Budget.Estimate: what is free
//     goes now, then a whole minute for each further minute's worth, an upper bound),
//     and the pace of this run (its time per item answered, times the items left). The
//     first is what limits a fast service, and holds from the first burst on, where the
//     pace of a burst (600 answers in a few seconds) would promise the rest in seconds;
//     the second is what limits a slow service, which the budget never makes wait. The
//     pace is timed from the run's start, or from the end of the wait for the budget
//     it starts with (a resume soon after the last run), which says nothing of the
//     time of an item; not from its first answer, since a service answers the
//     requests in flight together, and a pace from the first of them would count the
//     others as taking no time.
//   - What is shown only falls: it is the smaller of that figure and the last one shown
//     less the time since. A person reads a time left as a countdown, and one that
//     jumps from 31s to 1m27s is believed by nobody. Since the budget's figure is an
//     upper bound, the smallest of them counted down is one too, and as tight as the
//     tightest of them: a fast job's countdown is not late.
//   - Nothing is said before PaceSample answers of the run: a pace of fewer is the
//     noise of the first answers (three requests answered at once look like no time
//     an item). When the countdown runs out with items still left, the job is almost
//     done (a figure of 0) for a few seconds (Grace): the budget's figure counts the
//     minutes until the last request may go, not the second or so its last burst and
//     answers take. Past that the job is slower than said, which is reported (Late)
//     rather than a figure that rises again.
//
// The same whole-minute figure is what a plan says before the job starts; this one
// follows the job.
package eta

import (
	"math"
	"time"

	"github.com/listings-tui/listings/api"
)

// PaceSample is how many answers of a run come before a time left is said.
const PaceSample = 10

// Grace is how long a job may run past its countdown before it is late.
const Grace = 10 * time.Second

// Estimator follows one run of a job: a resume, or a run after a pause, is a new
// one, since the pace of the last one says nothing of the time that passed between.
// It is not safe for concurrent use.
type Estimator struct {
	perItem   float64 // requests an item costs
	start     time.Time
	startLeft int
	at        time.Time // when shown was last computed
	shown     time.Duration
	has       bool
	late      bool
	fits      bool
	days      int
}

// New starts following a run that begins at start with left items, each costing
// perItem requests (1 for a bulk job or an export; an import's rows cost their
// uploads too), under the budget b as it stands then.
func New(start time.Time, left int, perItem float64, b api.Budget) *Estimator {
	if perItem <= 0 {
		perItem = 1
	}
	if b.PerMinute > 0 && b.UsedMinute >= b.PerMinute && b.MinuteResetsAt.After(start) {
		start = b.MinuteResetsAt // the run's first request waits until then
	}
	return &Estimator{perItem: perItem, start: start, startLeft: left, fits: true, days: 1}
}

// Estimate is what a progress line says of the time left.
type Estimate struct {
	// Left is the time left; only meaningful when Known.
	Left time.Duration
	// Known: there is a figure (enough answers of this run, and the job is not
	// late); 0 is "almost done".
	Known bool
	// Late: the countdown ran out with items left; the job is slower than estimated.
	Late bool
	// FitsToday is false when the requests left are more than the day's budget has
	// left: the job spans Days days (it stops at the day's limit and resumes after).
	FitsToday bool
	Days      int
}

// Update takes the items left at now, with the client's budget b, and returns the
// estimate.
func (e *Estimator) Update(now time.Time, left int, b api.Budget) Estimate {
	requests := int(math.Ceil(float64(max(left, 0)) * e.perItem))
	bound, fits, days := b.Estimate(requests, now)
	e.fits, e.days = fits, days
	switch {
	case left <= 0:
		e.shown, e.at, e.has, e.late = 0, now, true, false
		return e.At(now)
	case e.startLeft-left < PaceSample && !e.has:
		return e.At(now) // too few answers for a pace
	}
	answered := max(e.startLeft-left, 1)
	pace := time.Duration(float64(max(now.Sub(e.start), 0)) / float64(answered) * float64(left))
	computed := max(bound, pace)
	switch {
	case e.late:
		// Ran out already: staying late is the only way not to rise.
	case !e.has && computed <= 0:
		return e.At(now) // a clock that did not move and a budget with room: no figure
	case !e.has:
		e.shown, e.has = computed, true
	default:
		e.shown = min(e.shown-now.Sub(e.at), computed)
	}
	e.at = now
	if e.shown < -Grace {
		e.late = true
	}
	return e.At(now)
}

// At is the estimate at now with no news since the last Update: the countdown.
func (e *Estimator) At(now time.Time) Estimate {
	est := Estimate{FitsToday: e.fits, Days: e.days}
	if !e.has {
		return est
	}
	d := e.shown - max(now.Sub(e.at), 0)
	switch {
	case e.late, d < -Grace:
		est.Late = true
	default:
		est.Left, est.Known = max(d, 0), true
	}
	return est
}
