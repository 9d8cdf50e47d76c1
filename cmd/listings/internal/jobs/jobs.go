// Package jobs is `listings jobs`: the journals of the many-listing commands
// (activate, deactivate, price with several ids) and of export --detail, listed,
// shown and resumed.
package jobs

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/catalog"
	"github.com/listings-tui/listings/api/export"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/importcmd"
	"github.com/listings-tui/listings/cmd/listings/internal/listing"
	"github.com/listings-tui/listings/cmd/listings/internal/sheetcmd"
)

// An import (listings import) is a job too, journaled beside the others with a
// journal of its own kind: it is listed here, and resumed by its own command.

// NewCmdJobs returns `listings jobs` and its subcommands.
func NewCmdJobs(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "jobs",
		Short: "List the jobs of the many-listing commands, show one, resume or cancel one",
		Long: `A many-listing command (activate, deactivate or price with several ids) is a job,
journaled in the data directory (LISTINGS_DATA_DIR, else the XDG data directory) under
jobs/<job>.jsonl: every item before its request and after its answer. listings jobs
lists them (id, kind, created, done/failed/left); listings jobs show JOB prints every
item's outcome; listings jobs resume JOB carries out what is left of a job that was
interrupted (Ctrl+C, a crash) or stopped (the day's budget, the key). An item whose
answer was lost is checked with one GET before it is sent again, so no change is
made twice. listings jobs cancel JOB gives a job up: what is left is not sent, and the
app no longer offers to resume it. A job running in another process cannot be
resumed or cancelled until it ends.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return list(f, asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmd.AddCommand(newCmdShow(f), newCmdResume(f), newCmdCancel(f))
	return cmd
}

// jobJSON is one job in `listings jobs --json`.
type jobJSON struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Created string `json:"created"`
	Items   int    `json:"items"`
	Done    int    `json:"done"`
	Failed  int    `json:"failed"`
	Left    int    `json:"left"`
	// Cancelled: the user gave the job up; it is not offered for a resume again.
	Cancelled bool `json:"cancelled,omitempty"`
}

func list(f *cmdutil.Factory, asJSON bool) error {
	dir, err := listing.JobsDir(f.Getenv)
	if err != nil {
		return err
	}
	jobs, errs := bulk.List(dir)
	for _, err := range errs {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: %v\n", err)
	}
	rows := []jobJSON{}
	for _, j := range jobs {
		done, failed, left := j.Counts()
		rows = append(rows, jobJSON{ID: j.Head.Job, Kind: j.Head.Verb(), Created: j.Head.Created.In(api.Kyiv).Format(time.RFC3339),
			Items: len(j.Head.Items), Done: done, Failed: failed, Left: left, Cancelled: j.Cancelled})
	}
	imports, errs := catalog.List(dir)
	for _, err := range errs {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: %v\n", err)
	}
	for _, j := range imports {
		done, failed, left := j.Counts()
		rows = append(rows, jobJSON{ID: j.Head.Job, Kind: catalog.Kind, Created: j.Head.Created.In(api.Kyiv).Format(time.RFC3339),
			Items: done + failed + left, Done: done, Failed: failed, Left: left, Cancelled: j.Cancelled})
	}
	slices.SortStableFunc(rows, func(a, b jobJSON) int { return strings.Compare(a.Created, b.Created) })
	if asJSON {
		return cmdutil.PrintJSON(f.IOStreams.Out, rows)
	}
	if len(rows) == 0 {
		fmt.Fprintf(f.IOStreams.ErrOut, "no jobs in %s\n", dir)
		return nil
	}
	t := cmdutil.NewTable(f.IOStreams.Out)
	t.Row("JOB", "KIND", "CREATED", "DONE", "FAILED", "LEFT")
	for _, r := range rows {
		created := r.Created
		if at, err := time.Parse(time.RFC3339, r.Created); err == nil {
			created = at.In(api.Kyiv).Format(time.DateTime)
		}
		left := fmt.Sprint(r.Left)
		if r.Cancelled {
			left += " (cancelled)"
		}
		t.Row(r.ID, r.Kind, created, fmt.Sprint(r.Done), fmt.Sprint(r.Failed), left)
	}
	return t.Flush()
}

// path is the journal of job id.
func path(f *cmdutil.Factory, id string) (string, error) { return listing.JobPath(f.Getenv, id) }

func newCmdShow(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "show JOB",
		Short:   "Print every item's outcome of a job",
		Long:    "Print every item of a job: done (and the status it got), failed (and why), in doubt or not sent (left for a resume). With --json an array of {\"id\", \"ok\", \"status\", \"price\", \"error\", \"hint\"}.",
		Example: "  listings jobs show 20261124-224900-deactivate",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := path(f, args[0])
			if err != nil {
				return err
			}
			if isImport(p) {
				return importcmd.Show(f, p, asJSON)
			}
			j, err := bulk.Peek(p)
			if err != nil {
				return err
			}
			done, failed, left := j.Counts()
			fmt.Fprintf(f.IOStreams.ErrOut, "job %s: %s of %d listings, created %s; %d done, %d failed, %d left\n",
				j.Head.Job, j.Head.Verb(), len(j.Head.Items), j.Head.Created.In(api.Kyiv).Format(time.DateTime), done, failed, left)
			_, err = listing.PrintOutcomes(f, j, nil, nil, asJSON)
			return err
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func newCmdResume(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "resume JOB",
		Short: "Carry out what is left of a job",
		Long: `Carry out what is left of an interrupted or stopped job, on the service it was
started on: an item whose answer was lost is checked with one GET first, the others
not yet sent are sent. Prints every item's outcome as the command that started it;
the exit codes are the same. An import's photos not yet sent leave without their
location and camera data unless --keep-metadata is given again.`,
		Example: "  listings jobs resume 20261124-224900-deactivate",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := path(f, args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			if isImport(p) {
				return importcmd.Resume(ctx, f, p, "", "", asJSON)
			}
			if export.IsExport(p) {
				return sheetcmd.ResumeExport(ctx, f, p)
			}
			s, err := f.Session(ctx)
			if err != nil {
				return err
			}
			j, err := bulk.Open(p)
			if err != nil {
				return err
			}
			if b := j.Head.BaseURL; b != "" && strings.TrimRight(b, "/") != strings.TrimRight(s.BaseURL, "/") {
				j.Close()
				return cmdutil.NewError(fmt.Sprintf("job %s was started on %s, not %s: resume it there (--base-url or --profile)", j.Head.Job, b, s.BaseURL), nil)
			}
			done, failed, left := j.Counts()
			fmt.Fprintf(f.IOStreams.ErrOut, "job %s: %s; %d done, %d failed, %d left\n", j.Head.Job, j.Head.Verb(), done, failed, left)
			return listing.FinishJob(ctx, f, s, j, nil, nil, asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmdutil.AddKeepMetadataFlag(cmd, f)
	return cmd
}

// isImport says whether the journal at p is an import's (listings import), which
// resumes with its own command.
func isImport(p string) bool {
	j, err := bulk.Peek(p)
	return err == nil && j.Head.Kind == catalog.Kind
}

func newCmdCancel(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "cancel JOB",
		Short: "Give a job up: what is left of it is not sent",
		Long: `Give a job up: its items not yet sent stay unsent, and the app no longer offers to
resume it. What was done stays done (the API has no undo); listings jobs show JOB
prints which. listings jobs resume JOB still takes it up again when asked.`,
		Example: "  listings jobs cancel 20261124-224900-price",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := path(f, args[0])
			if err != nil {
				return err
			}
			j, err := bulk.Open(p)
			if err != nil {
				return err
			}
			defer j.Close()
			if err := j.Cancel(); err != nil {
				return err
			}
			done, failed, left := j.Counts()
			fmt.Fprintf(f.IOStreams.ErrOut, "job %s cancelled: %d done, %d failed, %d left unsent\n", j.Head.Job, done, failed, left)
			return nil
		},
	}
}
