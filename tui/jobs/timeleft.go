package jobs

import (
	"time"

	"github.com/listings-tui/listings/api/jobs/eta"
	"github.com/listings-tui/listings/internal/i18n"
)

// estimate is the time left at now. While the job runs it is the countdown of its
// run (api/jobs/eta, the rule the CLI's progress lines follow too): it moves with every
// answer (news) and every tick of the clock, and only falls. Paused, it is what the
// key's budget needs for what is left, as the plan said it: nothing runs to count.
func (m *Model) estimate(now time.Time, news bool) {
	m.eta = ""
	j := m.job
	if j.left == 0 {
		return
	}
	switch j.st {
	case stRunning:
		e := m.est.At(now)
		if news {
			e = m.est.Update(now, j.left, m.svc.Budget())
		}
		m.eta = timeLeft(e)
	case stPaused:
		switch d, fits, days := m.svc.Budget().Estimate(j.left, now); {
		case !fits:
			m.eta = i18n.N("jobs.eta.days", days)
		case d > 0:
			m.eta = i18n.T("jobs.eta.limit", "Wait", wait(d))
		default:
			m.eta = i18n.T("jobs.eta.now")
		}
	}
}

// timeLeft says an estimate; "" before there is one.
func timeLeft(e eta.Estimate) string {
	switch {
	case !e.FitsToday:
		return i18n.N("jobs.eta.days", e.Days)
	case e.Late:
		return i18n.T("jobs.eta.late")
	case !e.Known:
		return ""
	case e.Left < time.Second:
		return i18n.T("jobs.eta.almost")
	}
	return i18n.T("jobs.eta.about", "Wait", wait(e.Left))
}
