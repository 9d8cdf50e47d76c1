package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
)

// Output conventions of the scripting commands, shared so that every command looks the
// same: a table or aligned text on stdout for people, --json for scripts, messages
// and progress on stderr, and every text that came over the network cleaned of
// terminal control sequences before it reaches a screen (JSON is left exact: a
// script wants the value, and the JSON encoder escapes control characters anyway).

// printJSON writes v as indented JSON with a final newline. HTML escaping is off so
// that URLs with & stay readable.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// newTable returns a tabwriter for a gh-like table: columns separated by at least two
// spaces. Callers write rows with row and must Flush.
func newTable(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
}

// row writes one table row. Cells are cleaned here, so a title holding a tab or an
// escape sequence can neither break the alignment nor reach the terminal.
func row(tw io.Writer, cells ...string) {
	for i, c := range cells {
		cells[i] = termtext.Clean(c)
	}
	fmt.Fprintln(tw, strings.Join(cells, "\t"))
}

// orDash shows an empty value as "-", so a column never looks shifted.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

func strPtr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// formatPrice renders an amount with its currency: "1250 UAH".
func formatPrice(p api.Price, currency string) string {
	if p.IsZero() {
		return "-"
	}
	return strings.TrimSpace(p.String() + " " + currency)
}

// formatTime renders a service time the way the service renders listing datetimes,
// in Europe/Kyiv; "-" when the service sent none.
func formatTime(t api.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.String()
}

func formatTimePtr(t *api.Time) string {
	if t == nil {
		return "-"
	}
	return formatTime(*t)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// truncate shortens s to at most n runes, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	if n < 1 || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// isTerminal reports whether w is a terminal; progress bars and other decoration are
// drawn only there, so that a script's logs stay clean.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// parseID reads a listing or category id from an argument.
func parseID(what, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return 0, usageErrorf("%q is not a %s id: use a positive whole number, e.g. 10040", s, what)
	}
	return n, nil
}

func parseIDs(what string, args []string) ([]int, error) {
	ids := make([]int, 0, len(args))
	seen := make(map[int]bool, len(args))
	for _, a := range args {
		id, err := parseID(what, a)
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

// cliError carries a message written for the user while keeping the original error
// in the chain, so exitCode still sees an auth or rate-limit failure inside.
type cliError struct {
	msg string
	err error
}

func (e *cliError) Error() string { return e.msg }
func (e *cliError) Unwrap() error { return e.err }

// explain rewrites an API failure for a person at a terminal: every field error of a
// refused body on its own line, when a limit lifts, what to do about a missing scope.
// Hints come from the network, so they are cleaned.
func explain(err error) error {
	if err == nil {
		return nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	e, ok := api.AsError(err)
	if !ok {
		return &cliError{termtext.CleanBlock(err.Error()), err}
	}
	msg := termtext.Clean(err.Error())
	switch {
	case len(e.Errors) > 1 || (len(e.Errors) == 1 && (e.Status == 422 || e.Status == 400)):
		op, _, _ := strings.Cut(msg, ": ")
		var b strings.Builder
		fmt.Fprintf(&b, "%s: the service refused the request (HTTP %d, %s):", op, e.Status, termtext.Clean(e.Code))
		for _, fe := range e.Errors {
			fmt.Fprintf(&b, "\n  %s", fieldLine(fe))
		}
		msg = b.String()
	case api.IsDailyLimit(err):
		msg += "; the day's budget resets at " + resetTime(e.ResetsAt, 0)
	case api.IsRateLimit(err):
		msg += "; try again after " + resetTime(e.ResetsAt, e.RetryAfter)
	case api.IsScope(err):
		msg += "; or use a profile whose key has it (--profile)"
	case e.Code == api.CodeIPNotWhitelisted && e.YourIP != "" && !strings.Contains(e.Hint, e.YourIP):
		msg += "; the service sees this machine as " + termtext.Clean(e.YourIP)
	}
	if (api.IsAuth(err) || api.IsScope(err)) && !strings.Contains(e.Hint, settingsPlace) {
		msg += "; keys are managed in the account settings under " + settingsPlace
	}
	if e.Code == api.CodeDuplicate && e.ExistingListingID > 0 {
		msg += fmt.Sprintf("\n  it duplicates listing %d: see listings show %d", e.ExistingListingID, e.ExistingListingID)
	}
	return &cliError{msg, err}
}

// settingsPlace is where the owner manages keys, scopes and the whitelist (facts.md);
// a hint that already names it is not repeated.
const settingsPlace = "API & integrations"

// fieldLine renders one field error as "title: must be at least 5 characters"; a hint
// that repeats the field name at its start loses the repetition.
func fieldLine(fe api.FieldError) string {
	return termtext.Clean(orDash(fe.Field)) + ": " + termtext.Clean(fe.Message())
}

func resetTime(at time.Time, after time.Duration) string {
	switch {
	case !at.IsZero():
		return at.In(api.Kyiv).Format("2006-01-02 15:04:05 -07:00")
	case after > 0:
		return after.Round(time.Second).String()
	default:
		return "a minute"
	}
}

// listingError explains a failure about one listing; a 404 gets a message that says
// what it means for the caller's own listings.
func listingError(id int, err error) error {
	if api.IsNotFound(err) {
		return &cliError{fmt.Sprintf("listing %d not found: it does not exist or belongs to another account; see listings ls --status all", id), err}
	}
	return explain(err)
}

// cleanHint makes a service hint safe to print, with a fallback when there is none.
func cleanHint(h string) string {
	if h = termtext.Clean(h); h == "" {
		return "the service gave no reason"
	}
	return h
}
