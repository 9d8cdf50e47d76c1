package i18n

import (
	"strconv"
	"strings"
)

// Numbers are written as the language writes them, by its catalog's entries: the
// thousands separator (number.group: a no-break space in Ukrainian, a comma in
// English), the decimal mark (number.decimal) and where the currency goes (price).

// Number is n with its thousands grouped: 12 500 / 12,500.
func (p *Printer) Number(n int) string { return p.Decimal(strconv.Itoa(n)) }

// Decimal is a plain decimal text ("-12500.5") with its thousands grouped and the
// language's decimal mark; anything else is returned as it came.
func (p *Printer) Decimal(s string) string {
	sign, whole, frac, hasFrac, ok := SplitDecimal(s)
	if !ok {
		return s
	}
	sep := p.T("number.group")
	var b strings.Builder
	b.WriteString(sign)
	head := len(whole) % 3
	if head == 0 {
		head = 3
	}
	b.WriteString(whole[:head])
	for i := head; i < len(whole); i += 3 {
		b.WriteString(sep)
		b.WriteString(whole[i : i+3])
	}
	if hasFrac {
		b.WriteString(p.T("number.decimal"))
		b.WriteString(frac)
	}
	return b.String()
}

// Price is an amount (the API's decimal text) in a currency (UAH, USD, EUR), as the
// language writes a price: "12 500,50 грн", "UAH 12,500.50". A currency without an
// entry is written by its code.
func (p *Printer) Price(amount, currency string) string {
	cur := currency
	if id := "currency." + currency; p.has(id) {
		cur = p.T(id)
	}
	return p.T("price", "Amount", p.Decimal(amount), "Currency", cur)
}

// has reports whether the catalogs (the language's or English's) have id.
func (p *Printer) has(id string) bool { return p.T(id) != id }

// SplitDecimal takes a plain decimal text apart ("-15000.5": "-", "15000", "5", true);
// ok is false for anything else (an exponent, a sign alone, letters), which callers
// show as it came. It lives here, not in api/client/format, since format draws its
// words from this package.
func SplitDecimal(s string) (sign, whole, frac string, hasFrac, ok bool) {
	rest := s
	if strings.HasPrefix(rest, "-") {
		sign, rest = "-", rest[1:]
	}
	whole, frac, hasFrac = strings.Cut(rest, ".")
	ok = whole != "" && strings.Trim(whole, "0123456789") == "" && strings.Trim(frac, "0123456789") == ""
	return sign, whole, frac, hasFrac, ok
}
