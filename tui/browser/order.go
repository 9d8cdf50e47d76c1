package browser

import (
	"cmp"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
)

// sortCol is a column the table can be ordered by; sortServer is the service's own
// order. The spec does not say what that order is ("not shown"); the sandbox lists by
// id, highest first (docs/sandbox.md), which is not the newest first: its grown
// listings have the highest ids and the oldest dates. So it is called what it is,
// the service's order, and "created" is the sort by date.
type sortCol int

const (
	sortServer sortCol = iota
	sortTitle
	sortPrice
	sortViews
	sortStatus
	sortCity
	sortCreated
	sortViews7d // views gained in 7 days, with a mirror only (mirror.go)
	numSortCols
)

// naturalDesc is the direction a column starts in when s reaches it.
var naturalDesc = [numSortCols]bool{sortViews: true, sortCreated: true, sortViews7d: true}

type sortOrder struct {
	col  sortCol
	desc bool
}

// label is what the header shows, e.g. "price ↓".
func (o sortOrder) label() string {
	if o.col == sortServer {
		if o.desc {
			return i18n.T("browser.sort.service_reversed")
		}
		return sortWord(sortServer)
	}
	if o.desc {
		return sortWord(o.col) + " ↓"
	}
	return sortWord(o.col) + " ↑"
}

var statusRank = map[api.Status]int{
	api.StatusActive: 0, api.StatusPending: 1, api.StatusBlocked: 2,
	api.StatusInactive: 3, api.StatusSold: 4, api.StatusArchived: 5,
}

func rankOf(s api.Status) int {
	if r, ok := statusRank[s]; ok {
		return r
	}
	return len(statusRank)
}

// currencyRank puts the spec's currencies first, in its order.
func currencyRank(c string) int {
	switch c {
	case "UAH":
		return 0
	case "USD":
		return 1
	case "EUR":
		return 2
	}
	return 3
}

// compare orders rows ia and ib of rs; equal keys keep the service's order, whatever
// the direction, so the order is total and stable across merges. A source holds its
// rows in the service's order, so that order is their position.
func (o sortOrder) compare(rs *rowStore, ia, ib int) int {
	a, b := rs.at(ia), rs.at(ib)
	c := 0
	switch o.col {
	case sortServer:
		c = cmp.Compare(ia, ib)
	case sortTitle:
		c = strings.Compare(a.titleKey, b.titleKey)
	case sortPrice:
		// Prices in different currencies do not compare: each currency is a group of
		// its own (UAH, USD, EUR, then the others by code), sorted within.
		ca, cb := rs.str(a.currency), rs.str(b.currency)
		if c = cmp.Compare(currencyRank(ca), currencyRank(cb)); c == 0 {
			if c = strings.Compare(ca, cb); c == 0 {
				c = cmp.Compare(a.priceF, b.priceF)
			}
		}
	case sortViews:
		c = cmp.Compare(a.views, b.views)
	case sortStatus:
		sa, sb := rs.status(a), rs.status(b)
		c = cmp.Compare(rankOf(sa), rankOf(sb))
		if c == 0 {
			c = strings.Compare(string(sa), string(sb))
		}
	case sortCity:
		c = strings.Compare(rs.str(a.cityKey), rs.str(b.cityKey))
	case sortCreated:
		c = cmp.Compare(a.at, b.at)
	case sortViews7d:
		c = cmp.Compare(a.gain, b.gain)
	}
	if o.desc {
		c = -c
	}
	if c == 0 {
		c = cmp.Compare(ia, ib)
	}
	return c
}

// sortIdx sorts indices into rows by o.
func sortIdx(idx []int, rows *rowStore, o sortOrder) {
	slices.SortFunc(idx, func(a, b int) int { return o.compare(rows, a, b) })
}

// mergeIdx merges two sorted index lists. When all of b comes after a, as a new
// page does in the service's order, b is appended to a, in place when a has room:
// scrolling 10 000 rows then costs each page its own rows, not a copy of all the
// rows before it. A copy of the model holding a shorter a does not see the rows
// written past its end, as with any append.
func mergeIdx(a, b []int, rows *rowStore, o sortOrder) []int {
	if len(a) == 0 || len(b) == 0 || o.compare(rows, a[len(a)-1], b[0]) <= 0 {
		return append(a, b...)
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if o.compare(rows, a[i], b[j]) <= 0 {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// filterIdx keeps the indices whose row matches q (already lowercase).
func filterIdx(idx []int, rows *rowStore, q string) []int {
	out := make([]int, 0, len(idx))
	digits := allDigits(q)
	for _, i := range idx {
		if rows.matches(rows.at(i), q, digits) {
			out = append(out, i)
		}
	}
	return out
}
