package browser

import (
	"strconv"
	"strings"
	"time"

	"github.com/listings-tui/listings/api/client/format"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/termtext"
)

// row is one loaded listing as the table keeps it: what the table shows and what its
// keys need, nothing else (no slug, photos or promotion ends: they are not even asked
// for, see listFields). A shop scrolls through 10 000 of them, so a row is compact
// (128 bytes plus its own strings; docs/performance.md):
//   - the strings that repeat across listings (status, city, currency, price, the
//     created date, the price type) are ids into the model's strtab, each string held
//     once for every row of every tab;
//   - the title and the URL are the only strings a row owns, and a listing held by
//     two sources (the "all" list and its status list) shares them with its twin
//     (Model.share); the lowercase title is made only once a filter or the title
//     sort needs it (Model.needKeys). A row keeps its URL past the last slash: the
//     part before it is the same for a shop's every listing, and held once
//     (urlDir), 0.3 MB less for 10 000 listings;
//   - numbers stay numbers: views are grouped only for the rows on screen, the
//     creation time is kept in seconds for sorting beside its date cell.
type row struct {
	id       int
	title    string  // cleaned, as the service wrote it
	titleKey string  // lowercase title for the filter and the title sort, once needed (needKeys)
	url      string  // for o and y: the URL after urlDir
	priceF   float64 // for sorting only; the cell keeps the exact text
	at       int64   // created_at in Unix seconds, for sorting
	views    int
	gain     int32 // views gained in 7 days, from the mirror (mirror.go)

	status   sid
	price    sid // the service's decimal text
	priceS   sid // the price cell ("15 000.50 UAH")
	currency sid
	city     sid // "" when the service gave none
	cityKey  sid // lowercase city
	created  sid // the date cell; "" when unknown
	pType    sid // price type, known only from a detail (ListingChanged)
	urlDir   sid // the URL up to its last slash

	priceW   uint8 // display width of the price cell (capped), for the column's width
	vip, top bool
	mod      bool // belongs to the moderation tab
	extra    bool // added from the mirror by a search, not paged: not counted, dropped with the filter
	untitled bool // the title is blank: the cell says so
}

func isModeration(s api.Status) bool {
	return s == api.StatusPending || s == api.StatusBlocked
}

// newRow turns a listing from the network (a page or a detail) into a row: every
// string is cleaned here, once, and the repeated ones go to the table.
func (t *strtab) newRow(l api.Listing, priceType string, wasMod bool) row {
	r := row{id: l.ID, views: l.Views, vip: l.VIP, top: l.Top}
	r.title = termtext.Clean(l.Title)
	r.untitled = strings.TrimSpace(r.title) == ""
	r.urlDir, r.url = t.splitURL(termtext.Clean(l.URL))
	status := termtext.Clean(string(l.Status))
	r.status = t.id(status)
	r.mod = wasMod || isModeration(api.Status(status))
	currency := termtext.Clean(l.Currency)
	r.currency = t.id(currency)
	r.pType = t.id(priceType)
	r.price = t.id(l.Price.String())
	cell := formatPrice(l.Price, currency, priceType)
	if l.Unreadable("price") {
		cell = unreadable
	}
	r.priceS = t.id(cell)
	r.priceF = l.Price.Float64()
	r.priceW = uint8(min(layout.Width(cell), 255))
	if l.City != nil {
		city := termtext.Clean(*l.City)
		r.city, r.cityKey = t.id(city), t.id(strings.ToLower(city))
	}
	if !l.CreatedAt.IsZero() {
		r.created = t.id(format.Date(l.CreatedAt.Time))
		r.at = l.CreatedAt.Unix()
	}
	if l.Unreadable("created_at") {
		r.created = t.id(unreadable)
	}
	return r
}

// reprice writes the price cells of rs's rows again in the interface's language
// (their widths with them), keeping a cell whose price could not be read.
func (t *strtab) reprice(rs *rowStore) {
	for j := range rs.len() {
		r := rs.at(j)
		if rs.str(r.priceS) == unreadable {
			continue
		}
		p, _ := api.ParsePrice(rs.str(r.price))
		cell := formatPrice(p, rs.str(r.currency), rs.str(r.pType))
		r.priceS = t.id(cell)
		r.priceW = uint8(min(layout.Width(cell), 255))
	}
}

// listing gives back what row r of rs holds as an api.Listing: the fields of
// listFields, cleaned.
func (rs *rowStore) listing(r *row) api.Listing {
	l := api.Listing{ID: r.id, Title: r.title, Currency: rs.str(r.currency),
		Status: rs.status(r), Views: r.views, VIP: r.vip, Top: r.top, URL: rs.url(r)}
	l.Price, _ = api.ParsePrice(rs.str(r.price)) // "" (no price) gives the zero Price
	if r.city != 0 {
		c := rs.str(r.city)
		l.City = &c
	}
	if r.created != 0 {
		l.CreatedAt = api.Time{Time: time.Unix(r.at, 0).In(api.Kyiv)}
	}
	return l
}

// splitURL keeps u's part up to its last slash in the table and returns the rest as
// a string of its own (not a slice of u, which would keep all of u).
func (t *strtab) splitURL(u string) (sid, string) {
	k := strings.LastIndexByte(u, '/')
	if k < 0 {
		return 0, u
	}
	return t.id(u[:k+1]), strings.Clone(u[k+1:])
}

// url is row r's URL.
func (rs *rowStore) url(r *row) string { return rs.str(r.urlDir) + r.url }

// cell is the title as the table shows it, after "(id ?)" for a listing whose id
// could not be read (api.Listing.HasID), which nothing can be done to.
func (r *row) cell() string {
	t := r.title
	if r.untitled {
		t = i18n.T("browser.untitled")
	}
	if r.id <= 0 {
		return i18n.T("browser.no_id", "Mark", unreadable) + " " + t
	}
	return t
}

// matches reports whether the filter q (lowercase, not empty) finds row r of rs by
// its title, its city or, when q is all digits, its id.
func (rs *rowStore) matches(r *row, q string, digits bool) bool {
	if strings.Contains(r.titleKey, q) || strings.Contains(rs.str(r.cityKey), q) {
		return true
	}
	if !digits {
		return false
	}
	var buf [20]byte
	return strings.Contains(string(strconv.AppendInt(buf[:0], int64(r.id), 10)), q)
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// unreadable marks a cell whose value the service sent in a form that could not be
// read (api.Listing.Problems): the rest of the row is shown, this is not guessed.
const unreadable = "?"

// formatPrice is the price cell, as every screen reads a price (api/client/format)
// but in the interface's language (words.go); "—" when the listing has none.
func formatPrice(p api.Price, currency, priceType string) string {
	if s := nums().priceText(p, currency, priceType); s != "" {
		return termtext.Clean(s)
	}
	return "—"
}

// appendGrouped appends n with its thousands grouped as i18n's Number does in the
// interface's language, without a string: the views cell of every row on screen,
// every frame.
func appendGrouped(dst []byte, n int) []byte {
	var buf [20]byte
	d := strconv.AppendInt(buf[:0], int64(n), 10)
	if n < 0 {
		dst, d = append(dst, '-'), d[1:]
	}
	return appendDigits(dst, d, nums().group)
}
