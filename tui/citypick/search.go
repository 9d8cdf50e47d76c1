package citypick

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
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

// newRows cleans an answer and formats its rows. A city without a ref cannot be
// sent as city_ref, so it is left out.
func newRows(cities []api.City) []row {
	rows := make([]row, 0, len(cities))
	for _, c := range cities {
		c = api.City{Ref: termtext.Clean(c.Ref), Name: termtext.Clean(c.Name), Type: termtext.Clean(c.Type),
			Region: termtext.Clean(c.Region), Label: termtext.Clean(c.Label), Warehouses: max(c.Warehouses, 0)}
		if strings.TrimSpace(c.Ref) == "" {
			continue
		}
		label := strings.TrimSpace(c.Label)
		if label == "" { // an answer without a label: made of its parts
			label = strings.TrimSpace(strings.TrimSpace(c.Type+" "+c.Name) + ", " + c.Region)
			label = strings.TrimSuffix(label, ",")
			c.Label = label
		}
		rows = append(rows, row{city: c, label: label, count: warehouses(c.Warehouses)})
	}
	return rows
}

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

// explain is the inline error: what failed, and what to do, which always says the
// typed text is kept.
func explain(err error) (text, todo string) {
	text = termtext.Clean(err.Error())
	const kept = "what you typed is kept"
	e, isAPI := api.AsError(err)
	switch {
	case api.IsDailyLimit(err) && isAPI && !e.ResetsAt.IsZero():
		todo = fmt.Sprintf("the day's requests are spent until %s; %s", e.ResetsAt.Format("15:04"), kept)
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
