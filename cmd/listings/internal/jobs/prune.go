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

// prunedJSON is one journal in `listings jobs prune --json`.
type prunedJSON struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Created string `json:"created"`
	State   string `json:"state"`
}

func newCmdPrune(f *cmdutil.Factory) *cobra.Command {
	var (
		olderThan string
		dryRun    bool
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:   "prune",
		Short: "Delete the journals of finished jobs older than an age",
		Long: `Delete the journals of the jobs that are finished (done, or cancelled) and older
than an age: --older-than, else the config's "jobs": {"keep_for": "30d"}, else 30
days. An age is days, weeks or hours: 30d, 2w, 12h; 0 takes every finished job. A job
running in a process, or stopped with items left for a resume, is never pruned,
whatever its age. --dry-run says what would go and deletes nothing. With --json an
array of {"id", "kind", "created", "state"}.`,
		Example: "  listings jobs prune --older-than 14d --dry-run",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			age, err := pruneAge(f, olderThan, cmd.Flags().Changed("older-than"))
			if err != nil {
				return err
			}
			dir, err := cmdutil.JobsDir(f.Getenv)
			if err != nil {
				return err
			}
			pruned, errs := kinds.All.Prune(dir, age, time.Now(), dryRun)
			for _, err := range errs {
				fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", termtext.Clean(err.Error()))
			}
			slices.Reverse(pruned) // oldest first, as listings jobs lists them
			rows := []prunedJSON{}
			for _, p := range pruned {
				rows = append(rows, prunedJSON{ID: p.Job, Kind: p.Verb, Created: p.Created.In(api.Kyiv).Format(time.RFC3339), State: p.State})
			}
			id := "cli.prune.done"
			if dryRun {
				id = "cli.prune.dry"
			}
			fmt.Fprintln(f.IOStreams.ErrOut, i18n.N(id, len(rows), "N", len(rows), "Age", job.AgeText(age), "Dir", dir))
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, rows)
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			for _, r := range rows {
				t.Row(r.ID, r.Kind, r.State)
			}
			return t.Flush()
		},
	}
	cmd.Flags().StringVar(&olderThan, "older-than", "", `the age past which a finished job goes: 30d, 2w, 12h (default: the config's "jobs.keep_for", else 30d)`)
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "say what would be pruned, and delete nothing")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// pruneAge is the flag's age when given, else the config's, else job.DefaultKeep.
func pruneAge(f *cmdutil.Factory, flag string, given bool) (time.Duration, error) {
	if given {
		d, err := job.ParseAge(flag)
		if err != nil {
			return 0, cmdutil.UsageErrorf("--older-than: %v", err)
		}
		return d, nil
	}
	if _, cfg, err := f.Config(); err == nil && cfg.Jobs.KeepFor != "" {
		d, err := job.ParseAge(cfg.Jobs.KeepFor)
		if err != nil {
			return 0, cmdutil.NewError(fmt.Sprintf("the config's jobs.keep_for: %v", err), err)
		}
		return d, nil
	}
	return job.DefaultKeep, nil
}
