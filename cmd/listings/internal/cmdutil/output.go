package cmdutil

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// Output conventions of the scripting commands, shared so that every command looks the
// same: a table or aligned text on stdout for people, --json for scripts, messages
// and progress on stderr, and every text that came over the network cleaned of
// terminal control sequences before it reaches a screen (JSON is left exact: a
// script wants the value, and the JSON encoder escapes control characters anyway).
// Every write to stdout has its error returned, so a full disk fails the command and
// a closed pipe ends it (iostreams.WriteError).

// AddJSONFlag adds the --json flag every scripting command has.
func AddJSONFlag(cmd *cobra.Command, v *bool) {
	cmd.Flags().BoolVar(v, "json", false, JSONFlagUsage)
}

// JSONFlagUsage is --json's description; help shows it in the interface's language
// (cli.flag.json).
const JSONFlagUsage = "print JSON for scripts (the API's field names)"

// PrintJSON writes v as indented JSON with a final newline. HTML escaping is off so
// that URLs with & stay readable.
func PrintJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Table is a gh-like table: columns separated by at least two spaces, every cell
// cleaned. Rows are kept until Flush, which returns the first write error.
type Table struct {
	tw  *tabwriter.Writer
	err error
}

// NewTable starts a table on w.
func NewTable(w io.Writer) *Table {
	return &Table{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)}
}

// Row adds one row. Cells are cleaned here, so a title holding a tab or an escape
// sequence can neither break the alignment nor reach the terminal.
func (t *Table) Row(cells ...string) {
	for i, c := range cells {
		cells[i] = termtext.Clean(c)
	}
	if _, err := fmt.Fprintln(t.tw, strings.Join(cells, "\t")); err != nil && t.err == nil {
		t.err = err
	}
}

// Flush writes the table out and returns the first error of any write.
func (t *Table) Flush() error {
	if err := t.tw.Flush(); t.err == nil {
		t.err = err
	}
	return t.err
}

// OrDash shows an empty value as "-", so a column never looks shifted.
func OrDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// StrPtr is the value of an optional text; "" when absent.
func StrPtr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// YesNo shows a flag.
func YesNo(b bool) string {
	if b {
		return i18n.T("yes")
	}
	return i18n.T("no")
}

// Price shows a price the way the app does (api/client/format), "-" when there is none.
func Price(p api.Price, currency, priceType string) string {
	return OrDash(format.Price(p, currency, priceType))
}

// Time shows a service time as the service renders listing datetimes, in Kyiv; "-"
// when the service sent none.
func Time(t *api.Time) string {
	if t == nil {
		return "-"
	}
	return OrDash(format.Stamp(t.Time))
}

// ParseID reads a listing or category id from an argument.
func ParseID(what, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return 0, Usage("cli.err.bad_id", "Arg", strconv.Quote(s), "What", what)
	}
	return n, nil
}

// ParseIDs reads ids from arguments, each once, in the order given.
func ParseIDs(what string, args []string) ([]int, error) {
	ids := make([]int, 0, len(args))
	seen := make(map[int]bool, len(args))
	for _, a := range args {
		id, err := ParseID(what, a)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}
