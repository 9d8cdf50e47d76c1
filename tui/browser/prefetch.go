package browser

import (
	"context"

	"github.com/listings-tui/listings/api"
)

// The first frame over a synced mirror shows its rows before any request: New reads
// the first page of the tab it opens on and every tab's count (loadMirror). Cold,
// that read (SQLite's first statements, its code paged in) took longer than the
// service's first page over a local network, and the first frame waited for it.
// Prefetch starts it on a goroutine of its own, before the app builds its views and
// asks the terminal for its background colour, so that those overlap it; New then
// takes its result (docs/performance.md, "Start").

// Prefetched is the mirror's first frame, read ahead by Prefetch.
type Prefetched struct {
	db     Mirror
	st     api.Status
	limit  int
	done   chan struct{}
	first  mirrorRowsMsg
	counts map[api.Status]int
	err    error
}

// Prefetch starts reading what New shows of db first: the first page of the tab New
// opens on, and the counts.
func Prefetch(db Mirror) *Prefetched {
	p := &Prefetched{db: db, st: sourceStatus[tabDefs[0].src], limit: pageLimit, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.first, p.counts, p.err = firstFrame(db, p.st, p.limit)
	}()
	return p
}

// WithPrefetched has New take its first frame from p rather than read it, when p is
// of the mirror WithMirror gives and of what New shows first.
func WithPrefetched(p *Prefetched) Option { return func(m *Model) { m.mir.pre = p } }

// firstFrame reads the first limit rows of status st and, when the mirror was ever
// synced, the counts of every status. The two reads run at once, each on a connection
// of its own: cold, each takes milliseconds (the counts scan an index of every
// listing), and the first frame waits for both.
func firstFrame(db Mirror, st api.Status, limit int) (mirrorRowsMsg, map[api.Status]int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
	defer cancel()
	if _, ok, err := db.LastSync(ctx); err != nil || !ok {
		// Never synced (or a mirror still being made, which a count would wait
		// for): nothing to show, and no count.
		return readMirror(db, st, limit, nil), nil, nil
	}
	type countsRead struct {
		counts map[api.Status]int
		err    error
	}
	ch := make(chan countsRead, 1)
	go func() {
		c, err := db.Counts(ctx)
		ch <- countsRead{c, err}
	}()
	msg := readMirror(db, st, limit, nil)
	r := <-ch
	if msg.synced.IsZero() {
		return msg, nil, nil
	}
	return msg, r.counts, r.err
}

// firstFrame is the first frame's read: the prefetched one when it fits, else read
// now.
func (m *Model) firstFrame(st api.Status) (mirrorRowsMsg, map[api.Status]int, error) {
	p := m.mir.pre
	m.mir.pre = nil
	if p != nil && p.db == m.mir.db && p.st == st && p.limit == m.limit {
		<-p.done
		return p.first, p.counts, p.err
	}
	return firstFrame(m.mir.db, st, m.limit)
}
