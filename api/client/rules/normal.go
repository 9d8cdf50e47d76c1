package rules

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/listings-tui/listings/api"
)

// A value is compared in one form wherever an edit is made (the import, the bulk
// edit, the form), so that a value written otherwise is not taken for a change and
// sent, which would send an active listing back to moderation for nothing: texts
// trimmed and composed, numbers by value, phones as the service keeps them.

// Text is a text as compared and sent: trimmed, line breaks as LF (a CSV may give
// CRLF back), composed (NFC: a Mac may save й as и and a combining breve).
func Text(s string) string {
	return norm.NFC.String(strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n")))
}

// DecimalForm says how a number was written when not in its canonical form.
type DecimalForm int

const (
	// Canonical: as Decimal writes it (or not a number).
	Canonical DecimalForm = iota
	// WholeAsFloat: a whole number written with a zero fraction (2021.0), as pandas
	// writes a column of whole numbers that has an empty cell.
	WholeAsFloat
	// Regional: with a decimal comma or grouped thousands (22 900,50; 1,234.5).
	Regional
)

// Decimal reads a number as people and tools write it: spaces, no-break spaces and
// apostrophes between thousands dropped; a decimal comma (12,5 or 22 900,00); both
// separators, the last one being the decimal one (1,234.50 or 1.234,50); several of
// one separator are thousands (1,234,567). It returns the number in its canonical
// text: no exponent, no leading "+", no leading zeros, no trailing zeros after the
// point (2021.0 is 2021), "-0" as "0"; form says how it was written when that was
// not canonical. ok is false for what is not a number at all.
func Decimal(s string) (out string, form DecimalForm, ok bool) {
	s = strings.TrimSpace(s)
	t := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\u00a0' || r == '\u202f' || r == '\'' || r == '’' {
			return -1
		}
		return r
	}, s)
	regional := t != s // thousands grouped with spaces or apostrophes
	sign := ""
	switch {
	case strings.HasPrefix(t, "-"), strings.HasPrefix(t, "−"):
		sign, t = "-", strings.TrimPrefix(strings.TrimPrefix(t, "-"), "−")
	case strings.HasPrefix(t, "+"):
		t = t[1:]
	}
	if t == "" || strings.Trim(t, "0123456789.,") != "" {
		return "", Canonical, false
	}
	switch commas, dots := strings.Count(t, ","), strings.Count(t, "."); {
	case commas > 0 && dots > 0:
		last := max(strings.LastIndex(t, ","), strings.LastIndex(t, "."))
		dec, group := t[last:last+1], map[byte]string{',': ".", '.': ","}[t[last]]
		if strings.Count(t, dec) > 1 {
			return "", Canonical, false
		}
		t = strings.ReplaceAll(t[:last], group, "") + "." + t[last+1:]
		regional = true
	case commas == 1:
		t, regional = strings.Replace(t, ",", ".", 1), true
	case commas > 1:
		t, regional = strings.ReplaceAll(t, ",", ""), true
	case dots > 1:
		t, regional = strings.ReplaceAll(t, ".", ""), true
	}
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" && frac == "" {
		return "", Canonical, false
	}
	if trimmed := strings.TrimRight(frac, "0"); trimmed != frac {
		if trimmed == "" {
			form = WholeAsFloat
		}
		frac = trimmed
	}
	if whole = strings.TrimLeft(whole, "0"); whole == "" {
		whole = "0"
	}
	out = whole
	if frac != "" {
		out += "." + frac
	}
	if out != "0" {
		out = sign + out
	}
	if regional {
		form = Regional
	}
	return out, form, true
}

// SamePrice compares prices by value: 1500 and 1500.00 are one price.
func SamePrice(a, b api.Price) bool {
	x, _, okA := Decimal(a.String())
	y, _, okB := Decimal(b.String())
	return okA && okB && x == y
}

// PhoneForm says how a phone was written when not as the service keeps it.
type PhoneForm int

const (
	// PhoneKept: as the service keeps it (+ and the digits).
	PhoneKept PhoneForm = iota
	// PhoneWritten: with spaces, dashes or brackets, or as dialled inside Ukraine (0…).
	PhoneWritten
	// PhoneLostPlus: a number whose + (or leading zero) a spreadsheet dropped,
	// taking it for a number: 380501234567, 501234567.
	PhoneLostPlus
)

// NormalPhone writes a phone as the service keeps phones: a Ukrainian number as +380
// and nine digits (067 123 45 67, 0671234567, 380671234567 and +38 (067) 123-45-67
// are all +380671234567), any other with its + and digits, or its digits alone when
// it has no country code. problem says why it is no phone (CheckPhone).
func NormalPhone(v string) (out string, form PhoneForm, problem string) {
	out, form, why := NormalPhoneWhy(v)
	return out, form, why.String()
}

// NormalPhoneWhy is NormalPhone with its problem as a Why.
func NormalPhoneWhy(v string) (out string, form PhoneForm, problem Why) {
	t := strings.TrimSuffix(strings.TrimSpace(v), ".0") // pandas writes a column of numbers as floats
	if problem = PhoneWhy(t); !problem.OK() {
		return "", PhoneKept, problem
	}
	plus := strings.HasPrefix(t, "+")
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, t)
	out, form = "+"+digits, PhoneWritten
	switch {
	case plus:
	case len(digits) == 12 && strings.HasPrefix(digits, "380"):
		form = PhoneLostPlus
	case len(digits) == 10 && strings.HasPrefix(digits, "0"):
		out = "+38" + digits
	case len(digits) == 9 && !strings.HasPrefix(digits, "0"):
		out, form = "+380"+digits, PhoneLostPlus
	default:
		out = digits // not Ukrainian and without a country code: its digits
	}
	if out == strings.TrimSpace(v) {
		form = PhoneKept
	}
	return out, form, Why{}
}

// SamePhone says whether two phones are one number written otherwise.
func SamePhone(a, b string) bool {
	x, _, p := NormalPhone(a)
	y, _, q := NormalPhone(b)
	if p != "" || q != "" {
		return strings.TrimSpace(a) == strings.TrimSpace(b)
	}
	return x == y
}
