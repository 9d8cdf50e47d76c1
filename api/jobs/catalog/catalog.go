// Package catalog owns an import of listings from a sheet (api/jobs/sheet): everything
// between a table of rows and the service. It checks every row locally before
// anything is sent (the create rules of api/client/rules, a category given by id or by its
// path in any of the three languages, a city by its ref or its name, photo and video
// files present and valid, the category's attributes), plans what the import will do
// and what it costs under the key's budget, and carries the plan out as a job
// journaled on the app's job log (api/jobs/internal/jsonlog): each row's uploads done once
// and kept, each create journaled before it is sent and with its listing id after,
// so that a kill loses nothing and a resume creates nothing twice. Running the same
// sheet again is safe too: a row is recognised by its content in the journals of
// earlier imports. It knows nothing of a terminal: `listings import` and the app use it.
package catalog

import (
	"context"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
)

// Service is what an import needs of the service; *api.Client satisfies it.
type Service interface {
	Sender
	Categories(ctx context.Context, lang string) ([]api.Category, error)
	Attributes(ctx context.Context, categoryID int, lang string) ([]api.Attribute, error)
	SearchCities(ctx context.Context, q, lang string, limit int) ([]api.City, error)
	SuggestCategory(ctx context.Context, title, description, lang string) (*api.Suggestion, error)
	Budget() api.Budget
}

// Langs are the languages a category path or a select's label may be written in.
var Langs = []string{"uk", "ru", "en"}

// Options say how a sheet is read into listings.
type Options struct {
	Lang    string // the language of names in the plan and of the requests; "" is uk
	Suggest bool   // a row without a category asks the AI suggestion
	// Dir is the sheet's folder: photo paths and globs are relative to it, and the
	// files must be in it (or below) unless FilesAnywhere.
	Dir           string
	FilesAnywhere bool
	// Sheet names the sheet for recognising its rows in a later run: its file name
	// without the extension, lower case (SheetID), so the same catalogue exported as
	// XLSX and saved as CSV is one sheet.
	Sheet string
	File  string // the sheet's path, for the journal
	// BaseURL is the service's; rows are recognised only in earlier imports to it.
	BaseURL string
	// JobsDir holds the journals: earlier imports are read there, and a new job's
	// is written there.
	JobsDir string
	// Known answers from the local mirror, when it is fresh, what edit rows are
	// compared with; nil asks the service.
	Known Known
	Now   func() time.Time
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o Options) lang() string {
	if o.Lang == "" {
		return "uk"
	}
	return o.Lang
}

// Problem is why a row is refused: the column and what is wrong with its cell.
type Problem struct {
	Column string `json:"column"`
	Reason string `json:"reason"`
	// Why is Reason as an id and its values, for a front end to say in its language;
	// a problem read back from a journal has none, and is said as Reason.
	Why rules.Why `json:"-"`
}

func (p Problem) String() string { return p.Column + ": " + p.Reason }

// Said is the problem as "column: reason", the reason in the words say gives its Why
// (a front end's language), or in English when the problem has none.
func (p Problem) Said(say func(rules.Why) string) string {
	if p.Why.OK() || say == nil {
		return p.String()
	}
	return p.Column + ": " + say(p.Why)
}

// MaxRowProblems bounds the problems a row keeps. A row may have as many problems as
// cells (MaxColumns of the sheet: a thousand attributes the category lacks), and a
// sheet of such rows held them all in memory, in its journal and on stderr, line by
// line; no one reads past the first few of one row, which are fixed first anyway.
// The rest are counted (Row.MoreProblems) and said in one line (MoreProblems).
const MaxRowProblems = 20

// MoreProblems is the line that ends a row's problems when n more were not kept.
func MoreProblems(n int) string { return MoreWhy(n).String() }

// MoreWhy is MoreProblems as a Why; Count is n for a language's plural forms.
func MoreWhy(n int) rules.Why {
	return because("more", "More", format.Count(n, "more problem"), "Count", n)
}

// ProblemLines are the row's problems as "column: reason" lines, the last one saying
// how many more there are past MaxRowProblems.
func (r *Row) ProblemLines() []string { return r.ProblemLinesIn(nil) }

// ProblemLinesIn is ProblemLines in the words say gives a Why (nil: English).
func (r *Row) ProblemLinesIn(say func(rules.Why) string) []string {
	if say == nil {
		say = rules.Why.String
	}
	out := make([]string, 0, len(r.Problems)+1)
	for _, p := range r.Problems {
		out = append(out, p.Said(say))
	}
	if r.MoreProblems > 0 {
		out = append(out, say(MoreWhy(r.MoreProblems)))
	}
	return out
}

// norm is a name as compared: lower case, one kind of apostrophe, single spaces.
func norm(s string) string {
	s = apostrophes.Replace(strings.ToLower(s))
	s = strings.ReplaceAll(s, "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

var apostrophes = strings.NewReplacer("’", "'", "ʼ", "'", "‘", "'", "`", "'", "′", "'")
