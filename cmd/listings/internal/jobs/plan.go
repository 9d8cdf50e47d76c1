package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// A retry and an undo are each a new job made of one before it: a plan said first
// (what is sent, what is left alone and why, the cost), then, unless --dry-run, the
// new job journaled and carried out as any job is.

// planJSON is a plan in --dry-run --json.
type planJSON struct {
	Of       string        `json:"of"`
	How      string        `json:"how"`
	Summary  []string      `json:"summary"`
	Requests int           `json:"requests"`
	Reads    int           `json:"reads,omitempty"`
	Rows     []job.PlanRow `json:"rows"`
}

// planned loads job id (read only), refuses it while it runs, and makes the plan
// plan asks of it on the session's service.
func planned(cmd *cobra.Command, f *cmdutil.Factory, id string, plan planner) (*cmdutil.Session, *job.Plan, error) {
	j, err := load(f, id, false)
	if err != nil {
		return nil, nil, err
	}
	if job.Running(j.File()) {
		return nil, nil, cmdutil.Fail(job.ErrBusy, "cli.job.busy", "Job", j.Info().Job)
	}
	s, err := f.Session(cmd.Context())
	if err != nil {
		return nil, nil, err
	}
	if err := cmdutil.SameService(j.Info(), s); err != nil {
		return nil, nil, err
	}
	say(f, j)
	p, err := plan(cmd.Context(), s, j)
	if err != nil {
		return nil, nil, cmdutil.NewError(termtext.Clean(err.Error()), err)
	}
	return s, p, nil
}

// follow says the plan (its summary on stderr; with dry its rows on stdout, and
// stops) and carries it out as a new job, printing the new job's items.
func follow(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, p *job.Plan, dry, asJSON bool) error {
	errOut := f.IOStreams.ErrOut
	for _, l := range p.SummaryIn(planWords) {
		fmt.Fprintln(errOut, termtext.Clean(l))
	}
	if dry {
		if asJSON {
			rows := p.Rows
			if rows == nil {
				rows = []job.PlanRow{}
			}
			return cmdutil.PrintJSON(f.IOStreams.Out, planJSON{Of: p.Of, How: p.How, Summary: p.Summary, Requests: p.Requests, Reads: p.Reads, Rows: rows})
		}
		return planTable(f, p)
	}
	for _, r := range p.Rows {
		if r.Skip != "" {
			fmt.Fprintln(errOut, i18n.T("cli.plan.left_alone", "What", rowWhat(r), "Why", termtext.Clean(r.SkipIn(planWords))))
		}
	}
	if p.Requests == 0 {
		fmt.Fprintln(errOut, i18n.T("cli.plan.nothing"))
		return nil
	}
	dir, err := cmdutil.JobsDir(f.Getenv)
	if err != nil {
		return err
	}
	nj, err := p.Start(dir, s.BaseURL, time.Now())
	if err != nil {
		return err
	}
	defer nj.Close()
	fmt.Fprintln(errOut, i18n.T("cli.plan.started", "Job", nj.Info().Job, "File", nj.File(), "How", p.How, "Of", p.Of))
	return carryOn(ctx, f, s, nj, asJSON)
}

// planWords says a plan's Why (a summary's line, a row's change or reason) in the
// language of the human text: the app's words for it, the jobs panel's entries.
func planWords(w rules.Why) string { return i18n.Reason("jobs.why.", w) }

// planTable prints a plan's rows: the listing (or row), and what it becomes or why
// it is left alone.
func planTable(f *cmdutil.Factory, p *job.Plan) error {
	t := cmdutil.NewTable(f.IOStreams.Out)
	for _, r := range p.Rows {
		what, why := i18n.T("cli.plan.change"), r.ChangeIn(planWords)
		if r.Skip != "" {
			what, why = i18n.T("cli.plan.skip"), r.SkipIn(planWords)
		} else if r.ToModeration {
			why += " (" + i18n.T("cli.plan.to_moderation") + ")"
		}
		t.Row(rowWhat(r), what, termtext.Clean(why))
	}
	return t.Flush()
}

func rowWhat(r job.PlanRow) string {
	if r.Row > 0 {
		return i18n.T("cli.plan.row", "Row", r.Row)
	}
	return fmt.Sprint(r.ID)
}

// planner makes a plan of a job on the session's service.
type planner func(ctx context.Context, s *cmdutil.Session, j job.Job) (*job.Plan, error)

// newCmdPlan is a command that makes a new job of JOB by plan: retry and undo.
func newCmdPlan(f *cmdutil.Factory, cmd *cobra.Command, plan planner) *cobra.Command {
	var dryRun, asJSON bool
	cmd.Args = cobra.ExactArgs(1)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		s, p, err := planned(cmd, f, args[0], plan)
		if err != nil {
			return err
		}
		return follow(cmd.Context(), f, s, p, dryRun, asJSON)
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "print the plan and send nothing")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func newCmdRetry(f *cmdutil.Factory) *cobra.Command {
	return newCmdPlan(f, &cobra.Command{
		Use:   "retry JOB",
		Short: "Send again, as a new job, the items of a job that failed for a reason that may pass now",
		Long: `Make a new job of the items of JOB that failed for a reason that may pass now: the
key's budget (a 429), the network, a server error (5xx), a timeout. The plan says
first which are sent again and which are left alone: those the service's rules
refused (a 4xx: a listing not editable, a field refused) are named with the reason
and not retried, for they would fail again. An import's files already uploaded are
not uploaded again, and a create a server error may have made is looked for among
the listings before it is sent. --dry-run prints the plan and sends nothing (with
--json: {"of", "how", "summary", "requests", "rows": [{"id", "row", "title",
"change", "skip"}]}); else the new job runs as listings jobs resume runs one, with
its output and exit codes. An export is not retried: its resume fetches again what
failed.`,
		Example: "  listings jobs retry 20261124-224900-price --dry-run",
	}, func(_ context.Context, s *cmdutil.Session, j job.Job) (*job.Plan, error) {
		return j.Retry(s.Client.Budget(), time.Now())
	})
}

func newCmdUndo(f *cmdutil.Factory) *cobra.Command {
	return newCmdPlan(f, &cobra.Command{
		Use:   "undo JOB",
		Short: "Put back, as a new job, what a finished or cancelled job changed",
		Long: `Make a new job that puts back what JOB changed: a status job's listings go back to
their status before, a price job's to their price before, an edit's fields to their
values before (the journal keeps them); an import's created listings are deactivated
(the API cannot delete) and its edits set back. The listings are read as they are now
first, within the key's budget (the plan says how many requests that took): one
changed since the job (its price, status or fields are no longer what the job set:
another edit, or a moderator who blocked it) is left alone and named, and so is one
gone, or one the API cannot change back (a created listing still awaiting
moderation). The plan says which active listings the undo sends back to moderation
(an edited active listing becomes pending). --dry-run prints the plan and sends
nothing (with --json: {"of", "how", "summary", "requests", "reads", "rows": [{"id",
"row", "title", "change", "skip", "to_moderation"}]}); else the new job (its header
undoes JOB) runs as listings jobs resume runs one: killed or stopped, it resumes
without changing a listing twice. A job with items left must be resumed or cancelled
first.`,
		Example: "  listings jobs undo 20261124-224900-price --dry-run",
	}, func(ctx context.Context, s *cmdutil.Session, j job.Job) (*job.Plan, error) {
		u, ok := j.(job.Undoer)
		if !ok {
			return nil, fmt.Errorf("a %s job changes no listing: there is nothing to undo", j.Verb())
		}
		return u.Undo(ctx, s.Client, time.Now())
	})
}
