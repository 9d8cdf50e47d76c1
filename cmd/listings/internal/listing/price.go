package listing

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// NewCmdPrice returns `listings price ID... --set P | --by CHANGE [--round R]`: a new
// price for many listings as one journaled job, planned by api/jobs/bulk.
func NewCmdPrice(f *cmdutil.Factory) *cobra.Command {
	var set, by, round string
	var asJSON, dryRun bool
	cmd := &cobra.Command{
		Use:   "price ID... (--set PRICE | --by CHANGE) [--round R]",
		Short: "Change the price of many listings",
		Long: `Change the price of many listings: --set 3000 gives each the same price, --by -10%
or --by +200 changes each by a percentage or an amount; --round 10 rounds the result to
a multiple of 10, --round 0.99 to an ending of .99, --round 100:99 to ...99. The
arithmetic is exact (decimal, not floating point). "-" reads ids from standard input.

The command plans first, from the listings' current prices and statuses, and prints the
plan's summary on stderr: what changes, what is skipped and why (a sold or archived
listing, a free or exchange one, a price already as asked), and how many ACTIVE
listings go back to moderation: an edited active listing becomes pending and is hidden
until it is approved. It does not ask: read the plan with --dry-run first, which
prints it and sends nothing. The job is journaled in the data directory
(jobs/<job>.jsonl), so an interrupted or stopped job goes on with listings jobs resume.

Prints one row per listing (id, result, new price and status, or reason); with --json
an array of {"id", "ok", "status", "price", "error", "hint"}, a skipped listing with
"error": "skipped" and its reason as the hint. Exit code 0 when every listing is at its
new price (one already at it counts), 1 when any failed or was skipped for another
reason, 4 when the day's budget stopped the job, 130 on Ctrl+C.`,
		Example: "  listings price 10040 10041 --by -10% --round 10 --dry-run\n" +
			"  listings ls --all --json | jq -r '.[].id' | listings price - --by +5% --round 0.99",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			change, err := bulk.ParsePriceChange(set, by, round)
			if err != nil {
				return cmdutil.UsageErrorf("%v", err)
			}
			noop := func(sk bulk.Skip) bool { return isAlreadyAt(sk.Reason) }
			return runMany(cmd.Context(), f, "price", bulk.Action{Price: &change}, noop, args, asJSON, dryRun)
		},
	}
	cmd.Flags().StringVar(&set, "set", "", "the new price of every listing, e.g. 3000")
	cmd.Flags().StringVar(&by, "by", "", "a change of each price: -10%, +5% or +200, -50")
	cmd.Flags().StringVar(&round, "round", "", "round the new prices: 10 (a multiple), 0.99 (an ending), 100:99 (both)")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "print the plan and send nothing")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// isAlreadyAt says whether a price skip is of a listing already at its new price.
func isAlreadyAt(reason string) bool {
	return strings.HasPrefix(reason, "already at ")
}
