package watch

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Decisions come in bursts: a job's 666 listings are decided within minutes of each
// other, and the watch checks one a second. A notice per listing would replace the
// notice line every second (and ring every second). So the decisions (and the
// listings found gone) of a burst are said together: a burst lasts while decisions
// keep coming less than burstQuiet apart; its line is said burstQuiet after its last
// decision, or every burstEvery while it goes on, each time counting the whole burst
// ("price job …: 38 approved, 2 blocked — W to see them"). Only its first line with a
// decision rings the bell (a listing found gone is no decision: it never rang). A
// burst of one decision says that listing, as ever; a listing decided twice in a
// burst (checked again meanwhile) counts once, as it stands last.
//
// The decision of a listing the user just asked to check (w, + or r in the panel)
// is not part of any burst: it answers their key, and is said at once (poll.go).
const (
	burstQuiet = 3 * time.Second
	burstEvery = 15 * time.Second
)

// burst is the decisions not yet said, or said while the burst goes on.
type burst struct {
	first, last, said time.Time // said: zero before the burst's first line
	fresh, rang       bool
	outcomes          map[int]outcome // by listing id
	one               string          // the notice of a lone decision
	group             string          // the group of every decision so far
	mixed             bool            // decisions of several groups, or of none
}

// outcome is how a listing left the watch.
type outcome int

const (
	approved outcome = iota
	blocked
	gone
	otherwise
)

func (b *burst) empty() bool { return b.first.IsZero() }

// add counts the decision just recorded on e.
func (b *burst) add(e *Entry, now time.Time) {
	if b.empty() {
		b.first, b.group, b.outcomes = now, e.Group, map[int]outcome{}
	}
	b.last, b.fresh = now, true
	if e.Group != b.group {
		b.mixed = true
	}
	o := otherwise
	switch {
	case e.Gone:
		o = gone
	case e.Status == api.StatusActive:
		o = approved
	case e.Status == api.StatusBlocked:
		o = blocked
	}
	b.outcomes[e.ID] = o
	b.one = decisionText(e)
}

// counts are the burst's listings by outcome.
func (b *burst) counts() [otherwise + 1]int {
	var n [otherwise + 1]int
	for _, o := range b.outcomes {
		n[o]++
	}
	return n
}

// due is the notice to say at now, if any; it ends a burst that has gone quiet.
func (b *burst) due(now time.Time) tea.Cmd {
	if b.empty() {
		return nil
	}
	quiet := now.Sub(b.last) >= burstQuiet
	if !b.fresh {
		if quiet {
			*b = burst{}
		}
		return nil
	}
	since := b.first
	if !b.said.IsZero() {
		since = b.said
	}
	if !quiet && now.Sub(since) < burstEvery {
		return nil
	}
	n := b.counts()
	bell := !b.rang && n[approved]+n[blocked]+n[otherwise] > 0
	note := msgs.Notice{Text: b.text(), Bell: bell, Background: true}
	b.said, b.fresh, b.rang = now, false, b.rang || bell
	if quiet {
		*b = burst{}
	}
	return send(note)
}

// text is the burst's line.
func (b *burst) text() string {
	if len(b.outcomes) == 1 {
		return b.one
	}
	n := b.counts()
	var parts []string
	for o, id := range [...]string{approved: "watch.count.approved", blocked: "watch.count.blocked", gone: "watch.count.gone", otherwise: "watch.count.left_otherwise"} {
		if n[o] > 0 {
			parts = append(parts, i18n.N(id, n[o]))
		}
	}
	mark := theme.OKMark
	switch {
	case n[blocked] > 0:
		mark = theme.ErrorMark
	case n[gone]+n[otherwise] > 0:
		mark = theme.WarningMark
	}
	s := mark + " "
	if b.group != "" && !b.mixed {
		s += b.group + ": "
	}
	return s + strings.Join(parts, ", ") + " — " + i18n.T("watch.burst.see", "Key", "W")
}
