package jobs

import (
	"fmt"
	"time"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/eta"
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
			m.eta = fmt.Sprintf("over %d days: more than is left of today's budget", days)
		case d > 0:
			m.eta = "about " + format.Wait(d) + " under the key's limit"
		default:
			m.eta = "within the key's limit now"
		}
	}
}

// timeLeft says an estimate; "" before there is one.
func timeLeft(e eta.Estimate) string {
	switch {
	case !e.FitsToday:
		return fmt.Sprintf("over %d days: more than is left of today's budget", e.Days)
	case e.Late:
		return "longer than estimated"
	case !e.Known:
		return ""
	case e.Left < time.Second:
		return "almost done"
	}
	return "about " + format.Wait(e.Left)
}
