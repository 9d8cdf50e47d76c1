package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the service's dates are Europe/Kyiv; hosts without zoneinfo still need it
)

// Kyiv is the service's time zone; every Time is expressed in it.
var Kyiv = loadKyiv()

func loadKyiv() *time.Location {
	for _, name := range []string{"Europe/Kyiv", "Europe/Kiev"} {
		if loc, err := time.LoadLocation(name); err == nil {
			return loc
		}
	}
	// Unreachable with the embedded tzdata; a fixed zone keeps dates readable regardless.
	return time.FixedZone("EET", 2*60*60)
}

// listingTimeLayout is how listing datetimes such as created_at are rendered.
const listingTimeLayout = "2006-01-02 15:04:05"

// timeLayouts are the forms accepted on input, tried in order. The spec names the first
// two; the others cost nothing and keep a slightly different server readable.
var timeLayouts = []struct {
	layout string
	local  bool // no offset in the text: read as Europe/Kyiv wall time
}{
	{listingTimeLayout, true},
	{time.RFC3339Nano, false},
	{"2006-01-02T15:04:05", true},
	{"2006-01-02 15:04:05Z07:00", false},
	{"2006-01-02 15:04:05.999999999", true},
	{"2006-01-02 15:04", true}, // without seconds
	{"2006-01-02T15:04", true},
	{"2006-01-02T15:04Z07:00", false},
	{"2006-01-02", true},
}

// Time is a datetime of the service, always in Europe/Kyiv. It decodes both the listing
// form (YYYY-MM-DD HH:MM:SS, Kyiv wall time) and ISO 8601 with an offset.
type Time struct{ time.Time }

// ParseTime parses s in any form the service uses and returns it in Europe/Kyiv.
func ParseTime(s string) (Time, error) {
	s = strings.TrimSpace(s)
	for _, l := range timeLayouts {
		var t time.Time
		var err error
		if l.local {
			t, err = time.ParseInLocation(l.layout, s, Kyiv)
		} else {
			t, err = time.Parse(l.layout, s)
		}
		if err == nil {
			return Time{t.In(Kyiv)}, nil
		}
	}
	return Time{}, fmt.Errorf("unrecognised datetime %q", truncate(s, 40))
}

// noDate reports whether s is a database's way of writing no date: all zeros, or the
// first day of year 1 (a zero value written out by another program). Read as a date it
// would show as year 0 or 1.
func noDate(s string) bool {
	return strings.Trim(s, "0-:T Z") == "" || strings.HasPrefix(s, "0001-01-01")
}

// UnmarshalJSON accepts a datetime string; an empty string, null or a zero date leaves
// the zero Time.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("datetime: %w", err)
	}
	if s = strings.TrimSpace(s); s == "" || noDate(s) {
		*t = Time{} // "0000-00-00 00:00:00", as some databases write "no date"
		return nil
	}
	p, err := ParseTime(s)
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// MarshalJSON writes ISO 8601 with the Kyiv offset, which every reader of the spec accepts.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.In(Kyiv).Format(time.RFC3339))
}

// String renders the time the way the service renders listing datetimes.
func (t Time) String() string {
	if t.IsZero() {
		return ""
	}
	return t.In(Kyiv).Format(listingTimeLayout)
}

// Price is a decimal amount kept exactly as the service wrote it ("1250", "99.99"), so
// that no binary-float rounding happens between reading and sending a price back.
// The zero Price means "no price" and is omitted from request bodies.
type Price struct{ num string }

// ParsePrice reads a decimal number such as "1250" or "99.99".
func ParsePrice(s string) (Price, error) {
	s = strings.TrimSpace(s)
	if !isJSONNumber(s) {
		return Price{}, fmt.Errorf("price %q is not a decimal number", truncate(s, 40))
	}
	return Price{num: s}, nil
}

// PriceInt returns a whole-number price.
func PriceInt(n int64) Price { return Price{num: strconv.FormatInt(n, 10)} }

// IsZero reports whether no price is set (it is not the same as a price of 0).
func (p Price) IsZero() bool { return p.num == "" }

// String returns the decimal text as received, "" when unset.
func (p Price) String() string { return p.num }

// Float64 returns the price as a float for display or arithmetic; 0 when unset.
func (p Price) Float64() float64 {
	f, _ := strconv.ParseFloat(p.num, 64)
	return f
}

// Number returns the price as a json.Number.
func (p Price) Number() json.Number { return json.Number(p.num) }

// MarshalJSON writes the number literal unchanged; an unset price is null.
func (p Price) MarshalJSON() ([]byte, error) {
	if p.num == "" {
		return []byte("null"), nil
	}
	return []byte(p.num), nil
}

// UnmarshalJSON accepts a JSON number, a numeric string (a lenient server) or null.
func (p *Price) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*p = Price{}
		return nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("price: %w", err)
		}
		if strings.TrimSpace(s) == "" {
			*p = Price{}
			return nil
		}
	}
	v, err := ParsePrice(s)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// isJSONNumber reports whether s is a number literal as JSON defines it.
func isJSONNumber(s string) bool {
	i, n := 0, len(s)
	if i < n && s[i] == '-' {
		i++
	}
	switch {
	case i < n && s[i] == '0':
		i++
	case i < n && s[i] >= '1' && s[i] <= '9':
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < n && s[i] == '.' {
		i++
		start := i
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == n
}

// Status is a listing state. Values the client does not know are kept as they come.
type Status string

// The six listing states of the spec, and the list filter's extra value.
const (
	StatusPending  Status = "pending"
	StatusActive   Status = "active"
	StatusBlocked  Status = "blocked"
	StatusSold     Status = "sold"
	StatusArchived Status = "archived"
	StatusInactive Status = "inactive"
	// StatusAll is only a list filter value: every state, pending and blocked included.
	StatusAll Status = "all"
)

// Known reports whether s is one of the six states of the spec.
func (s Status) Known() bool {
	switch s {
	case StatusPending, StatusActive, StatusBlocked, StatusSold, StatusArchived, StatusInactive:
		return true
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
