package browser

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
)

// Saved views (docs/config.md, "views"): a view is a named filter with a sort, shown
// as a tab after the built-in ones. This file reads them from the config and writes
// one back; viewtabs.go shows them, viewsave.go saves, renames and deletes them.

// ViewConfig is the config's tui.views, where they were read, and how a change is
// written back.
type ViewConfig struct {
	Views []json.RawMessage
	File  string
	// Edit changes the views (and the columns keyed by a view's name) in the config
	// file as it is now, every other setting kept; nil: views cannot be saved.
	Edit func(edit func(*ViewEdit) error) error
}

// ViewEdit is what an edit of the views may change in the config.
type ViewEdit struct {
	Views   []json.RawMessage
	Columns map[string][]string
}

// WithViews adds the config's views as tabs; what in them does not apply is said at
// start (Init).
func WithViews(c ViewConfig) Option {
	return func(m *Model) {
		m.viewCfg = c
	}
}

// Bounds of a view: tabs past maxViews would not fit any tab line, and the rest are
// the filter's own bounds (its input takes 100 characters).
const (
	maxViews     = 12
	maxViewName  = 30
	maxViewText  = 100
	maxPhotos    = 12 // the spec's most photos of a listing
	maxChangeAge = 366 * 24 * time.Hour
)

// viewStatuses are the statuses a view may keep; "moderation" is pending or blocked,
// "" and "all" every one.
var viewStatuses = []string{"active", "inactive", "sold", "archived", "pending", "blocked", "moderation", "all"}

// viewJSON is a view as the config writes it.
type viewJSON struct {
	Name         string          `json:"name"`
	Status       string          `json:"status,omitempty"`
	Search       string          `json:"search,omitempty"`
	Category     int             `json:"category,omitempty"`
	PriceMin     *float64        `json:"price_min,omitempty"`
	PriceMax     *float64        `json:"price_max,omitempty"`
	Currency     string          `json:"currency,omitempty"`
	City         string          `json:"city,omitempty"`
	Promoted     *bool           `json:"promoted,omitempty"`
	ChangedSince string          `json:"changed_since,omitempty"`
	Photos       json.RawMessage `json:"photos,omitempty"` // "none", or a number: at least that many
	Sort         string          `json:"sort,omitempty"`
	Reverse      bool            `json:"reverse,omitempty"`
}

// viewDef is a view as read and checked.
type viewDef struct {
	name, status, search string
	category             int
	priceMin, priceMax   *float64
	currency             string
	city, cityKey        string
	promoted             *bool
	changed              time.Duration // 0: any time
	changedText          string        // as the config wrote it
	noPhotos             bool
	minPhotos            int
	order                sortOrder
}

// parseViews reads the config's views: those that apply, and what is wrong with
// the others, each said with the view's name (or place) and what to write instead.
func parseViews(raw []json.RawMessage) (defs []viewDef, problems []string) {
	taken := map[string]bool{}
	for i, r := range raw {
		if len(defs) == maxViews {
			problems = append(problems, i18n.N("browser.config.views_too_many", len(raw), "Max", maxViews))
			break
		}
		d, err := parseView(r)
		if err == nil && taken[strings.ToLower(d.name)] {
			err = errors.New(i18n.T("browser.config.view_name_twice"))
		}
		if err != nil {
			what := i18n.T("browser.config.view_at", "N", i+1)
			if d.name != "" {
				what = i18n.T("browser.config.view_named", "Name", fmt.Sprintf("%q", d.name))
			}
			problems = append(problems, what+": "+err.Error())
			continue
		}
		taken[strings.ToLower(d.name)] = true
		defs = append(defs, d)
	}
	return defs, problems
}

// parseView reads one view; its name comes back with an error when it could be read.
func parseView(raw json.RawMessage) (viewDef, error) {
	var j viewJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		var name struct{ Name string }
		_ = json.Unmarshal(raw, &name)
		return viewDef{name: clip(name.Name)}, jsonProblem(err)
	}
	d := viewDef{name: strings.TrimSpace(j.Name), status: strings.ToLower(strings.TrimSpace(j.Status)),
		search: strings.ToLower(strings.TrimSpace(j.Search)), category: j.Category, priceMin: j.PriceMin,
		priceMax: j.PriceMax, currency: strings.ToUpper(strings.TrimSpace(j.Currency)),
		city: strings.TrimSpace(j.City), promoted: j.Promoted, changedText: strings.TrimSpace(j.ChangedSince)}
	d.cityKey = mirror.Key(d.city)
	if err := checkName(d.name); err != nil {
		return viewDef{name: clip(d.name)}, err
	}
	if d.status == "all" {
		d.status = ""
	}
	var err error
	switch {
	case d.status != "" && !slices.Contains(viewStatuses, d.status):
		err = errors.New(i18n.T("browser.config.bad_status", "Status", fmt.Sprintf("%q", d.status), "Statuses", strings.Join(viewStatuses, ", ")))
	case len(d.search) > maxViewText || len(d.city) > maxViewText:
		err = errors.New(i18n.T("browser.config.text_too_long", "Max", maxViewText))
	case d.category < 0:
		err = errors.New(i18n.T("browser.config.bad_category"))
	case badPrice(d.priceMin) || badPrice(d.priceMax):
		err = errors.New(i18n.T("browser.config.bad_price"))
	case d.priceMin != nil && d.priceMax != nil && *d.priceMin > *d.priceMax:
		err = errors.New(i18n.T("browser.config.price_swapped"))
	case d.currency != "" && !slices.Contains([]string{"UAH", "USD", "EUR"}, d.currency):
		err = errors.New(i18n.T("browser.config.bad_currency", "Currency", fmt.Sprintf("%q", j.Currency)))
	}
	if err == nil && d.changedText != "" {
		d.changed, err = parseAge(d.changedText)
	}
	if err == nil && len(j.Photos) > 0 {
		d.noPhotos, d.minPhotos, err = parsePhotos(j.Photos)
	}
	if err == nil {
		d.order, err = parseViewSort(j.Sort, j.Reverse)
	}
	return d, err
}

// checkName says what is wrong with a view's name: none, too long, a built-in tab's,
// or with characters that are not text.
func checkName(name string) error {
	switch {
	case name == "":
		return errors.New(i18n.T("browser.config.no_name"))
	case len([]rune(name)) > maxViewName:
		return errors.New(i18n.T("browser.config.name_too_long", "Max", maxViewName))
	case tabIndex(name) >= 0 || strings.EqualFold(name, defaultKey):
		return errors.New(i18n.T("browser.config.name_builtin", "Name", fmt.Sprintf("%q", name)))
	case strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return errors.New(i18n.T("browser.config.name_control"))
	}
	return nil
}

// jsonProblem words a decoding error of a view with the field it is about.
func jsonProblem(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := jsonKind(te.Type.Kind().String())
		field := te.Field
		if i := strings.LastIndex(field, "."); i >= 0 {
			field = field[i+1:]
		}
		if field == "" {
			return errors.New(i18n.T("browser.config.view_not_object", "Value", te.Value))
		}
		return errors.New(i18n.T("browser.config.wrong_type", "Field", field, "Want", want, "Value", te.Value))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return errors.New(i18n.T("browser.config.unknown_field", "Field", f))
	}
	return errors.New(i18n.T("browser.config.bad_json", "Err", err.Error()))
}

// parseAge reads changed_since: days ("7d"), weeks ("2w") or a Go duration ("36h").
func parseAge(s string) (time.Duration, error) {
	bad := errors.New(i18n.T("browser.config.bad_age", "Value", fmt.Sprintf("%q", s)))
	var d time.Duration
	if n, ok := strings.CutSuffix(s, "d"); ok {
		v, err := strconv.Atoi(n)
		if err != nil {
			return 0, bad
		}
		d = time.Duration(v) * 24 * time.Hour
	} else if n, ok := strings.CutSuffix(s, "w"); ok {
		v, err := strconv.Atoi(n)
		if err != nil {
			return 0, bad
		}
		d = time.Duration(v) * 7 * 24 * time.Hour
	} else if v, err := time.ParseDuration(s); err == nil {
		d = v
	}
	if d <= 0 || d > maxChangeAge {
		return 0, bad
	}
	return d, nil
}

// parsePhotos reads photos: "none", or a number (in quotes or not) of at least.
func parsePhotos(raw json.RawMessage) (none bool, least int, err error) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "none" {
		return true, 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxPhotos {
		return false, 0, errors.New(i18n.T("browser.config.bad_photos", "Value", string(raw), "Max", maxPhotos))
	}
	return false, n, nil
}

// viewSorts are the sorts by the names a view writes.
var viewSorts = map[string]sortCol{"": sortServer, "service": sortServer, "title": sortTitle, "price": sortPrice,
	"views": sortViews, "status": sortStatus, "city": sortCity, "created": sortCreated, "views7d": sortViews7d}

// sortName is the name a view writes for c.
func sortName(c sortCol) string {
	for name, v := range viewSorts {
		if v == c && name != "" {
			return name
		}
	}
	return "service"
}

func parseViewSort(s string, reverse bool) (sortOrder, error) {
	c, ok := viewSorts[strings.ToLower(strings.TrimSpace(s))]
	if !ok {
		return sortOrder{}, errors.New(i18n.T("browser.config.bad_sort", "Value", fmt.Sprintf("%q", s)))
	}
	return sortOrder{col: c, desc: naturalDesc[c] != reverse}, nil
}

func badPrice(p *float64) bool {
	return p != nil && (*p < 0 || math.IsNaN(*p) || math.IsInf(*p, 0))
}

// clip keeps a name from the config short enough to quote in a message.
func clip(s string) string {
	if r := []rune(strings.TrimSpace(s)); len(r) > maxViewName {
		return string(r[:maxViewName]) + "…"
	}
	return strings.TrimSpace(s)
}

// encode is the view as the config writes it.
func (d viewDef) encode() json.RawMessage {
	j := viewJSON{Name: d.name, Status: d.status, Search: d.search, Category: d.category, PriceMin: d.priceMin,
		PriceMax: d.priceMax, Currency: d.currency, City: d.city, Promoted: d.promoted, ChangedSince: d.changedText,
		Reverse: d.order.desc != naturalDesc[d.order.col]}
	if d.order.col != sortServer {
		j.Sort = sortName(d.order.col)
	}
	switch {
	case d.noPhotos:
		j.Photos = json.RawMessage(`"none"`)
	case d.minPhotos > 0:
		j.Photos = json.RawMessage(strconv.Itoa(d.minPhotos))
	}
	b, _ := json.Marshal(j) // of plain fields: it cannot fail
	return b
}

// query is what the mirror is asked for the view: every filter but the status,
// which the rows say as the app changes them (viewtabs.go).
func (d viewDef) query(now time.Time) mirror.Query {
	q := mirror.Query{Text: d.search, Sort: mirror.SortID, Filter: mirror.Filter{Category: d.category,
		PriceMin: d.priceMin, PriceMax: d.priceMax, Currency: d.currency, City: d.city, Promoted: d.promoted,
		NoPhotos: d.noPhotos, MinPhotos: d.minPhotos}}
	if d.changed > 0 {
		q.ChangedSince = now.Add(-d.changed)
	}
	return q
}

// statuses are the statuses the view keeps; nil: every one.
func (d viewDef) statuses() []api.Status {
	switch d.status {
	case "":
		return nil
	case "moderation":
		return []api.Status{api.StatusPending, api.StatusBlocked}
	}
	return []api.Status{api.Status(d.status)}
}

// jsonKind is what a view's setting of a Go kind should be written as.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return i18n.T("browser.config.kind.string")
	case "float64":
		return i18n.T("browser.config.kind.number")
	case "int":
		return i18n.T("browser.config.kind.int")
	case "bool":
		return i18n.T("browser.config.kind.bool")
	}
	return i18n.T("browser.config.kind.object")
}
