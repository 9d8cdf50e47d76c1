// Package export owns `listings export` below the terminal: the account's listings
// turned into rows by the column contract of api/jobs/sheet (the list fields, and with the
// detail every field only the detail has, each attribute its own attr.<code> column),
// the cost of fetching the details said before anything is sent (Plan), and the job
// that fetches them: one GET per listing, journaled so that a kill or the end of the
// day's budget loses nothing and a resume, even days later, fetches only what is
// missing (Journal, Fetch), before the rows are written from the journal (Write).
package export

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// ListColumns are the columns of an export of the list fields, in order.
var ListColumns = []string{"id", "status", "title", "price", "currency", "condition", "city",
	"photos", "url", "views", "vip", "top", "created_at"}

// DetailColumns are the columns of a --detail export before its attr.<code> columns;
// the list's url, views, vip, top and created_at come after them.
var DetailColumns = []string{"id", "status", "title", "description", "price", "price_type", "currency",
	"condition", "category_id", "category_path", "city", "city_ref", "contact_name", "contact_phone",
	"hide_phone", "photos", "photos_wm", "photos_3d", "video", "video_thumbnail"}

// tailColumns close a --detail row: what the list shows, which an import ignores.
var tailColumns = []string{"url", "views", "vip", "top", "created_at"}

// AttrPrefix begins the column of an attribute: attr.<code>.
const AttrPrefix = "attr."

// UnreadableID is the id cell of a listing whose id could not be read
// (api.Listing.HasID). Not empty, as other unreadable fields are: a row without an id
// is one listings import would create anew, and "?" is one it refuses.
const UnreadableID = "?"

// Columns are those of a --detail export whose listings have the attribute codes
// given: DetailColumns, one attr.<code> per code (sorted, so that the same listings
// give the same file whatever order their details came in), then the list's.
func Columns(codes []string) []string {
	out := slices.Clone(DetailColumns)
	for _, c := range slices.Sorted(slices.Values(codes)) {
		out = append(out, AttrPrefix+c)
	}
	return append(out, tailColumns...)
}

// Row appends the cells of l under columns to dst[:0] (a row buffer reused from row
// to row) and returns it. A column the listing has no value for is empty; so is a
// list field the service did not send.
func Row(dst []any, columns []string, l *api.ListingFull) []any {
	dst = dst[:0]
	for _, c := range columns {
		dst = append(dst, cell(c, l))
	}
	return dst
}

// ListRow is Row for a listing of the list (ListColumns).
func ListRow(dst []any, columns []string, l *api.Listing) []any {
	full := api.ListingFull{Listing: *l}
	dst = dst[:0]
	for _, c := range columns {
		if !l.Sent(sentName(c)) && c != "id" {
			dst = append(dst, nil)
			continue
		}
		dst = append(dst, cell(c, &full))
	}
	return dst
}

func cell(column string, l *api.ListingFull) any {
	if code, ok := strings.CutPrefix(column, AttrPrefix); ok {
		return AttrCell(l.Attributes[code])
	}
	if column == "id" && !l.HasID() {
		return UnreadableID
	}
	if name := sentName(column); !l.Sent(name) || l.Unreadable(name) {
		return nil // not sent, or sent unreadable: not known, so not written as a zero
	}
	switch column {
	case "id":
		return l.ID
	case "status":
		return string(l.Status)
	case "title":
		return l.Title
	case "description":
		return l.Description
	case "price":
		if l.Price.IsZero() {
			return nil
		}
		return sheet.Number(l.Price.String())
	case "price_type":
		return l.PriceType
	case "currency":
		return l.Currency
	case "condition":
		return deref(l.Condition)
	case "category_id":
		if l.CategoryID == 0 {
			return nil
		}
		return l.CategoryID
	case "category_path":
		return l.CategoryPath
	case "city":
		return deref(l.City)
	case "city_ref":
		return l.CityRef
	case "contact_name":
		return l.ContactName
	case "contact_phone":
		return l.ContactPhone
	case "hide_phone":
		return l.HidePhone
	case "photos":
		return l.Photos
	case "photos_wm":
		return l.PhotosWM
	case "photos_3d":
		return l.Photos3D
	case "video":
		return deref(l.VideoURL)
	case "video_thumbnail":
		return deref(l.VideoThumbnail)
	case "url":
		return l.URL
	case "views":
		return l.Views
	case "vip":
		return l.VIP
	case "top":
		return l.Top
	case "created_at":
		return l.CreatedAt.Time
	}
	return nil
}

// sentName is the field of the service's answer a column comes from.
func sentName(column string) string {
	if column == "video" {
		return "video_url"
	}
	return column
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

// AttrCell is an attribute's value as a cell: a select's option value and a text as
// written, a number exact, a boolean typed, a range "from-to" ("from-" or "-to" when
// one bound is missing: the range's shape is the sandbox's, {"from","to"}). Anything
// else is its compact JSON, so nothing the service sent is lost.
func AttrCell(raw json.RawMessage) any {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	case 't', 'f':
		var b bool
		if json.Unmarshal(raw, &b) == nil {
			return b
		}
	case '{':
		if r, ok := rangeCell(raw); ok {
			return r
		}
	default:
		var n json.Number
		if json.Unmarshal(raw, &n) == nil {
			return sheet.Number(n.String())
		}
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func rangeCell(raw json.RawMessage) (string, bool) {
	var r map[string]json.RawMessage
	if json.Unmarshal(raw, &r) != nil {
		return "", false
	}
	for k := range maps.Keys(r) {
		if k != "from" && k != "to" {
			return "", false
		}
	}
	from, okFrom := bound(r["from"])
	to, okTo := bound(r["to"])
	if !okFrom || !okTo {
		return "", false
	}
	if from == "" && to == "" {
		return "", true
	}
	return from + "-" + to, true
}

// bound is one end of a range: a number's literal, "" when absent or null.
func bound(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return "", false
	}
	return n.String(), true
}
