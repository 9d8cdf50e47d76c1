package planbox

import (
	"strings"
	"time"

	"github.com/listings-tui/listings/internal/i18n"
)

// The words a bulk plan and an import plan share, in the interface's language: what
// goes back to moderation, and what the requests cost in time.

// Moderation says that n active listings go back to moderation, "" for none.
func Moderation(n int) string {
	if n == 0 {
		return ""
	}
	return i18n.N("planbox.moderation", n)
}

// Cost says what n requests cost under the key's budget (api.Budget.Estimate's
// answer): how long, or over how many days when today's budget does not hold them.
func Cost(n int, d time.Duration, fitsToday bool, days int) string {
	cost := i18n.N("count.requests", n)
	switch {
	case !fitsToday:
		return cost + i18n.N("planbox.cost.days", days)
	case d > 0:
		return cost + i18n.T("planbox.cost.about", "Wait", Wait(d))
	}
	return cost + i18n.T("planbox.cost.at_once")
}

// Wait is a wait as a person counts it, in whole seconds: "1m30s" in English, as
// Go writes a duration, "1 хв 30 с" in Ukrainian.
func Wait(d time.Duration) string {
	s := max(int(d.Round(time.Second)/time.Second), 1)
	h, m := s/3600, s%3600/60
	var b strings.Builder
	if h > 0 {
		b.WriteString(i18n.T("planbox.wait.h", "N", h))
	}
	if h > 0 || m > 0 {
		b.WriteString(i18n.T("planbox.wait.m", "N", m))
	}
	b.WriteString(i18n.T("planbox.wait.s", "N", s%60))
	return strings.TrimSpace(b.String())
}
