package browser

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
)

// row is one loaded listing with its cells formatted once, when it enters the model,
// so that View only pads and truncates.
type row struct {
	l         api.Listing // network text already cleaned
	priceType string      // known only from a detail (ListingChanged), "" otherwise
	idx       int         // position in the service's order within its source
	mod       bool        // belongs to the moderation tab

	title, price, city, views, created string
	key                                string  // lowercase title, city and id: what the filter matches
	titleKey, cityKey                  string  // lowercase, for sorting
	priceF                             float64 // for sorting only; the cell keeps the exact text
	priceW                             int
}

// cleanListing makes every string of l safe for the terminal.
func cleanListing(l api.Listing) api.Listing {
	l.Title = termtext.Clean(l.Title)
	l.Currency = termtext.Clean(l.Currency)
	l.Status = api.Status(termtext.Clean(string(l.Status)))
	l.URL = termtext.Clean(l.URL)
	l.Slug = termtext.Clean(l.Slug)
	if l.City != nil {
		c := termtext.Clean(*l.City)
		l.City = &c
	}
	return l
}

func isModeration(s api.Status) bool {
	return s == api.StatusPending || s == api.StatusBlocked
}

// newRow formats a listing that is already clean.
func newRow(l api.Listing, priceType string, idx int, wasMod bool) row {
	r := row{l: l, priceType: priceType, idx: idx}
	r.mod = wasMod || isModeration(l.Status)
	r.title = l.Title
	if strings.TrimSpace(r.title) == "" {
		r.title = "(untitled)"
	}
	r.price = formatPrice(l.Price, l.Currency, priceType)
	if l.City != nil {
		r.city = *l.City
	}
	r.views = groupDigits(strconv.Itoa(l.Views))
	if !l.CreatedAt.IsZero() {
		r.created = l.CreatedAt.Format("2006-01-02")
	}
	r.titleKey = strings.ToLower(l.Title)
	r.cityKey = strings.ToLower(r.city)
	r.key = r.titleKey + "\x00" + r.cityKey + "\x00" + strconv.Itoa(l.ID)
	r.priceF = l.Price.Float64()
	r.priceW = ansi.StringWidth(r.price)
	return r
}

// formatPrice keeps the service's decimal text exactly and only groups the
// thousands: "15000.50" and "UAH" give "15 000.50 UAH". A price of 0 is an exchange or
// a give-away when the detail told us so; otherwise it is shown as the number it is.
func formatPrice(p api.Price, currency, priceType string) string {
	if p.IsZero() {
		return "—"
	}
	s := p.String()
	if strings.Trim(s, "0.") == "" {
		switch priceType {
		case api.PriceExchange, api.PriceFree:
			return priceType
		}
	}
	s = groupNumber(termtext.Clean(s))
	if currency != "" {
		s += " " + currency
	}
	return s
}

// groupNumber groups the integer part of a plain decimal; anything else (an
// exponent from a lenient server) is left as it came.
func groupNumber(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if intPart == "" || strings.Trim(intPart, "0123456789") != "" ||
		strings.Trim(frac, "0123456789") != "" {
		return sign + s
	}
	out := sign + groupDigits(intPart)
	if hasFrac {
		out += "." + frac
	}
	return out
}

func groupDigits(d string) string {
	if len(d) <= 3 || strings.HasPrefix(d, "-") {
		return d
	}
	var b strings.Builder
	b.Grow(len(d) + len(d)/3)
	head := len(d) % 3
	if head > 0 {
		b.WriteString(d[:head])
	}
	for i := head; i < len(d); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[i : i+3])
	}
	return b.String()
}

// sortCol is a column the table can be ordered by; sortServer is the service's own
// order (newest first).
type sortCol int

const (
	sortServer sortCol = iota
	sortTitle
	sortPrice
	sortViews
	sortStatus
	sortCity
	sortCreated
	numSortCols
)

var sortNames = [numSortCols]string{"newest", "title", "price", "views", "status", "city", "created"}

// naturalDesc is the direction a column starts in when s reaches it.
var naturalDesc = [numSortCols]bool{sortViews: true, sortCreated: true}

type sortOrder struct {
	col  sortCol
	desc bool
}

// label is what the header shows, e.g. "price ↓".
func (o sortOrder) label() string {
	if o.col == sortServer {
		if o.desc {
			return "oldest first"
		}
		return "newest first"
	}
	if o.desc {
		return sortNames[o.col] + " ↓"
	}
	return sortNames[o.col] + " ↑"
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

// compare orders two rows; equal keys keep the service's order, whatever the
// direction, so the order is total and stable across merges.
func (o sortOrder) compare(a, b *row) int {
	c := 0
	switch o.col {
	case sortServer:
		c = cmp.Compare(a.idx, b.idx)
	case sortTitle:
		c = strings.Compare(a.titleKey, b.titleKey)
	case sortPrice:
		c = cmp.Compare(a.priceF, b.priceF)
	case sortViews:
		c = cmp.Compare(a.l.Views, b.l.Views)
	case sortStatus:
		c = cmp.Compare(rankOf(a.l.Status), rankOf(b.l.Status))
		if c == 0 {
			c = strings.Compare(string(a.l.Status), string(b.l.Status))
		}
	case sortCity:
		c = strings.Compare(a.cityKey, b.cityKey)
	case sortCreated:
		c = a.l.CreatedAt.Compare(b.l.CreatedAt.Time)
	}
	if o.desc {
		c = -c
	}
	if c == 0 {
		c = cmp.Compare(a.idx, b.idx)
	}
	return c
}

// sortIdx sorts indices into rows by o.
func sortIdx(idx []int, rows []row, o sortOrder) {
	slices.SortFunc(idx, func(a, b int) int { return o.compare(&rows[a], &rows[b]) })
}

// mergeIdx merges two sorted index lists into a new one.
func mergeIdx(a, b []int, rows []row, o sortOrder) []int {
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if o.compare(&rows[a[i]], &rows[b[j]]) <= 0 {
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
func filterIdx(idx []int, rows []row, q string) []int {
	out := make([]int, 0, len(idx))
	for _, i := range idx {
		if strings.Contains(rows[i].key, q) {
			out = append(out, i)
		}
	}
	return out
}
