package listing

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
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

Prints what the listing became, "ID: previous → new"; with --json {"listing_id",
"status", "previous_status", "confirmed", "checked"}. The spec does not show the
service's answer: when it states the status asked, that is the result. When it states
another, or none (an empty body, or one the client cannot read), the listing is read
once (one GET, "checked": true) and its status then is the result: the one asked is a
success (exit 0); another is printed with why, e.g. "listing 10053 is pending after
the request to make it active: the service sent it to moderation", and the exit code
is 1 ("answer_status" then says what the answer stated, "moderation" the block of a
pending or blocked listing). If that read fails, the answer's word is printed
("confirmed": false when it stated none) and the read's failure decides the exit code.

With several ids (or "-", which reads ids from standard input, separated by spaces or
newlines) the command plans first: it reads the listings' statuses (one GET each when
they are few, else the list), skips what the API will not change (a pending, blocked,
sold or archived listing) or what is already as asked, and prints the plan's summary
on stderr. --dry-run prints the plan and sends nothing. The job is journaled in the
data directory (jobs/<job>.jsonl), so an interrupted or stopped job goes on with
listings jobs resume JOB. It prints one row per listing (id, result, status or
reason); with --json an array of {"id", "ok", "status", "error", "hint"}, a skipped
listing with "error": "skipped" and its reason as the hint. An answer that states
another status than the one asked costs one read of the listing; a listing that is
then in another status fails with "error": "other_status" and why (an answer that
states none is taken as done, to keep a job's requests to one per listing). Exit code 0 when every
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
			return reportStatus(cmd.Context(), f, s, id, to, res, asJSON)
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

// refused explains a status change the service would not make. Its hint says why and
// who can do it; without one, the command says it.
func refused(id int, to api.Status, err error) error {
	if e, ok := api.AsError(err); ok {
		if hint := strings.TrimSpace(termtext.Clean(e.Hint)); hint != "" {
			return cmdutil.Fail(err, "cli.status.refused_hint", "ID", id, "Hint", hint)
		}
	}
	return cmdutil.Fail(err, "cli.status.refused", "ID", id, "Status", to)
}
