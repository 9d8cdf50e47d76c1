package browser

import (
	"strings"
	"sync/atomic"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
)

// The browser's words that depend on a value (a status, a column, a sort, a tab)
// are looked up by their catalog ids in these tables; the catalog test does not see
// an id that is not written in a T call, so TestWordTablesAreInTheCatalogs checks
// every one.

var statusIDs = map[api.Status]string{
	api.StatusActive: "browser.status.active", api.StatusInactive: "browser.status.inactive",
	api.StatusPending: "browser.status.pending", api.StatusBlocked: "browser.status.blocked",
	api.StatusSold: "browser.status.sold", api.StatusArchived: "browser.status.archived",
	"": "browser.status.unknown",
}

var colIDs = map[string]string{
	colTitle: "browser.col.title", colPrice: "browser.col.price", colStatus: "browser.col.status",
	colCity: "browser.col.city", colViews: "browser.col.views", colGain: "browser.col.views7d",
	colPromo: "browser.col.promo", colCreated: "browser.col.created",
}

var sortIDs = [numSortCols]string{
	sortServer: "browser.sort.service", sortTitle: "browser.sort.title", sortPrice: "browser.sort.price",
	sortViews: "browser.sort.views", sortStatus: "browser.sort.status", sortCity: "browser.sort.city",
	sortCreated: "browser.sort.created", sortViews7d: "browser.sort.views7d",
}

// tabIDs are the built-in tabs' names, in tabDefs' order.
var tabIDs = [len(tabDefs)]string{"browser.tab.active", "browser.tab.inactive", "browser.tab.sold",
	"browser.tab.archived", "browser.tab.all", "browser.tab.moderation"}

// statusWord is a status as the table names it; a status newer than this client
// keeps the service's word.
func statusWord(s api.Status) string {
	if w, ok := nums().status[s]; ok {
		return w
	}
	return string(s)
}

// statusText is a status as a symbol and a word: "● active".
func statusText(s api.Status) string { return format.StatusSymbol(s) + " " + statusWord(s) }

// knownStatuses are the statuses whose words the status column is made wide enough for.
var knownStatuses = []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending,
	api.StatusBlocked, api.StatusSold, api.StatusArchived}

// statusWidth is the status column's width in the interface's language: its widest
// known status, at least statusW (English's) and at most maxStatusW, past which a
// word is cut rather than the title squeezed.
func statusWidth() int {
	w := statusW
	for _, s := range knownStatuses {
		w = max(w, layout.Width(statusText(s)))
	}
	return min(w, maxStatusW)
}

const maxStatusW = 15

// colHead is a built-in column's heading; an attribute column's is its key.
func colHead(id, key string) string {
	if cid, ok := colIDs[id]; ok {
		return i18n.T(cid)
	}
	return key
}

// sortWord is what the header and the footer call sort c.
func sortWord(c sortCol) string { return i18n.T(sortIDs[c]) }

// tabName is built-in tab i's name.
func tabName(i int) string { return i18n.T(tabIDs[i]) }

// numWords is how the interface's language writes numbers, prices and statuses, read
// from its catalog once a language: a price cell is made for each of thousands of
// rows, and a views and a status cell for each row on screen every frame.
type numWords struct {
	p              *i18n.Printer
	group, point   string
	price          string // the price's pattern: amountMark and currencyMark in place
	currency       map[string]string
	free, exchange string
	freeOrExchange string
	status         map[api.Status]string // statusIDs' words: the status cell of every row on screen, every frame
}

const amountMark, currencyMark = "\x01", "\x02"

var numCache atomic.Pointer[numWords]

// nums is the interface language's numWords.
func nums() *numWords {
	p := i18n.UI()
	if c := numCache.Load(); c != nil && c.p == p {
		return c
	}
	c := &numWords{p: p, group: p.T("number.group"), point: p.T("number.decimal"),
		price:          p.T("price", "Amount", amountMark, "Currency", currencyMark),
		currency:       map[string]string{},
		free:           p.T("browser.price.free"),
		exchange:       p.T("browser.price.exchange"),
		freeOrExchange: p.T("browser.price.free_or_exchange"),
	}
	for _, cur := range []string{"UAH", "USD", "EUR"} {
		c.currency[cur] = p.T("currency." + cur)
	}
	c.status = make(map[api.Status]string, len(statusIDs))
	for st, id := range statusIDs {
		c.status[st] = p.T(id)
	}
	numCache.Store(c)
	return c
}

// decimal is a plain decimal text with its thousands grouped and the language's
// decimal mark; anything else as it came.
func (w *numWords) decimal(s string) string {
	sign, whole, frac, hasFrac, ok := i18n.SplitDecimal(s)
	if !ok {
		return s
	}
	b := appendDigits([]byte(sign), []byte(whole), w.group)
	if hasFrac {
		b = append(append(b, w.point...), frac...)
	}
	return string(b)
}

// appendDigits appends the digits d with a group mark before every third from the right.
func appendDigits(dst, d []byte, group string) []byte {
	if len(d) <= 3 {
		return append(dst, d...)
	}
	head := len(d) % 3
	dst = append(dst, d[:head]...)
	for i := head; i < len(d); i += 3 {
		if i > 0 {
			dst = append(dst, group...)
		}
		dst = append(dst, d[i:i+3]...)
	}
	return dst
}

// priceText reads a listing's price as format.Price does, in the interface's
// language: "UAH 15,000.50", "15 000,50 грн"; "" for a listing without a price.
func (w *numWords) priceText(p api.Price, currency, priceType string) string {
	zero := p.IsZero() || strings.Trim(p.String(), "0.") == ""
	switch {
	case zero && priceType == api.PriceFree:
		return w.free
	case zero && priceType == api.PriceExchange:
		return w.exchange
	case p.IsZero():
		return ""
	case zero && priceType == "":
		return w.freeOrExchange
	}
	amount := w.decimal(p.String())
	currency = strings.TrimSpace(currency)
	if currency == "" {
		return amount
	}
	if word, ok := w.currency[currency]; ok {
		currency = word
	}
	// Two plain replacements, not a strings.Replacer: one built per call was a seventh
	// of a first page's CPU (its tables are built on the first Replace). The amount
	// goes in first: the currency comes from the service, and nothing is read in it.
	return strings.Replace(strings.Replace(w.price, amountMark, amount, 1), currencyMark, currency, 1)
}

// tabTitle is tab ti's name on screen: a built-in tab's in the interface's language,
// a view's as its user named it. (tabDef.name stays the id the config uses.)
func (m *Model) tabTitle(ti int) string {
	if ti < len(tabDefs) {
		return tabName(ti)
	}
	return m.def(ti).name
}

// emptyKinds and emptyWhats are the empty table's sentences: "browser.empty.<kind>.
// <what>", a kind of tab ("status", "moderation" or "view") by what is the matter
// (TestWordTablesAreInTheCatalogs checks each id, built here at run time).
var (
	emptyKinds = []string{"status", "moderation", "view"}
	emptyWhats = []string{"loading", "failed", "so_far", "none"}
)

// emptySentence is the sentence of tab (its name) of kind on what; so_far counts
// the n rows loaded.
func emptySentence(kind, what, tab string, n int) string {
	id := "browser.empty." + kind + "." + what
	if what == "so_far" {
		return i18n.N(id, n, "Tab", tab)
	}
	return i18n.T(id, "Tab", tab)
}
