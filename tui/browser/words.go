package browser

import (
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
)

// The browser's words that depend on a value (a status, a column, a sort) are picked
// by a switch of literal ids rather than built ("browser.status."+s), so that the
// catalog test sees every one of them in the code.

// statusWord is a status as the table names it; a status newer than this client
// keeps the service's word.
func statusWord(s api.Status) string {
	switch s {
	case api.StatusActive:
		return i18n.T("browser.status.active")
	case api.StatusInactive:
		return i18n.T("browser.status.inactive")
	case api.StatusPending:
		return i18n.T("browser.status.pending")
	case api.StatusBlocked:
		return i18n.T("browser.status.blocked")
	case api.StatusSold:
		return i18n.T("browser.status.sold")
	case api.StatusArchived:
		return i18n.T("browser.status.archived")
	case "":
		return i18n.T("browser.status.unknown")
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
		w = max(w, ansi.StringWidth(statusText(s)))
	}
	return min(w, maxStatusW)
}

const maxStatusW = 15

// colHead is a built-in column's heading; an attribute column's is its key.
func colHead(id, key string) string {
	switch id {
	case colTitle:
		return i18n.T("browser.col.title")
	case colPrice:
		return i18n.T("browser.col.price")
	case colStatus:
		return i18n.T("browser.col.status")
	case colCity:
		return i18n.T("browser.col.city")
	case colViews:
		return i18n.T("browser.col.views")
	case colGain:
		return i18n.T("browser.col.views7d")
	case colPromo:
		return i18n.T("browser.col.promo")
	case colCreated:
		return i18n.T("browser.col.created")
	}
	return key
}

// sortWord is what the header and the footer call sort c.
func sortWord(c sortCol) string {
	switch c {
	case sortTitle:
		return i18n.T("browser.sort.title")
	case sortPrice:
		return i18n.T("browser.sort.price")
	case sortViews:
		return i18n.T("browser.sort.views")
	case sortStatus:
		return i18n.T("browser.sort.status")
	case sortCity:
		return i18n.T("browser.sort.city")
	case sortCreated:
		return i18n.T("browser.sort.created")
	case sortViews7d:
		return i18n.T("browser.sort.views7d")
	}
	return i18n.T("browser.sort.service")
}

// tabName is built-in tab i's name.
func tabName(i int) string {
	switch sourceStatus[tabDefs[i].src] {
	case api.StatusActive:
		return i18n.T("browser.tab.active")
	case api.StatusInactive:
		return i18n.T("browser.tab.inactive")
	case api.StatusSold:
		return i18n.T("browser.tab.sold")
	case api.StatusArchived:
		return i18n.T("browser.tab.archived")
	}
	if tabDefs[i].moderation {
		return i18n.T("browser.tab.moderation")
	}
	return i18n.T("browser.tab.all")
}

// numWords is how the interface's language writes numbers and prices, read from its
// catalog once a language: a price cell is made for each of thousands of rows, and
// a views cell for each row on screen every frame.
type numWords struct {
	p              *i18n.Printer
	group, point   string
	price          string // the price's pattern: amountMark and currencyMark in place
	currency       map[string]string
	free, exchange string
	freeOrExchange string
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
	numCache.Store(c)
	return c
}

// decimal is a plain decimal text with its thousands grouped and the language's
// decimal mark; anything else as it came.
func (w *numWords) decimal(s string) string {
	sign, whole, frac, hasFrac, ok := format.SplitDecimal(s)
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
	return strings.NewReplacer(amountMark, amount, currencyMark, currency).Replace(w.price)
}

// tabTitle is tab ti's name on screen: a built-in tab's in the interface's language,
// a view's as its user named it. (tabDef.name stays the id the config uses.)
func (m *Model) tabTitle(ti int) string {
	if ti < len(tabDefs) {
		return tabName(ti)
	}
	return m.def(ti).name
}

// The empty table's sentences, by the kind of tab ("status", "moderation" or
// "view") and its name.

func emptyLoading(kind, tab string) string {
	switch kind {
	case "moderation":
		return i18n.T("browser.empty.moderation.loading")
	case "view":
		return i18n.T("browser.empty.view.loading", "Tab", tab)
	}
	return i18n.T("browser.empty.status.loading", "Tab", tab)
}

func emptyFailed(kind, tab string) string {
	switch kind {
	case "moderation":
		return i18n.T("browser.empty.moderation.failed")
	case "view":
		return i18n.T("browser.empty.view.failed", "Tab", tab)
	}
	return i18n.T("browser.empty.status.failed", "Tab", tab)
}

func emptySoFar(kind, tab string, loaded int) string {
	switch kind {
	case "moderation":
		return i18n.N("browser.empty.moderation.so_far", loaded)
	case "view":
		return i18n.N("browser.empty.view.so_far", loaded, "Tab", tab)
	}
	return i18n.N("browser.empty.status.so_far", loaded, "Tab", tab)
}

func emptyNone(kind, tab string) string {
	switch kind {
	case "moderation":
		return i18n.T("browser.empty.moderation.none")
	case "view":
		return i18n.T("browser.empty.view.none", "Tab", tab)
	}
	return i18n.T("browser.empty.status.none", "Tab", tab)
}
