// Package jobs is `listings jobs`: the history of every job of the data directory
// (the many-listing commands, import, export --detail), one loop over the kinds of
// job (api/jobs/kinds) that knows none by name: listed, shown, resumed, cancelled,
// retried, undone and pruned.
package jobs

import (
	"fmt"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// NewCmdJobs returns `listings jobs` and its subcommands.
func NewCmdJobs(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "jobs",
		Short: "List every job, show one, resume, cancel, retry or undo one",
		Long: `Every job is journaled in the data directory (LISTINGS_DATA_DIR, else the XDG
data directory) under jobs/<job>.jsonl: the many-listing commands (activate,
deactivate, price, edit with several ids), listings import and listings export
--detail, and the retries and undos made of them. Each item is journaled before its
request and after its answer, so a job interrupted (Ctrl+C, a crash, kill -9) or
stopped (the day's budget, the key) carries on where it was, and no change is made
twice: an item whose answer was lost is checked with one GET before it is sent again.

listings jobs lists them, oldest first: id, kind, created, done/failed/left, and its
state (running, stopped: items left for a resume, cancelled, done). listings jobs show
JOB prints every item's outcome; resume carries out what is left; cancel gives a job
up (what is left is not sent, and the app no longer offers it). A job running in
another process cannot be resumed or cancelled until it ends.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return list(f, asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmd.AddCommand(newCmdShow(f), newCmdResume(f), newCmdCancel(f), newCmdPrune(f), newCmdRetry(f), newCmdUndo(f))
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
	// State is running, stopped (items left for a resume), cancelled or done.
	State string `json:"state"`
	// Cancelled: the user gave the job up; it is not offered for a resume again.
	Cancelled bool `json:"cancelled,omitempty"`
	// Undoes and Retries name the job this one was made of.
	Undoes  string `json:"undoes,omitempty"`
	Retries string `json:"retries,omitempty"`
}

func rowOf(j job.Job) jobJSON {
	done, failed, left := j.Counts()
	i := j.Info()
	return jobJSON{ID: i.Job, Kind: j.Verb(), Created: i.Created.In(api.Kyiv).Format(time.RFC3339),
		Items: done + failed + left, Done: done, Failed: failed, Left: left, State: job.StateOf(j),
		Cancelled: j.Cancelled(), Undoes: i.Undoes, Retries: i.Retries}
}

// history is every job of the data directory, the unreadable ones said on stderr.
func history(f *cmdutil.Factory) (string, []job.Job, error) {
	dir, err := cmdutil.JobsDir(f.Getenv)
	if err != nil {
		return "", nil, err
	}
	jobs, errs := kinds.All.List(dir)
	for _, err := range errs {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", termtext.Clean(err.Error()))
	}
	return dir, jobs, nil
}

func list(f *cmdutil.Factory, asJSON bool) error {
	dir, jobs, err := history(f)
	if err != nil {
		return err
	}
	slices.Reverse(jobs) // oldest first, as a log reads
	rows := []jobJSON{}
	for _, j := range jobs {
		rows = append(rows, rowOf(j))
	}
	if asJSON {
		return cmdutil.PrintJSON(f.IOStreams.Out, rows)
	}
	if len(rows) == 0 {
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.jobs.none", "Dir", dir))
		return nil
	}
	t := cmdutil.NewTable(f.IOStreams.Out)
	t.Row(i18n.T("cli.col.job"), i18n.T("cli.col.kind"), i18n.T("cli.col.created"), i18n.T("cli.col.done"),
		i18n.T("cli.col.failed"), i18n.T("cli.col.left"), i18n.T("cli.col.state"))
	for _, r := range rows {
		created := r.Created
		if at, err := time.Parse(time.RFC3339, r.Created); err == nil {
			created = at.In(api.Kyiv).Format(time.DateTime)
		}
		t.Row(r.ID, r.Kind, created, fmt.Sprint(r.Done), fmt.Sprint(r.Failed), fmt.Sprint(r.Left), r.State)
	}
	return t.Flush()
}

// load reads job id through its kind: write to run or cancel it, under its lock.
func load(f *cmdutil.Factory, id string, write bool) (job.Job, error) {
	p, err := cmdutil.JobPath(f.Getenv, id)
	if err != nil {
		return nil, err
	}
	j, err := kinds.All.Load(p, write)
	if err != nil {
		return nil, cmdutil.NewError(termtext.Clean(err.Error()), err)
	}
	return j, nil
}

// say writes the job's line on stderr: what it is, when, and its counts.
func say(f *cmdutil.Factory, j job.Job) {
	done, failed, left := j.Counts()
	i := j.Info()
	what := j.Verb()
	if l := job.Lineage(i); l != "" {
		what += " (" + l + ")"
	}
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.jobs.say", done+failed+left, "Items", done+failed+left, "Job", i.Job, "What", what,
		"Created", i.Created.In(api.Kyiv).Format(time.DateTime), "Done", done, "Failed", failed, "Left", left))
}

func newCmdShow(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show JOB",
		Short: "Print every item's outcome of a job",
		Long: `Print every item of a job: done (and the status it got), failed (and why), in doubt
or not sent (left for a resume), and what was refused before anything was sent (an
import's rows, with the column and the reason). With --json an array of {"id", "row",
"title", "ok", "result", "status", "price", "error", "field", "hint", "retry"}; retry
marks a failure that may pass now (listings jobs retry takes it).`,
		Example: "  listings jobs show 20261124-224900-deactivate",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := load(f, args[0], false)
			if err != nil {
				return err
			}
			say(f, j)
			return cmdutil.PrintItems(f, cmdutil.ItemsOf(j), asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func newCmdCancel(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "cancel JOB",
		Short: "Give a job up: what is left of it is not sent",
		Long: `Give a job up: its items not yet sent stay unsent, and the app no longer offers to
resume it. What was done stays done; listings jobs show JOB prints which, and listings
jobs undo JOB puts it back. listings jobs resume JOB still takes it up again when
asked.`,
		Example: "  listings jobs cancel 20261124-224900-price",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := load(f, args[0], true)
			if err != nil {
				return err
			}
			defer j.Close()
			if err := j.Cancel(); err != nil {
				return err
			}
			done, failed, left := j.Counts()
			fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.jobs.cancelled", "Job", j.Info().Job, "Done", done, "Failed", failed, "Left", left))
			return nil
		},
	}
}
