package sandbox

import (
	"strings"
	"time"
)

// prohibitedWords block a pending listing (docs/sandbox.md, "blocked rule"), checked in
// this order so the reason names the first word found.
var prohibitedWords = []string{
	"replica", "fake", "counterfeit", "репліка", "підробка", "реплика", "подделка",
	"weapon", "зброя", "оружие",
}

// prohibitedWord returns the first prohibited word in any text, or "".
func prohibitedWord(texts ...string) string {
	for _, w := range prohibitedWords {
		for _, t := range texts {
			if strings.Contains(strings.ToLower(t), w) {
				return w
			}
		}
	}
	return ""
}

// submit puts l into moderation at now: its review is decided after the delay.
func (s *Server) submit(l *listing, now time.Time) {
	review := now.Add(s.delay)
	l.Status = statusPending
	l.SubmittedAt, l.ReviewAt, l.ReviewedAt = &now, &review, nil
	l.BlockReason = ""
}

// settle decides every pending listing whose review time has come. Decisions are made
// lazily whenever listings are read, so no goroutine is needed. The caller holds s.mu.
func (s *Server) settle(now time.Time) {
	for _, l := range s.st.pending {
		if l.ReviewAt == nil || now.Before(*l.ReviewAt) {
			continue
		}
		n := l.clone()
		decided := *l.ReviewAt
		n.ReviewedAt = &decided
		texts := []string{n.Title, n.Description}
		for _, m := range []map[string]string{n.Titles, n.Descriptions} {
			for _, t := range m {
				texts = append(texts, t)
			}
		}
		if w := prohibitedWord(texts...); w != "" {
			n.Status = statusBlocked
			n.BlockReason = "the listing contains the prohibited word “" + w +
				"”; remove it and edit the listing to resubmit it"
		} else {
			n.Status = statusActive
		}
		s.st.replace(n)
		s.changed()
	}
}
