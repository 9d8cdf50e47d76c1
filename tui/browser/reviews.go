package browser

import (
	"context"
	"maps"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/termtext"
)

// What the moderation tab knows of each listing's review, and the request for it
// (the tab itself, what it asks and when: moderation.go).

const (
	// maxReviewFlight is the number of reasons asked for at once.
	maxReviewFlight = 2
	// reviewSettle is how long the rows on screen stay the same before their
	// reasons are asked for: holding j or pgdn through the tab spends nothing.
	reviewSettle = 500 * time.Millisecond
	// refreshEvery is how often the moderation tab on screen reloads while a
	// listing in it awaits review (a review takes about 15 minutes).
	refreshEvery = 60 * time.Second
)

// reviews is the moderation tab's state: the reasons learnt by id and the clock of
// its refresh. The cache map is replaced, never written, once a copy of the model
// may hold it (put, drop): a model is a value.
type reviews struct {
	det    Detailer
	budget Budgeter
	cache  map[int]review
	seq    int // of the latest reason request
	// gen counts the first pages of the moderation tab's source: a reason that
	// failed to load is asked again after the next one (r, or the refresh).
	gen      int
	now      time.Time // the root's clock at the last msgs.Tick; zero before the first
	loadedAt time.Time // when the source's first page last arrived; zero: not yet timed
	reported bool      // a failure was shown in the banner since the last success

	settle    time.Duration // reviewSettle; 0: at once
	screen    screenKey     // the rows on screen when last looked at
	screenSeq int           // bumps when they change: an older settledMsg is stale
	settled   bool          // they have stayed the same for settle
}

// screenKey tells whether the rows on screen changed.
type screenKey struct {
	tab, offset, n, first, last int
}

// settledMsg says the rows on screen stayed the same for reviews.settle, unless
// seq is not the latest.
type settledMsg struct{ seq int }

func settleAfter(d time.Duration, seq int) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return settledMsg{seq: seq} })
}

// review is what the tab knows of one listing's moderation.
type review struct {
	status  api.Status // the listing's status when this was learnt
	loading bool
	seq     int
	cancel  context.CancelFunc // of the request in flight
	failed  string             // why the last load failed, cleaned
	gen     int                // reviews.gen when it failed
	reason  string             // the moderator's reason, cleaned; "" when none was given
	when    string             // reviewed at (blocked) or in review since (pending); "" unknown
}

func newReviews(svc Lister) reviews {
	r := reviews{cache: map[int]review{}, settle: reviewSettle}
	r.det, _ = svc.(Detailer)
	r.budget, _ = svc.(Budgeter)
	return r
}

func (r *reviews) put(id int, e review) {
	c := maps.Clone(r.cache)
	c[id] = e
	r.cache = c
}

func (r *reviews) drop(id int) {
	if _, ok := r.cache[id]; !ok {
		return
	}
	c := maps.Clone(r.cache)
	delete(c, id)
	r.cache = c
}

// flying is the number of reasons asked for and not answered yet.
func (r *reviews) flying() int {
	n := 0
	for _, e := range r.cache {
		if e.loading {
			n++
		}
	}
	return n
}

// needs reports whether the blocked row id, whose status is st, needs its reason
// asked for: it has none, or one learnt under another status, or one that failed
// before the last first page.
func (r *reviews) needs(id int, st api.Status) bool {
	if st != api.StatusBlocked {
		return false
	}
	e, ok := r.cache[id]
	switch {
	case !ok:
		return true
	case e.loading:
		return false
	case e.status != st:
		return true
	case e.failed != "":
		return e.gen != r.gen
	}
	return false
}

// known returns what is known of id for a row whose status is st: nothing when the
// entry was learnt under another status.
func (r *reviews) known(id int, st api.Status) (review, bool) {
	e, ok := r.cache[id]
	if !ok || (!e.loading && e.status != st) {
		return review{}, false
	}
	return e, true
}

// learnt makes a review from a detail answer: status and moderation block.
func learnt(st api.Status, updated *api.Time, mod *api.Moderation) review {
	e := review{status: st}
	switch st {
	case api.StatusBlocked:
		if mod != nil && mod.Reason != nil {
			e.reason = strings.TrimSpace(termtext.Clean(*mod.Reason))
		}
		if mod != nil && mod.ReviewedAt != nil && !mod.ReviewedAt.IsZero() {
			e.when = format.Minute(mod.ReviewedAt.Time)
		}
	case api.StatusPending:
		// A listing enters review when it is sent: created or edited.
		if updated != nil && !updated.IsZero() {
			e.when = format.Minute(updated.Time)
		}
	}
	return e
}

// reviewMsg answers fetchReview.
type reviewMsg struct {
	id, seq int
	detail  *api.ListingDetail
	err     error
}

func fetchReview(ctx context.Context, cancel context.CancelFunc, d Detailer, id int, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		det, err := d.GetListing(ctx, id, lang)
		return reviewMsg{id: id, seq: seq, detail: det, err: err}
	}
}
