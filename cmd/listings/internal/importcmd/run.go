package importcmd

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/catalog"
	"github.com/listings-tui/listings/api/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/termtext"
)

// runJob carries out what is left of j with its progress (cmdutil.JobProgress). Ctrl+C
// stops the job from taking more rows and gives up a wait for the budget; a request
// already on its way is answered and journaled.
func runJob(ctx context.Context, f *cmdutil.Factory, c *api.Client, j *catalog.Journal) error {
	done, failed, left := j.Counts()
	ctx, progress := cmdutil.NewJobProgress(ctx, f, c, cmdutil.JobLabels{Done: "done", Failed: "failed"}, done+failed+left, left,
		requestsPerRow(j.Left()))
	defer progress.Done()
	progress.Update(done, failed, left)
	stopWaits := context.AfterFunc(ctx, c.AbandonWaits)
	defer stopWaits()
	return catalog.Run(ctx, c, j, func(catalog.Event) { progress.Update(j.Counts()) })
}

// requestsPerRow is what a row left costs on average: its create or edit, and its
// files still to upload.
func requestsPerRow(rows []catalog.Row) float64 {
	if len(rows) == 0 {
		return 1
	}
	n := 0
	for i := range rows {
		n += 1 + rows[i].Uploads()
	}
	return float64(n) / float64(len(rows))
}

// resultJSON is one row of --json.
type resultJSON struct {
	catalog.Result
	OK bool `json:"ok"`
}

// finish prints every row's outcome (a table, or --json), writes the report, and
// returns the command's error: the exit codes of a bulk job.
func finish(f *cmdutil.Factory, o options, sf sheet.Format, columns []string, results []catalog.Result, runErr error, job string) error {
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
	var stopped *bulk.ErrStopped
	switch {
	case errors.Is(runErr, context.Canceled):
		fmt.Fprintf(f.IOStreams.ErrOut, "the rows in flight were finished; the rest is left: listings import --resume %s\n", job)
		return cmdutil.NewError("interrupted: the rows in flight were finished; the rest is left: listings import --resume "+job, context.Canceled)
	case errors.As(runErr, &stopped):
		e := cmdutil.Explain(stopped.Cause)
		return cmdutil.NewError(e.Error()+"\nthe import stopped; the rest is left: listings import --resume "+job, stopped.Cause)
	case runErr != nil:
		return cmdutil.Explain(runErr)
	case bad > 0 && job == "":
		return cmdutil.NewError(fmt.Sprintf("%d of %d rows are refused: see above", bad, len(results)), nil)
	case bad > 0:
		return cmdutil.NewError(fmt.Sprintf("%d of %d rows were not imported (refused or failed): see above", bad, len(results)), nil)
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
