package catalog

import (
	"regexp"
	"strings"
	"sync"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// A cell is read as the tools that wrote it write it, and to the form the service
// answers with, so that a value nobody changed compares equal to the listing's and
// is not sent (docs/cli.md, "How each cell is read"). What a tool damaged beyond
// reading (a date made of 15.6, a phone rounded to 3.80501E+11, a formula with no
// saved value) is refused with what happened and how to fix it; what it merely wrote
// in its own way (2021.0, 85 % kept as 0.85, ИСТИНА, грн, 067 123 45 67) is read and
// said once in the plan as a fix.

// Clear is the word that clears a field or an attribute in an edit. An empty cell
// never changes or deletes anything, in every column alike, since tools empty cells
// for reasons of their own (a formula whose value was dropped, a column of numbers
// with a gap); clearing is something said.
const Clear = "(clear)"

func isClear(v string) bool { return strings.EqualFold(strings.TrimSpace(v), Clear) }

// Fix is a cell read otherwise than written, for the plan: what the row held, what
// was read, and the tool's habit that explains it (the same Why groups the fixes of a
// sheet into one line of the plan).
type Fix struct {
	Column string `json:"column"`
	From   string `json:"from"`
	To     string `json:"to"`
	Why    string `json:"why"`
}

// The habits of tools that a fix names.
const (
	whyFloat   = "a whole number written as a decimal (pandas and some spreadsheets write 2021 as 2021.0)"
	whyPercent = "a percentage the spreadsheet kept as a fraction (85 % is stored as 0.85)"
	whyPhone   = "the phone in the form the service keeps (+380…)"
	whyPlus    = "a phone whose + a spreadsheet dropped, taking it for a number"
	whyMoney   = "the currency's sign or name read as its code"
	whyBool    = "a yes/no written in a spreadsheet's words or as a formula"
	whyDecimal = "a number with a decimal comma or grouped thousands, as a spreadsheet in a European locale writes it"
	whyCharset = "a character Windows-1251 cannot hold (×, ², ™) saved as ?: the listing keeps its own"
)

// listingText is what a fix of a character the sheet's charset lost reads the cell
// as: the listing's own text.
const listingText = "the listing's text"

// habitWhy is a fix's habit as a Why, for a front end to say in its language; the
// journal keeps the English (Fix.Why), which an older journal may word otherwise: it
// is then said as it came.
func habitWhy(why string) rules.Why {
	id := map[string]string{whyFloat: "float", whyPercent: "percent", whyPhone: "phone", whyPlus: "plus",
		whyMoney: "money", whyBool: "bool", whyDecimal: "decimal", whyCharset: "charset"}[why]
	if id == "" {
		return because("error", "Err", why)
	}
	return because("habit." + id)
}

// fix records a fix on the row, once per column.
func (b *rowBuild) fix(col, from, to, why string) {
	if from == to {
		return
	}
	for _, f := range b.Fixes {
		if f.Column == col {
			return
		}
	}
	b.Fixes = append(b.Fixes, Fix{Column: col, From: rules.Clip(from, 40), To: rules.Clip(to, 40), Why: why})
}

// damaged says why a cell a tool wrote cannot be read, or "": a formula with no
// saved value, an error value, a number the spreadsheet made a date of. numeric says
// the column holds a number (a price, a number or range attribute): a date there is
// the spreadsheet's doing.
func damaged(v string, kind sheet.CellKind, numeric bool) rules.Why {
	switch {
	case kind == sheet.KindFormula:
		return because("cell.formula", "Value", rules.Clip(v, 30))
	case kind == sheet.KindError:
		return because("cell.error", "Value", rules.Clip(v, 20))
	case numeric && (kind == sheet.KindDate || looksDate(v)):
		return because("cell.date", "Value", quoted(v, 24))
	}
	return rules.Why{}
}

var dateLike = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}-\d{2}-\d{2})([ T]\d{1,2}:\d{2}(:\d{2})?)?$`)
})

// looksDate says whether a cell is written as a date (15.06.26, 15/06/2026,
// 2026-06-15), which no number of a listing is.
func looksDate(v string) bool { return dateLike().MatchString(strings.TrimSpace(v)) }

// decimal is rules.Decimal with the habit of the tool that wrote a number otherwise
// than in its canonical form, for a fix.
func decimal(s string) (out, fixed string, ok bool) {
	out, form, ok := rules.Decimal(s)
	switch form {
	case rules.WholeAsFloat:
		fixed = whyFloat
	case rules.Regional:
		fixed = whyDecimal
	}
	return out, fixed, ok
}

// readPrice reads a price cell; ok is false with the row refused.
func (b *rowBuild) readPrice(col, v string) (api.Price, bool) {
	if why := damaged(v, b.kinds[col], true); !why.OK() {
		b.refuse(col, why)
		return api.Price{}, false
	}
	if b.kinds[col] == sheet.KindPercent {
		b.refuse(col, because("price.percent", "Value", v))
		return api.Price{}, false
	}
	d, why, ok := decimal(v)
	if !ok || strings.HasPrefix(d, "-") {
		why := because("price.invalid", "Value", quoted(v, 20))
		if _, err := rules.ParsePrice(v); err != nil { // its words for what is wrong
			if w, ok := err.(rules.Why); ok {
				why = w
			} else {
				why = because("error", "Err", err.Error())
			}
		}
		b.refuse(col, why)
		return api.Price{}, false
	}
	p, err := api.ParsePrice(d)
	if err != nil {
		b.refuse(col, because("price.invalid", "Value", quoted(v, 20)))
		return api.Price{}, false
	}
	if why != "" {
		b.fix(col, v, d, why)
	}
	return p, true
}

// readNumber reads a number attribute's cell as the JSON number to send: 85% (and a
// percentage cell, 0.85 shown as 85 %) is 85, as the attribute's unit is the percent
// it was typed in.
func (b *rowBuild) readNumber(col, v string) (string, bool) {
	if why := damaged(v, b.kinds[col], true); !why.OK() {
		b.refuse(col, why)
		return "", false
	}
	t := strings.TrimSpace(v)
	pct := b.kinds[col] == sheet.KindPercent || strings.HasSuffix(t, "%")
	d, why, ok := decimal(strings.TrimSpace(strings.TrimSuffix(t, "%")))
	if !ok {
		b.refuse(col, because("number.invalid", "Value", quoted(v, 20)))
		return "", false
	}
	if pct {
		why = whyPercent
	}
	if why != "" {
		b.fix(col, v, d, why)
	}
	return d, true
}

// currencies maps what people write for a currency to its code.
var currencies = map[string]string{
	"uah": "UAH", "грн": "UAH", "грн.": "UAH", "₴": "UAH", "гривня": "UAH", "гривні": "UAH", "гривень": "UAH", "гривна": "UAH", "hrn": "UAH",
	"usd": "USD", "$": "USD", "us$": "USD", "дол": "USD", "дол.": "USD", "долар": "USD", "долари": "USD", "доларів": "USD", "доллар": "USD",
	"eur": "EUR", "€": "EUR", "євро": "EUR", "евро": "EUR", "euro": "EUR",
}

// readCurrency reads a currency cell: its code, or a sign or name of it.
func (b *rowBuild) readCurrency(col, v string) (string, bool) {
	code, ok := currencies[strings.ToLower(strings.TrimSpace(v))]
	if !ok {
		b.refuse(col, because("currency.invalid", "Value", quoted(v, 20)))
		return "", false
	}
	if code != strings.TrimSpace(v) {
		b.fix(col, v, code, whyMoney)
	}
	return code, true
}

// readBool reads a yes/no cell in the words of people and spreadsheets: LibreOffice
// writes TRUE()/FALSE() formulas, and a CSV in its locale's words (a Ukrainian Calc
// ІСТИНА/БРЕХНЯ, a Russian one ИСТИНА/ЛОЖЬ, a German WAHR/FALSCH, a Polish
// PRAWDA/FAŁSZ); pandas 1.0 and 0.0.
func (b *rowBuild) readBool(col, v string) (bool, bool) {
	w := strings.TrimPrefix(norm(v), "=")
	w = strings.TrimSuffix(w, "()")
	switch w {
	case "true", "yes", "y", "1", "1.0", "так", "да", "+", "истина", "істина", "правда", "wahr", "prawda", "vrai", "verdadero", "vero":
		b.fixBool(col, v, "true")
		return true, true
	case "false", "no", "n", "0", "0.0", "ні", "нет", "-", "ложь", "брехня", "хибність", "хиба", "неправда", "falsch", "fałsz", "faux", "falso":
		b.fixBool(col, v, "false")
		return false, true
	}
	b.refuse(col, because("bool.invalid", "Value", quoted(v, 20)))
	return false, false
}

func (b *rowBuild) fixBool(col, v, to string) {
	switch norm(v) {
	case to, "yes", "no", "так", "ні", "да", "нет", "1", "0", "y", "n", "+", "-":
		return // words the template offers: read, not fixed
	}
	b.fix(col, v, to, whyBool)
}

// readPhone reads a contact phone in the form the service keeps (rules.NormalPhone).
// A phone a spreadsheet rounded (3.80501E+11) has lost its digits and is refused.
func (b *rowBuild) readPhone(col, v string) (string, bool) {
	if lost(v) {
		b.refuse(col, because("phone.lost", "Value", quoted(v, 24)))
		return "", false
	}
	out, form, problem := rules.NormalPhoneWhy(v)
	if !problem.OK() {
		b.refuse(col, problem)
		return "", false
	}
	why := whyPhone
	if form == rules.PhoneLostPlus {
		why = whyPlus
	}
	b.fix(col, v, out, why)
	return out, true
}

// lost reports a phone a spreadsheet showed in scientific notation and saved so
// (3.80501E+11): its last digits are gone.
func lost(v string) bool {
	m, e, ok := strings.Cut(strings.ToUpper(strings.TrimSpace(v)), "E+")
	return ok && m != "" && e != "" && strings.Trim(m, "0123456789.,") == "" && strings.Trim(e, "0123456789") == ""
}
