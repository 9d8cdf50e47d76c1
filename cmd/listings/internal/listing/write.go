package listing

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// The top-level fields of the create and edit bodies (spec, "Listing create body" and
// "Listing edit body"). A name outside them is a typo in a script, refused before any
// request rather than silently dropped by the service.
var (
	createFields = []string{"title", "description", "price", "price_type", "currency", "category_id",
		"condition", "city_ref", "photos", "photos_wm", "photos_3d", "video_url", "video_thumbnail",
		"attributes", "contact_name", "contact_phone", "hide_phone"}
	editFields = []string{"title", "description", "price", "currency", "condition", "category_id",
		"city_ref", "contact_name", "contact_phone", "hide_phone", "photos", "photos_wm", "photos_3d",
		"video_url", "video_thumbnail", "attributes", "delivery"}
)

// NewCmdCreate returns `listings create --file FILE`.
func NewCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var file string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "create --file FILE",
		Short: "Create a listing from a JSON file of the create body",
		Long: `Create a listing from a JSON object with the fields of the API's create body:
title, description, price, price_type, currency, category_id, condition, city_ref,
photos, photos_wm, photos_3d, video_url, video_thumbnail, attributes, contact_name,
contact_phone, hide_phone. --file - reads standard input. Photo URLs come from
listings upload photo.

Refused before anything is sent (exit 2, each problem named by its field): an
unknown field, and what the spec requires or limits: title (5 to 120 characters),
description (20 to 5000), price (unless price_type is exchange or free),
category_id, city_ref; price_type sell, exchange or free; currency UAH, USD or EUR;
condition new or used; at most 12 photos; photos_wm, when given, one per photo.
The rest (attributes, the category, the city) is the service's to judge.

Prints listing_id, status and url; with --json the API's answer
{"listing_id", "slug", "status", "url"}. A listing in a category that needs review
starts pending: follow it with listings watch ID.`,
		Example: `  listings create --file listing.json
  jq -n '{title: "Kobzar, 1960 edition", description: "Hardcover, good condition, no missing pages.",
          price: 450, category_id: 1004, city_ref: "8d5a980d-391c-11dd-90d9-001a92567626"}' |
    listings create --file - --json | jq .listing_id`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var body api.ListingCreate
			if _, err := readBody(f.IOStreams.In, file, createFields, &body); err != nil {
				return err
			}
			if err := refuseBody(file, rules.CheckCreate(&body)); err != nil {
				return err
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			res, err := cmdutil.RetryWrite(cmd.Context(), func(ctx context.Context) (*api.CreateResult, error) {
				return s.Client.CreateListing(ctx, &body)
			})
			if err != nil {
				return cmdutil.Explain(err)
			}
			if err := printResult(f, asJSON, res, res.ListingID, res.Status, "url", res.URL); err != nil {
				return err
			}
			if res.Status == api.StatusPending {
				fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.write.awaits", "ID", res.ListingID))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&file, "file", "f", "", "JSON file of the create body, - for standard input (required)")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// NewCmdEdit returns `listings edit ID --file FILE`.
func NewCmdEdit(f *cmdutil.Factory) *cobra.Command {
	var file string
	var asJSON, dryRun bool
	cmd := &cobra.Command{
		Use:   "edit ID... --file FILE",
		Short: "Change some fields of one or many listings from a JSON file",
		Long: `Change only the fields present in a JSON object (--file - reads standard input):
title, description, price, currency, condition, category_id, city_ref, contact_name,
contact_phone, hide_phone, photos, photos_wm, photos_3d, video_url, video_thumbnail,
attributes, delivery. A field absent from the file is not sent and keeps its value;
a field set to null is sent as null. photos, photos_3d and video_url replace the
whole set; attributes replaces the whole object. The fields given are checked
against the spec's limits before anything is sent, as create checks them (exit 2).

An active listing goes back to moderation after an edit (about 15 minutes).

Prints listing_id and status; with --json the API's answer {"listing_id", "status"}.

With several ids (or "-", which reads ids from standard input; the patch then comes
from --file FILE, not -) the one patch is applied to every listing as a journaled job,
planned first as activate and price are: a sold or archived listing is skipped, and
the plan says how many ACTIVE listings go back to moderation. --dry-run prints the
plan and sends nothing; --json prints one {"id", "ok", "status", "error", "hint"} per
listing; the exit codes are those of activate (0, 1, 4, 130).`,
		Example: `  echo '{"price": 400}' | listings edit 10040 --file -
  listings edit 10040 --file changes.json --json
  listings edit 10040 10041 10042 --file contacts.json --dry-run
  listings ls --all --json | jq -r '.[].id' | listings edit - --file city.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			many := len(args) > 1 || args[0] == "-" || dryRun
			if args[0] == "-" && (file == "-" || file == "") {
				return cmdutil.Usage("cli.write.patch_file")
			}
			var body api.ListingEdit
			keys, err := readBody(f.IOStreams.In, file, editFields, &body)
			if err != nil {
				return err
			}
			if len(keys) == 0 || body.Empty() {
				return bodyError(file, "cli.body.nothing")
			}
			if err := refuseBody(file, rules.CheckEdit(&body)); err != nil {
				return err
			}
			if many {
				return runMany(cmd.Context(), f, "edit", bulk.Action{Edit: true, Patch: &body},
					func(bulk.Skip) bool { return false }, args, asJSON, dryRun)
			}
			id, err := cmdutil.ParseID("listing", args[0])
			if err != nil {
				return err
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			res, err := s.Client.EditListing(cmd.Context(), id, &body)
			if err != nil {
				return cmdutil.ListingError(id, err)
			}
			if err := printResult(f, asJSON, res, res.ListingID, res.Status); err != nil {
				return err
			}
			if res.Status == api.StatusPending {
				fmt.Fprintln(f.IOStreams.ErrOut, "! "+i18n.T("cli.write.back_to_review", "ID", id))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&file, "file", "f", "", "JSON file with the fields to change, - for standard input (required)")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "with many ids: print the plan and send nothing")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// printResult prints the answer to a create or an edit: the API's JSON, or its id,
// status and more name-value rows as a table.
func printResult(f *cmdutil.Factory, asJSON bool, res any, id int, status api.Status, more ...string) error {
	if asJSON {
		return cmdutil.PrintJSON(f.IOStreams.Out, res)
	}
	t := cmdutil.NewTable(f.IOStreams.Out)
	t.Row("listing_id", strconv.Itoa(id))
	t.Row("status", string(status))
	for i := 0; i+1 < len(more); i += 2 {
		t.Row(more[i], more[i+1])
	}
	return t.Flush()
}
