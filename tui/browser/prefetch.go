package browser

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

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
// synced, the counts of every status. The two reads run one after the other, on this
// goroutine: cold, each takes milliseconds of CPU (the counts scan an index of every
// listing), and run at once on two goroutines they held both of a two-core machine's
// processors, so that the program's own start and the window's size waited for them
// (docs/performance.md, "Start").
func firstFrame(db Mirror, st api.Status, limit int) (mirrorRowsMsg, map[api.Status]int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
	defer cancel()
	if _, ok, err := db.LastSync(ctx); err != nil || !ok {
		// Never synced (or a mirror still being made, which a count would wait
		// for): nothing to show, and no count.
		return readMirror(db, st, limit, nil), nil, nil
	}
	msg := readMirror(db, st, limit, nil)
	if msg.synced.IsZero() {
		return msg, nil, nil
	}
	c, err := db.Counts(ctx)
	return msg, c, err
}

// takePrefetched returns the prefetched read when it is of the mirror, the status and
// the page New shows first, and forgets it either way.
func (m *Model) takePrefetched(st api.Status) *Prefetched {
	p := m.mir.pre
	m.mir.pre = nil
	if p != nil && p.db == m.mir.db && p.st == st && p.limit == m.limit {
		return p
	}
	return nil
}

// The prefetched first frame comes as a message, as the service's first page does:
// New does not wait for it. Bubble Tea writes its first frame at the renderer's first
// tick, a sixtieth of a second after the program starts, so a read that ends within
// that tick still shows in the first frame, while the program's start no longer
// waits for SQLite's first statements (docs/performance.md, "Start").
//
// Until it comes, the browser holds every other message and handles them after it,
// in order, so that they find the state New would have made had it read the mirror
// itself: the service's first page lands on the mirror's rows, not under them, and a
// key typed ahead moves over the rows it was typed at.

// firstFrameMsg is the prefetched read, done.
type firstFrameMsg struct{ p *Prefetched }

// maxHeld bounds the messages held while the first frame is awaited; past it the
// browser waits for the read (itself bounded by mirrorTimeout) where it stands.
const maxHeld = 512

// awaitFirstFrame waits off the event loop for p.
func awaitFirstFrame(p *Prefetched) tea.Cmd {
	return func() tea.Msg {
		<-p.done
		return firstFrameMsg{p}
	}
}

// holdUntilFirstFrame keeps msg for after the first frame while it is awaited, and
// takes the first frame when it comes; held reports that Update need do nothing more.
func (m Model) holdUntilFirstFrame(msg tea.Msg) (_ Model, _ tea.Cmd, held bool) {
	p := m.mir.await
	if p == nil {
		return m, nil, false
	}
	queue := m.mir.held
	switch f, ok := msg.(firstFrameMsg); {
	case ok && f.p != p:
		return m, nil, true // a read this model no longer waits for
	case !ok && len(queue) < maxHeld:
		m.mir.held = append(queue, msg)
		return m, nil, true
	case !ok:
		queue = append(queue, msg)
		<-p.done // the bound: wait here
	}
	m.mir.await, m.mir.held = nil, nil
	m.adoptFirstFrame(p.first, p.counts, p.err)
	cmds := []tea.Cmd{m.watchScreen(), m.wantReviews()}
	for _, h := range queue {
		var cmd tea.Cmd
		m, cmd = m.Update(h)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...), true
}
