package citypick

import (
	"context"
	"errors"
	"fmt"
	"github.com/listings-tui/listings/api/client/format"
	"net/url"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
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
		countW = max(countW, len(r.count))
	}
	for i := range rows {
		rows[i].count = strings.Repeat(" ", 2+countW-len(rows[i].count)) + rows[i].count
		rows[i].styled = theme.Muted.Render(rows[i].count)
	}
	return answer{rows: rows, full: len(cities) >= limit, countW: countW}
}

// clean makes text from the network one plain line.
func clean(s string) string { return strings.TrimSpace(termtext.Clean(s)) }

// warehouses says how many carrier warehouses a place has; 0 is a real answer
// (facts.md), said in words so that it is not read as "unknown".
func warehouses(n int) string {
	switch n {
	case 0:
		return "no warehouses"
	case 1:
		return "1 warehouse"
	}
	return strconv.Itoa(n) + " warehouses"
}

// explain is the inline error, short since the root's banner has the details: what
// failed, and what to do, which says the typed text is kept.
func explain(err error) (text, todo string) {
	const kept = "what you typed is kept"
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
		text = "no answer from the service (" + cause.Error() + ")"
	default:
		text = err.Error()
	}
	text = termtext.Clean(text)
	switch {
	case api.IsDailyLimit(err) && isAPI && !e.ResetsAt.IsZero():
		todo = fmt.Sprintf("the day's requests are spent until %s; %s", format.HourMinute(e.ResetsAt), kept)
	case api.IsRateLimit(err) && isAPI && e.RetryAfter > 0:
		todo = fmt.Sprintf("too many requests: wait %s, then enter retries; %s", e.RetryAfter.Round(time.Second), kept)
	case api.IsRateLimit(err):
		todo = "too many requests: wait a minute, then enter retries; " + kept
	case api.IsUnreachable(err):
		todo = "check the connection, then enter retries; " + kept
	case api.IsAuth(err), api.IsScope(err):
		todo = "the key cannot search cities: see the error banner"
	default:
		todo = "enter retries, or change the text; " + kept
	}
	return text, todo
}

func searchErr(err error) tea.Cmd {
	return func() tea.Msg { return msgs.Error{Op: "search cities", Err: err} }
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
