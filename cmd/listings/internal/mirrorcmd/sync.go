// Package mirrorcmd owns the commands of the local mirror (api/mirror): sync, which
// fills it within the budget, and stats, the views over time counted from the syncs.
// `ls --search` and `ls --sort` read it too (package listing).
package mirrorcmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// syncJSON is sync --json.
type syncJSON struct {
	Requests   int    `json:"requests"`
	Listings   int    `json:"listings"`
	Added      int    `json:"added"`
	Changed    int    `json:"changed"`
	Gone       int    `json:"gone"`
	DurationMS int64  `json:"duration_ms"`
	Complete   bool   `json:"complete"`
	Mirror     string `json:"mirror"`
	// With --details: details fetched, and listings still without one.
	Details     *int `json:"details,omitempty"`
	DetailsLeft *int `json:"details_left,omitempty"`
}

// NewCmdSync returns `listings sync`.
func NewCmdSync(f *cmdutil.Factory) *cobra.Command {
	var asJSON, details bool
	cmd := &cobra.Command{
		Use:   "sync",
		Short: "Copy every listing into the local mirror, for search, sorting and views over time",
		Long: `Copy every listing of the account into the local mirror: a database in the data
directory (one per profile and service; it never holds the key). ls --search,
ls --sort, stats and the app's search read it without a request.

A sync reads the list of every state (status=all) 100 listings a request with only
the fields the mirror keeps, so 10 000 listings cost 101 requests. It leaves a fifth
of the minute's and of the day's budget to you: it waits for the minute, and does
not start (or stops) when the day's would be short. Each sync records the views
and status of the listings whose values changed: the figures of stats are counted
from these syncs, not by the service. A listing missing from a complete sync is
marked gone.

Ctrl+C keeps the pages already read; the next sync starts over. On a terminal a
line on stderr counts what was read.

The list has no descriptions: the search finds one in the listings opened once (in
the app, or with listings show). --details opens every listing the mirror has no
detail of, one request each (10 000 listings: 10 000 requests, about 21 minutes at
600 a minute with the fifth left to you, a tenth of a business key's day), then
only the new ones on later syncs; Ctrl+C keeps what was fetched.`,
		Example: `  listings sync
  listings sync --details
  listings sync --json | jq .changed`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSync(cmd.Context(), f, asJSON, details)
		},
	}
	cmd.Flags().BoolVar(&details, "details", false, "also open every listing without a detail (one request each), so descriptions can be searched")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func runSync(ctx context.Context, f *cmdutil.Factory, asJSON, details bool) error {
	t, err := f.Target()
	if err != nil {
		return err
	}
	s, err := f.Open(ctx, t)
	if err != nil {
		return err
	}
	db, err := f.OpenMirror(ctx, t, true)
	if err != nil {
		return err
	}
	defer db.Close()
	s.LearnLimits(ctx, -1)
	status := cmdutil.NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY)
	ctx = api.OnWait(ctx, status.OnWait)
	res, err := db.Sync(ctx, s.Client, mirror.SyncOptions{Lang: s.Lang, Progress: func(p mirror.SyncProgress) {
		if p.Expected > 0 {
			status.Set("%s", i18n.N("cli.sync.progress_of", p.Expected, "Listings", format.Number(p.Listings),
				"Expected", format.Number(p.Expected), "Pages", p.Pages))
			return
		}
		status.Set("%s", i18n.N("cli.sync.progress", p.Listings, "Listings", format.Number(p.Listings), "Pages", p.Pages))
	}})
	status.Done()
	if err != nil {
		return syncError(f, res, err)
	}
	if res.NoID > 0 {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", i18n.N("cli.sync.no_id", res.NoID, "N", format.Number(res.NoID)))
	}
	out := syncJSON{Requests: res.Requests, Listings: res.Listings, Added: res.Added, Changed: res.Changed,
		Gone: res.Gone, DurationMS: res.Duration.Milliseconds(), Complete: res.Complete, Mirror: db.Path()}
	if !asJSON {
		_, err = fmt.Fprintln(f.IOStreams.Out, i18n.N("cli.sync.done", res.Listings, "Listings", format.Number(res.Listings),
			"Took", res.Duration.Round(10*time.Millisecond).String(), "Requests", res.Requests,
			"Added", format.Number(res.Added), "Changed", format.Number(res.Changed), "Gone", format.Number(res.Gone)))
		if err != nil {
			return err
		}
	}
	if details {
		dres, err := db.FillDetails(ctx, s.Client, mirror.DetailsOptions{Lang: s.Lang, Progress: func(done, total int) {
			status.Set("%s", i18n.N("cli.sync.details_progress", total, "Done", format.Number(done), "Total", format.Number(total)))
		}})
		status.Done()
		out.Details, out.DetailsLeft = &dres.Fetched, &dres.Left
		out.Requests += dres.Fetched + dres.Missing
		if err != nil {
			fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.sync.details_stopped", dres.Fetched, "Fetched", format.Number(dres.Fetched),
				"Left", format.Number(dres.Left)))
			return syncError(f, mirror.SyncResult{}, err)
		}
		if !asJSON {
			if _, err := fmt.Fprintln(f.IOStreams.Out, i18n.N("cli.sync.details_done", dres.Fetched, "Fetched", format.Number(dres.Fetched))); err != nil {
				return err
			}
		}
	}
	if asJSON {
		return cmdutil.PrintJSON(f.IOStreams.Out, out)
	}
	return nil
}

// syncError says how far a sync that failed came: what it stored is kept.
func syncError(f *cmdutil.Factory, res mirror.SyncResult, err error) error {
	var short *mirror.BudgetShortError
	if errors.As(err, &short) {
		return cmdutil.Say(err, func(p *i18n.Printer) string {
			kept := ""
			if res.Requests > 0 {
				kept = " (" + p.N("cli.sync.kept", res.Listings, "Listings", format.Number(res.Listings)) + ")"
			}
			return "listings sync: " + short.Error() + kept
		})
	}
	if res.Requests > 0 {
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.sync.stopped", res.Listings, "Listings", format.Number(res.Listings), "Requests", res.Requests))
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return cmdutil.Explain(err)
}
