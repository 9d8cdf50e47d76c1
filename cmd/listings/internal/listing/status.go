package listing

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/termtext"
)

// NewCmdStatus returns `listings activate ID...` or `listings deactivate ID...` (verb).
// With one id they send the change at once: the current status is not known without a GET, and the
// service refuses what is not allowed at the same cost. What the answer tells of the
// status before is read with api.CheckMove, the one rule of status changes.
func NewCmdStatus(f *cmdutil.Factory, verb string) *cobra.Command {
	to, short := api.StatusActive, "Publish an inactive listing again"
	if verb == "deactivate" {
		to, short = api.StatusInactive, "Hide an active listing from the catalog"
	}
	var asJSON, dryRun bool
	cmd := &cobra.Command{
		Use:   verb + " ID...",
		Short: short,
		Long: short + `.

Only active ↔ inactive moves are allowed through the API; a pending, blocked, sold or
archived listing is refused (exit 1), since only a moderator can change it on the
website. Setting the status a listing already has is a no-op.

Prints what the service's answer says the listing became, "ID: previous → new"; with
--json {"listing_id", "status", "previous_status", "confirmed"}, where confirmed is
false when the answer did not state the new status (status is then the one asked).
When the answer states another status than the one asked, that is printed too, and
the exit code is 1.

With several ids (or "-", which reads ids from standard input, separated by spaces or
newlines) the command plans first: it reads the listings' statuses (one GET each when
they are few, else the list), skips what the API will not change (a pending, blocked,
sold or archived listing) or what is already as asked, and prints the plan's summary
on stderr. --dry-run prints the plan and sends nothing. The job is journaled in the
data directory (jobs/<job>.jsonl), so an interrupted or stopped job goes on with
listings jobs resume JOB. It prints one row per listing (id, result, status or
reason); with --json an array of {"id", "ok", "status", "error", "hint"}, a skipped
listing with "error": "skipped" and its reason as the hint. Exit code 0 when every
listing is as asked (one already so counts), 1 when any failed or was skipped for
another reason, 4 when the day's budget stopped the job, 130 on Ctrl+C.`,
		Example: "  listings " + verb + " 10040\n" +
			"  listings " + verb + " 10040 10041 10042 --dry-run\n" +
			"  listings ls --status all --all --json | jq -r '.[].id' | listings " + verb + " -",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 || args[0] == "-" || dryRun {
				return runStatusMany(cmd.Context(), f, verb, to, args, asJSON, dryRun)
			}
			id, s, err := open(cmd.Context(), f, args[0])
			if err != nil {
				return err
			}
			res, err := cmdutil.RetryWrite(cmd.Context(), func(ctx context.Context) (*api.StatusResult, error) {
				return s.Client.SetStatus(ctx, id, to)
			})
			if api.IsCode(err, api.CodeStatusChangeForbidden) {
				return refused(id, to, err)
			}
			if err != nil {
				return cmdutil.ListingError(id, err)
			}
			if asJSON {
				err = cmdutil.PrintJSON(f.IOStreams.Out, statusJSON{res.ListingID, res.Status, res.PreviousStatus, res.Confirmed})
			} else {
				_, err = fmt.Fprintln(f.IOStreams.Out, termtext.Clean(statusLine(res, to)))
			}
			if err != nil {
				return err
			}
			return notAsked(id, res, to)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "print the plan and send nothing")
	return cmd
}

// runStatusMany sets the status of many listings as one journaled job.
func runStatusMany(ctx context.Context, f *cmdutil.Factory, verb string, to api.Status, args []string, asJSON, dryRun bool) error {
	noop := func(sk bulk.Skip) bool {
		mv, _ := api.CheckMove(sk.Status, to)
		return sk.Status != "" && mv == api.MoveNoop
	}
	return runMany(ctx, f, verb, bulk.Action{Status: to}, noop, args, asJSON, dryRun)
}

// statusLine is the text answer: "10040: inactive → active", and a word when the
// listing already had the status.
func statusLine(res *api.StatusResult, to api.Status) string {
	line := fmt.Sprintf("%d: %s", res.ListingID, res.Status)
	if res.PreviousStatus != "" {
		line = fmt.Sprintf("%d: %s → %s", res.ListingID, res.PreviousStatus, res.Status)
		if move, why := api.CheckMove(res.PreviousStatus, to); move == api.MoveNoop {
			line += " (" + why + "; nothing changed)"
		}
	}
	if !res.Confirmed {
		line += " (the service did not confirm the new status)"
	}
	return line
}

// notAsked is the failure of an answer that states a status other than the one asked
// (the service made another change, or none): the script must not go on as if the
// listing were what it asked for. An answer that states none is not confirmed, and
// the output says so, but it is no failure: the service took the request.
func notAsked(id int, res *api.StatusResult, to api.Status) error {
	if !res.Confirmed || res.Status == to {
		return nil
	}
	return fmt.Errorf("listing %d is %s, not %s: the service answered with another status than the one asked; see listings show %[1]d",
		id, termtext.Clean(string(res.Status)), to)
}

// refused explains a status change the service would not make. Its hint says why and
// who can do it; without one, the command says it.
func refused(id int, to api.Status, err error) error {
	msg := fmt.Sprintf("listing %d cannot be set %s through the API: only a moderator can change it on the website", id, to)
	if e, ok := api.AsError(err); ok {
		if hint := strings.TrimSpace(termtext.Clean(e.Hint)); hint != "" {
			msg = fmt.Sprintf("listing %d: %s", id, hint)
		}
	}
	return cmdutil.NewError(msg, err)
}

type statusJSON struct {
	ListingID      int        `json:"listing_id"`
	Status         api.Status `json:"status"`
	PreviousStatus api.Status `json:"previous_status,omitempty"`
	Confirmed      bool       `json:"confirmed"`
}
