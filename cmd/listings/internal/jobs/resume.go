package jobs

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/sheetcmd"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

func newCmdResume(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "resume JOB",
		Short: "Carry out what is left of a job",
		Long: `Carry out what is left of an interrupted or stopped job, on the service it was
started on: an item whose answer was lost is checked with one GET first, the others
not yet sent are sent. Prints every item's outcome (as listings jobs show); an export
writes its whole file where it was asked to instead. The exit codes are those of the
command that started the job. An import's photos not yet sent leave without their
location and camera data unless --keep-metadata is given again.`,
		Example: "  listings jobs resume 20261124-224900-deactivate",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			j, err := load(f, args[0], true)
			if err != nil {
				return err
			}
			defer j.Close()
			s, err := f.Session(ctx)
			if err != nil {
				return err
			}
			if err := cmdutil.SameService(j.Info(), s); err != nil {
				return err
			}
			say(f, j)
			return carryOn(ctx, f, s, j, asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmdutil.AddKeepMetadataFlag(cmd, f)
	return cmd
}

// carryOn runs what is left of j, open under its lock, and prints its items (or
// writes its file: job.Filer), returning the command's error: that of the run, or
// one for the items not done.
func carryOn(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, j job.Job, asJSON bool) error {
	fl, files := j.(job.Filer)
	if files {
		if err := sheetcmd.CheckJobFile(f, fl); err != nil {
			return err
		}
	}
	_, _, left := j.Counts()
	s.LearnLimits(ctx, left)
	runErr := cmdutil.RunJob(ctx, f, s, s.Client, j, cmdutil.JobDone())
	if err := cmdutil.JobEnd(f, ctx, runErr, "listings jobs resume "+j.Info().Job); err != nil {
		return err
	}
	rows := cmdutil.ItemsOf(j)
	if files {
		// The file is the output (standard output, it may be): the items' failures
		// go to stderr.
		if _, err := sheetcmd.WriteJobFile(f, fl); err != nil {
			return err
		}
		for _, r := range rows {
			if !r.OK {
				fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", i18n.T("cli.job.left_out", "ID", r.ID, "Why", termtext.Clean(r.Error+": "+r.Hint)))
			}
		}
	} else if err := cmdutil.PrintItems(f, rows, asJSON); err != nil {
		return err
	}
	if n := cmdutil.Failed(rows); n > 0 {
		return cmdutil.Say(nil, func(p *i18n.Printer) string { return p.N("cli.job.not_done", len(rows), "N", n, "Total", len(rows)) })
	}
	return nil
}
