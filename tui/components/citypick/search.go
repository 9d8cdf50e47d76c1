package citypick

import (
	"context"
	"errors"
	"net/url"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// debounceMsg is the end of a pause in typing; only the one of the latest edit
// (typed) sends a request.
type debounceMsg struct {
	id    int64
	typed int
}

// resultMsg is the answer to request seq for cache key key.
type resultMsg struct {
	id     int64
	seq    int
	key    string
	cities []api.City
	err    error
}

// search asks svc for the cities matching the normalised query q.
func search(svc Searcher, id int64, seq int, key, q, lang string, limit int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), searchTimeout)
		defer cancel()
		cities, err := svc.SearchCities(ctx, q, lang, limit)
		return resultMsg{id: id, seq: seq, key: key, cities: cities, err: err}
	}
}

// answer is a search's result as it is cached: its rows, and whether the service
// sent as many as asked, so that more places may match.
type answer struct {
	rows   []row
	full   bool
	countW int
}

// newAnswer cleans what the service sent and formats the rows. A city without a ref
// cannot be sent as city_ref, so it is left out.
func newAnswer(cities []api.City, limit int) answer {
	rows := make([]row, 0, len(cities))
	for _, c := range cities {
		c = api.City{Ref: clean(c.Ref), Name: clean(c.Name), Type: clean(c.Type), Region: clean(c.Region),
			Label: clean(c.Label), Warehouses: max(c.Warehouses, 0)}
		if c.Ref == "" {
			continue
		}
		if c.Label == "" { // an answer without a label: made of its parts
			c.Label = strings.TrimSuffix(strings.TrimSpace(strings.TrimSpace(c.Type+" "+c.Name)+", "+c.Region), ",")
		}
		rows = append(rows, row{city: c, labelW: ansi.StringWidth(c.Label), count: warehouses(c.Warehouses)})
	}
	countW := 0
	for _, r := range rows {
		countW = max(countW, ansi.StringWidth(r.count))
	}
	for i := range rows {
		rows[i].count = strings.Repeat(" ", 2+countW-ansi.StringWidth(rows[i].count)) + rows[i].count
		rows[i].styled = theme.Muted.Render(rows[i].count)
	}
	return answer{rows: rows, full: len(cities) >= limit, countW: countW}
}

// clean makes text from the network one plain line.
func clean(s string) string { return strings.TrimSpace(termtext.Clean(s)) }

// warehouses says how many carrier warehouses a place has; 0 is a real answer
// (facts.md), said in words so that it is not read as "unknown".
func warehouses(n int) string {
	if n == 0 {
		return i18n.T("pickers.city.no_warehouses")
	}
	return i18n.N("pickers.city.warehouses", n)
}

// explain is the inline error, short since the root's banner has the details: what
// failed, and what to do, which says the typed text is kept.
func explain(err error) (text, todo string) {
	kept := i18n.T("pickers.city.kept")
	e, isAPI := api.AsError(err)
	var u *api.UnreachableError
	switch {
	case isAPI && e.Hint != "":
		text = e.Code + ": " + e.Hint
	case isAPI:
		text = e.Error()
	case errors.As(err, &u) && u.Err != nil:
		cause := u.Err
		var ue *url.Error // its text repeats the whole URL: the cause alone fits a line
		if errors.As(cause, &ue) {
			cause = ue.Err
		}
		text = i18n.T("pickers.city.no_answer", "Err", cause.Error())
	default:
		text = err.Error()
	}
	text = termtext.Clean(text)
	switch {
	case api.IsDailyLimit(err) && isAPI && !e.ResetsAt.IsZero():
		todo = i18n.T("pickers.city.day_spent", "Time", format.HourMinute(e.ResetsAt), "Kept", kept)
	case api.IsRateLimit(err) && isAPI && e.RetryAfter > 0:
		todo = i18n.T("pickers.city.wait", "Wait", planbox.Wait(e.RetryAfter), "Kept", kept)
	case api.IsRateLimit(err):
		todo = i18n.T("pickers.city.wait_minute", "Kept", kept)
	case api.IsUnreachable(err):
		todo = i18n.T("pickers.city.connection", "Kept", kept)
	case api.IsAuth(err), api.IsScope(err):
		todo = i18n.T("pickers.city.key")
	default:
		todo = i18n.T("pickers.city.retry", "Kept", kept)
	}
	return text, todo
}

func searchErr(err error) tea.Cmd {
	return func() tea.Msg { return msgs.Error{Op: "search cities", Err: err} }
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
