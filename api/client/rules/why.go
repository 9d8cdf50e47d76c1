package rules

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Why is what is wrong with a value as an id and the values it names, so that an
// interface says it in its own language (the app: the catalog entry "rules."+ID)
// while this package knows nothing of languages; English's words are String's, for
// the CLI and the importer. The zero Why is nothing wrong.
type Why struct {
	ID   string
	Args []any // name, value pairs: "Min", 5, …
}

// OK reports that nothing is wrong.
func (w Why) OK() bool { return w.ID == "" }

// Error is String: a Why is the error of ParsePrice and Number.
func (w Why) Error() string { return w.String() }

// String is the message in English, "" when nothing is wrong.
func (w Why) String() string {
	if w.ID == "" {
		return ""
	}
	s := english(w.ID)
	if s == "" {
		s = w.ID
	}
	for i := 0; i+1 < len(w.Args); i += 2 {
		s = strings.ReplaceAll(s, fmt.Sprintf("{{.%v}}", w.Args[i]), fmt.Sprint(w.Args[i+1]))
	}
	return s
}

// Because is the Why of id with its values (name, value pairs).
func Because(id string, args ...any) Why { return why(id, args...) }

func why(id string, args ...any) Why { return Why{ID: id, Args: args} }

// Register adds the English words of another package's Whys (bulk's reasons to
// skip a listing, …), its ids prefixed by its name; it is called at init, once per
// package. An id given twice is a mistake in the code.
func Register(words map[string]string) {
	for id, text := range words {
		if _, dup := English[id]; dup {
			panic("rules: the id " + id + " is registered twice")
		}
		English[id] = text
	}
}

// Num is a value that is an amount (bytes, a count of files), not a name or an id:
// the app writes it as the language writes numbers (12 000 001), String as English
// does (12,000,001).
type Num int64

func (n Num) String() string {
	d := strconv.FormatInt(int64(n), 10)
	sign := ""
	if n < 0 {
		sign, d = "-", d[1:]
	}
	var b strings.Builder
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return sign + b.String()
}

// Sayer is a value a front end says in its language by Said (a wait, a count with
// its noun), and String in English.
type Sayer interface {
	fmt.Stringer
	Said() string
}

// lazy are the words of packages with many Whys (the importer's), each made the
// first time one of its ids is said: a command that says none of them does not build
// the map at start.
var lazy []*lazyWords

type lazyWords struct {
	prefix string
	make   func() map[string]string
	once   sync.Once
	words  map[string]string
}

// RegisterLazy is Register for the ids beginning with prefix, whose English words
// words makes when one of them is first said; it is called at init, once per package.
func RegisterLazy(prefix string, words func() map[string]string) {
	lazy = append(lazy, &lazyWords{prefix: prefix, make: words})
}

func (l *lazyWords) get() map[string]string {
	l.once.Do(func() { l.words = l.make() })
	return l.words
}

// english is id's English words, "" when no package gives it.
func english(id string) string {
	if s, ok := English[id]; ok {
		return s
	}
	for _, l := range lazy {
		if strings.HasPrefix(id, l.prefix) {
			return l.get()[id]
		}
	}
	return ""
}

// Lazy is the English words of the ids beginning with prefix that RegisterLazy was
// given, for the tests that check every id has its words in every language.
func Lazy(prefix string) map[string]string {
	out := map[string]string{}
	for _, l := range lazy {
		if strings.HasPrefix(l.prefix, prefix) || strings.HasPrefix(prefix, l.prefix) {
			for id, s := range l.get() {
				if strings.HasPrefix(id, prefix) {
					out[id] = s
				}
			}
		}
	}
	return out
}

// English is every Why's message in English, by id; the placeholders are the
// catalogs' ({{.Name}}), so the app's English entries are these very texts.
var English = map[string]string{
	"title.required":       "the title is required ({{.Min}} to {{.Max}} characters)",
	"title.short":          "the title is {{.N}} characters; write at least {{.Min}}",
	"title.long":           "the title is {{.N}} characters; shorten it to {{.Max}}",
	"description.required": "the description is required ({{.Min}} to {{.Max}} characters)",
	"description.short":    "the description is {{.N}} characters; write at least {{.Min}}",
	"description.long":     "the description is {{.N}} characters; shorten it to {{.Max}}",
	"price.required":       "the price is required for a sale; or choose exchange or free",
	"price.invalid":        "{{.Value}} is not a price: write a number such as 1500 or 99.90",
	"price.negative":       "the price cannot be negative",
	"phone.invalid":        "{{.Value}} is not a phone number: use digits, such as +380501234567",
	"phone.digits":         "a phone number has 7 to 15 digits, such as +380501234567",
	"number.invalid":       "{{.Value}} is not a number",
	"range.from":           "from: {{.Why}}",
	"range.to":             "to: {{.Why}}",
	"range.order":          "from ({{.From}}) is greater than to ({{.To}})",
	"attribute.required":   "{{.Name}} is required",
	"attribute.choice":     "{{.Value}} is not one of the choices of {{.Name}}",
	"attribute.boolean":    "{{.Name}} is yes or no",
	// The form's own: what it asks for before a body can be made.
	"category.choose":   "choose a category",
	"city.choose":       "choose a city: type at least 2 letters of its name",
	"contact_name.long": "the contact name is {{.N}} characters; shorten it to {{.Max}}",
	"photos.many":       "{{.N}} photos: a listing holds at most {{.Max}}; remove {{.Extra}}",
	// A body's problems (CheckCreate, CheckEdit), said after the field's name.
	"body.price":     "required unless price_type is exchange or free",
	"body.category":  "required (a category id from listings categories)",
	"body.city":      "required (a city ref from listings cities)",
	"body.required":  "required ({{.Min}} to {{.Max}} characters)",
	"body.length":    "{{.N}} characters; use {{.Min}} to {{.Max}}",
	"body.one_of":    "{{.Value}} is not one of {{.Allowed}}",
	"body.photos":    "{{.N}} photos; a listing has at most {{.Max}}",
	"body.photos_wm": "{{.URLs}} URLs for {{.N}} photos; one per photo, in the order of photos",
}
