package importcmd

import (
	"context"
	"fmt"
	"strconv"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// runJob carries out what is left of j with its progress (cmdutil.RunJob): Ctrl+C
// stops the job from taking more rows and gives up a wait for the budget; a request
// already on its way is answered and journaled.
func runJob(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, j *catalog.Journal) error {
	return cmdutil.RunJob(ctx, f, s, s.Client, j, cmdutil.JobDone())
}

// resultJSON is one row of --json.
type resultJSON struct {
	catalog.Result
	OK bool `json:"ok"`
}

// finish prints every row's outcome (a table, or --json), writes the report, and
// returns the command's error: the exit codes of a bulk job.
func finish(ctx context.Context, f *cmdutil.Factory, o options, sf sheet.Format, columns []string, results []catalog.Result, runErr error, job string) error {
	bad := 0
	for _, r := range results {
		if !r.OK() {
			bad++
		}
	}
	if o.asJSON {
		if err := printJSON(f, results); err != nil {
			return err
		}
	} else if err := printResults(f, results); err != nil {
		return err
	}
	if o.report != "" {
		if err := catalog.WriteReport(o.report, sf, columns, results); err != nil {
			return err
		}
		fmt.Fprintf(f.IOStreams.ErrOut, "report: %s\n", o.report)
	}
	if job != "" {
		if err := cmdutil.JobEnd(f, ctx, runErr, "listings import --resume "+job); err != nil {
			return err
		}
	}
	switch {
	case bad > 0 && job == "":
		return cmdutil.Say(nil, func(p *i18n.Printer) string {
			return p.N("cli.import.bad_refused", len(results), "N", bad, "Total", len(results))
		})
	case bad > 0:
		return cmdutil.Say(nil, func(p *i18n.Printer) string {
			return p.N("cli.import.bad_failed", len(results), "N", bad, "Total", len(results))
		})
	}
	return nil
}

func printJSON(f *cmdutil.Factory, results []catalog.Result) error {
	rows := make([]resultJSON, len(results))
	for i, r := range results {
		rows[i] = resultJSON{Result: r, OK: r.OK()}
	}
	return cmdutil.PrintJSON(f.IOStreams.Out, rows)
}

// printResults writes a table of the rows: row, result, listing, and the page or the
// column and reason.
func printResults(f *cmdutil.Factory, results []catalog.Result) error {
	t := cmdutil.NewTable(f.IOStreams.Out)
	t.Row("ROW", "RESULT", "LISTING", "DETAIL")
	for _, r := range results {
		id := "-"
		if r.ListingID > 0 {
			id = strconv.Itoa(r.ListingID)
		}
		detail := r.URL
		if r.Status != "" {
			detail = r.Status + " " + detail
		}
		if r.Column != "" {
			detail = r.Column + ": " + r.Reason
		} else if c := r.ChangeText(); c != "" && r.Outcome == catalog.OutcomePlanEdit {
			detail = c
		}
		if detail == "" {
			detail = r.Title
		}
		t.Row(strconv.Itoa(r.Line), r.Outcome, id, termtext.Clean(detail))
	}
	return t.Flush()
}
