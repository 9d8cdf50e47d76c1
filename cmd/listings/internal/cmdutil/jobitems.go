package cmdutil

import (
	"io"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/tui/termtext"
)

// ItemJSON is one item of a job in --json: `listings jobs show` and resume, and the
// commands that run a job of many listings.
type ItemJSON struct {
	ID     int    `json:"id,omitempty"`  // the listing
	Row    int    `json:"row,omitempty"` // an import's row
	Title  string `json:"title,omitempty"`
	OK     bool   `json:"ok"`
	Result string `json:"result"`
	Status string `json:"status,omitempty"`
	Price  string `json:"price,omitempty"` // a price job's new price
	// Error is a failure's code: the service's, or in_doubt, not_sent, skipped.
	Error string `json:"error,omitempty"`
	Field string `json:"field,omitempty"`
	Hint  string `json:"hint,omitempty"`
	// Retry: the failure may pass now (the budget, the network, a server error):
	// listings jobs retry takes it.
	Retry bool `json:"retry,omitempty"`
}

// The codes of an item not failed and not done.
const (
	CodeInDoubt = "in_doubt"
	CodeNotSent = "not_sent"
	CodeSkipped = "skipped"
)

// ItemOf is a job's item in --json.
func ItemOf(it job.Item) ItemJSON {
	r := ItemJSON{ID: it.ListingID, Row: it.Row, Title: it.Title, OK: it.OK(), Result: it.Result, Status: string(it.Status),
		Price: it.Price, Error: it.Code, Field: it.Field, Hint: it.Hint, Retry: it.Again}
	switch it.State {
	case job.InDoubt:
		r.Error = CodeInDoubt
	case job.NotStarted:
		r.Error = CodeNotSent
	case job.Failed:
		if r.Error == "" {
			r.Error = it.Result // refused by a rule: the column says which
		}
	}
	return r
}

// ItemsOf are a job's items, then what it refused before sending anything.
func ItemsOf(j job.Job) []ItemJSON {
	var out []ItemJSON
	for _, it := range j.Items() {
		out = append(out, ItemOf(it))
	}
	for _, it := range j.Refusals() {
		out = append(out, ItemOf(it))
	}
	return out
}

// PrintItems prints rows as --json, or as a table: the listing (or the row), what
// became of it, and its status or why not.
func PrintItems(f *Factory, rows []ItemJSON, asJSON bool) error {
	if asJSON {
		if rows == nil {
			rows = []ItemJSON{}
		}
		return PrintJSON(f.IOStreams.Out, rows)
	}
	return itemTable(f.IOStreams.Out, rows)
}

// Failed counts the rows that are not a success.
func Failed(rows []ItemJSON) int {
	n := 0
	for _, r := range rows {
		if !r.OK {
			n++
		}
	}
	return n
}

func itemTable(w io.Writer, rows []ItemJSON) error {
	t := NewTable(w)
	for _, r := range rows {
		what := strconv.Itoa(r.ID)
		if r.Row > 0 {
			what = "row " + strconv.Itoa(r.Row)
		}
		var detail string
		switch {
		case r.OK && r.Row > 0:
			detail = strings.TrimSpace("listing " + strconv.Itoa(r.ID) + " " + r.Status)
		case r.OK:
			detail = r.Status
			if r.Price != "" {
				detail = strings.TrimSpace(r.Price + " " + OrDash(r.Status))
			}
			detail = OrDash(detail)
		case r.Error == CodeSkipped, r.Error == CodeNotSent, r.Error == CodeInDoubt:
			detail = r.Hint
		case r.Field != "":
			detail = r.Field + ": " + r.Hint
		default:
			detail = strings.TrimSpace(r.Error + ": " + r.Hint)
		}
		t.Row(what, r.Result, termtext.Clean(detail))
	}
	return t.Flush()
}
