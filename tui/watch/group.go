package watch

import (
	"strconv"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// A job's listings, or a bulk watch's, are one group: one line at the top of the panel
// ("price job 20261127-…: 640 pending, 20 approved, 6 blocked"), which enter opens to
// its listings and esc closes. A group of one listing shows as that listing.

// item is one line of the panel: a listing, or a group of them.
type item struct {
	e     *Entry // a listing; nil for a group
	group string
	sum   *groupSum
}

// groupSum counts a group's listings by where they stand.
type groupSum struct {
	n, pending, approved, blocked, gone, other, failing int
	added                                               time.Time // of its first listing
}

func (g *groupSum) count(e *Entry) {
	g.n++
	if g.added.IsZero() || e.AddedAt.Before(g.added) {
		g.added = e.AddedAt
	}
	switch {
	case e.Gone:
		g.gone++
	case e.Pollable():
		g.pending++
		if e.Error != "" {
			g.failing++
		}
	case e.Status == api.StatusActive:
		g.approved++
	case e.Status == api.StatusBlocked:
		g.blocked++
	default:
		g.other++
	}
}

// text is what a group's line says of its listings.
func (g *groupSum) text() string {
	var parts []string
	for _, p := range []struct {
		n  int
		id string
	}{{g.pending, "watch.count.pending"}, {g.approved, "watch.count.approved"}, {g.blocked, "watch.count.blocked"},
		{g.gone, "watch.count.gone"}, {g.other, "watch.count.other"}} {
		if p.n > 0 {
			parts = append(parts, i18n.N(p.id, p.n))
		}
	}
	s := strings.Join(parts, ", ")
	if g.failing > 0 {
		s += " (" + i18n.N("watch.count.failing", g.failing) + ")"
	}
	return s
}

// built says what the items were built from.
type built struct {
	store *Store
	rev   uint64
	open  string
}

// buildItems lists the panel's lines, unless the list did not change since: at the
// top, the listings on their own and the groups, where each was first added; in an
// open group, its listings. It counts the listings waiting on the way.
func (m *Model) buildItems() {
	if m.open != "" && m.store.GroupLen(m.open) == 0 {
		m.closeGroup() // its listings were all removed
	}
	b := built{store: m.store, rev: m.store.rev, open: m.open}
	if b == m.built {
		return
	}
	m.built = b
	m.items, m.pending, m.soonest, m.idW = m.items[:0:0], 0, time.Time{}, 2
	sums := map[string]*groupSum{}
	for _, e := range m.store.Entries() {
		if e.Pollable() {
			m.pending++
			if m.soonest.IsZero() || e.NextCheck.Before(m.soonest) {
				m.soonest = e.NextCheck
			}
		}
		if m.open != "" {
			if e.Group == m.open {
				m.items = append(m.items, item{e: e})
				m.idW = max(m.idW, len(strconv.Itoa(e.ID)))
			}
			continue
		}
		if e.Group == "" || m.store.GroupLen(e.Group) == 1 {
			m.items = append(m.items, item{e: e})
			m.idW = max(m.idW, len(strconv.Itoa(e.ID)))
			continue
		}
		g := sums[e.Group]
		if g == nil {
			g = &groupSum{}
			sums[e.Group] = g
			m.items = append(m.items, item{group: e.Group, sum: g})
		}
		g.count(e)
	}
}

// selectedGroup is the group under the cursor, if the cursor is on a group's line.
func (m *Model) selectedGroup() (string, bool) {
	if m.cursor < 0 || m.cursor >= len(m.items) || m.items[m.cursor].e != nil {
		return "", false
	}
	return m.items[m.cursor].group, true
}

func (m *Model) openGroup(g string) {
	m.topCursor, m.open = m.cursor, g
	m.cursor, m.offset = 0, 0
}

func (m *Model) closeGroup() {
	m.open, m.cursor, m.offset = "", m.topCursor, 0
}

// maxGroupName bounds a group's name, which comes from another view.
const maxGroupName = 80

// groupName is a group's name as kept: one line, bounded.
func groupName(s string) string {
	s = strings.Join(strings.Fields(termtext.Clean(s)), " ")
	if r := []rune(s); len(r) > maxGroupName {
		s = string(r[:maxGroupName-1]) + "…"
	}
	return s
}
