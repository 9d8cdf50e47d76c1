package sheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// numberText is a number cell's value as a person would have typed it: Excel keeps
// 3000 as 3000 and 380501234567 as 3.80501234567E+11, and a float such as 0.1+0.2
// shows 15 significant digits; so is it written here, without an exponent.
func numberText(x float64) string {
	x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// shown is a number cell's text under its format: what the person sees, when the
// format changes what the number means.
func (d display) shown(x float64, date1904 bool) (string, CellKind) {
	switch {
	case d.boolean:
		return strconv.FormatBool(x != 0), KindPlain
	case d.dated():
		if s, ok := d.dateText(x, date1904); ok {
			return s, KindDate
		}
	case d.percent:
		return numberText(x*100) + "%", KindPercent
	}
	return numberText(x), KindPlain
}

// msDay is a day in milliseconds; lastSerial is 9999-12-31, the last day a
// spreadsheet shows.
const (
	msDay      = 86_400_000
	lastSerial = 2_958_465
)

// dateText is a serial date (days since the workbook's epoch, the time of day as a
// fraction) as shown under d, in a fixed unambiguous form: "2026-06-15",
// "23:24" or "23:24:05" (seconds when the format shows them and they are not 0),
// "2026-06-15 23:24". A time is rounded to the millisecond a spreadsheet keeps, then
// cut to what the format shows; a number no date can be (negative, past 9999) is no
// date.
func (d display) dateText(x float64, date1904 bool) (string, bool) {
	if math.IsNaN(x) || x < 0 || x >= lastSerial+1 {
		return "", false
	}
	ms := int64(math.Round(x * msDay))
	if d.secs {
		ms = (ms + 500) / 1000 * 1000
	}
	days, clock := ms/msDay, ms%msDay
	var parts []string
	if d.date {
		parts = append(parts, dayText(days, date1904))
	}
	if d.clock {
		h, m, s := clock/3_600_000, clock/60_000%60, clock/1000%60
		if d.elapsed {
			h += days * 24
		}
		t := fmt.Sprintf("%02d:%02d", h, m)
		// LibreOffice gives a time it recognised, "23:24", a format with seconds:
		// seconds of zero say nothing the person typed.
		if d.secs && s != 0 {
			t += fmt.Sprintf(":%02d", s)
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " "), true
}

// dayText is a serial day as a date. The 1900 system counts from 1900-01-01 as day 1
// and, as Lotus 1-2-3 did, takes 1900 for a leap year: day 60 is 1900-02-29, which
// never was, and every later day is one more than the calendar's. The 1904 system
// (old Mac workbooks, workbookPr date1904) counts from 1904-01-01 as day 0.
func dayText(days int64, date1904 bool) string {
	var t time.Time
	switch {
	case date1904:
		t = time.Date(1904, 1, 1+int(days), 0, 0, 0, 0, time.UTC)
	case days == 60:
		return "1900-02-29"
	case days < 60:
		t = time.Date(1899, 12, 31+int(days), 0, 0, 0, 0, time.UTC)
	default:
		t = time.Date(1899, 12, 30+int(days), 0, 0, 0, 0, time.UTC)
	}
	return t.Format(time.DateOnly)
}

// isoDateText is an ISO 8601 date cell (t="d", written by some tools instead of a
// serial) in the same fixed form; ok false when it is none.
func isoDateText(v string) (string, bool) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02", "15:04:05.999999999", "15:04:05", "15:04"} {
		t, err := time.Parse(layout, v)
		if err != nil {
			continue
		}
		hasDay, hasClock := strings.Contains(layout, "2006"), strings.Contains(layout, "15")
		if hasDay && hasClock && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
			hasClock = false
		}
		var parts []string
		if hasDay {
			parts = append(parts, t.Format(time.DateOnly))
		}
		if hasClock {
			if t.Second() != 0 {
				parts = append(parts, t.Format("15:04:05"))
			} else {
				parts = append(parts, t.Format("15:04"))
			}
		}
		return strings.Join(parts, " "), true
	}
	return "", false
}

// boolFormula reads a formula that is a boolean constant: TRUE() and FALSE() as
// LibreOffice writes its booleans, TRUE and FALSE, in any case, with or without "=".
func boolFormula(f string) (string, bool) {
	f = strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), "=")))
	switch strings.TrimSuffix(f, "()") {
	case "TRUE":
		return "true", true
	case "FALSE":
		return "false", true
	}
	return "", false
}

// unescapeX decodes the _xHHHH_ escapes with which OOXML writes characters XML
// cannot hold (_x000D_ a carriage return; _x005F_ an underscore that would begin
// one).
func unescapeX(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && i+6 < len(s) && s[i+1] == 'x' && s[i+6] == '_' {
			if n, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				b.WriteRune(rune(n))
				i += 6
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// columnIndex is the 0-based column of a cell reference ("B2": 1); ok false when it
// names none.
func columnIndex(ref string) (int, bool) {
	n, i := 0, 0
	for ; i < len(ref) && i < 4; i++ {
		c := ref[i] | 0x20
		if c < 'a' || c > 'z' {
			break
		}
		n = n*26 + int(c-'a'+1)
	}
	if i == 0 || n > 16384 {
		return 0, false
	}
	return n - 1, true
}

// columnLetters is a 0-based column as a spreadsheet names it (1: "B").
func columnLetters(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}
