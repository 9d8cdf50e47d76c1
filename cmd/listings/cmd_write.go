package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
)

// maxBodyFile is the size of a create or edit file; the service takes JSON bodies of at
// most 1 MiB (docs/sandbox.md), so a bigger file could only be refused after upload.
const maxBodyFile = 1 << 20

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

func newCreateCmd(g *globals) *cobra.Command {
	var file string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "create --file FILE",
		Short: "Create a listing from a JSON file of the create body",
		Long: `Create a listing from a JSON object with the fields of the API's create body:
title, description, price, price_type, currency, category_id, condition, city_ref,
photos, photos_wm, photos_3d, video_url, video_thumbnail, attributes, contact_name,
contact_phone, hide_phone. --file - reads standard input. An unknown field is refused
before anything is sent. Photo URLs come from listings upload photo.

Prints listing_id, status and url; with --json the API's answer
{"listing_id", "slug", "status", "url"}. A listing in a category that needs review
starts pending: follow it with listings watch ID.`,
		Example: `  listings create --file listing.json
  jq -n '{title: "Kobzar, 1960 edition", description: "Hardcover, good condition, no missing pages.",
          price: 450, category_id: 1004, city_ref: "8d5a980d-391c-11dd-90d9-001a92567626"}' |
    listings create --file - --json | jq .listing_id`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			var body api.ListingCreate
			if _, err := readBody(cmd, file, createFields, &body); err != nil {
				return err
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			res, err := s.Client.CreateListing(cmd.Context(), &body)
			if err != nil {
				return explain(err)
			}
			if asJSON {
				if err := printJSON(cmd.OutOrStdout(), res); err != nil {
					return err
				}
			} else {
				tw := newTable(cmd.OutOrStdout())
				row(tw, "listing_id", strconv.Itoa(res.ListingID))
				row(tw, "status", string(res.Status))
				row(tw, "url", res.URL)
				_ = tw.Flush()
			}
			if res.Status == api.StatusPending {
				fmt.Fprintf(cmd.ErrOrStderr(), "Listing %d awaits moderation (about 15 minutes); follow it with: listings watch %d\n", res.ListingID, res.ListingID)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&file, "file", "f", "", "JSON file of the create body, - for standard input (required)")
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func newEditCmd(g *globals) *cobra.Command {
	var file string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "edit ID --file FILE",
		Short: "Change some fields of a listing from a JSON file",
		Long: `Change only the fields present in a JSON object (--file - reads standard input):
title, description, price, currency, condition, category_id, city_ref, contact_name,
contact_phone, hide_phone, photos, photos_wm, photos_3d, video_url, video_thumbnail,
attributes, delivery. A field absent from the file is not sent and keeps its value;
a field set to null is sent as null. photos, photos_3d and video_url replace the
whole set; attributes replaces the whole object.

An active listing goes back to moderation after an edit (about 15 minutes).

Prints listing_id and status; with --json the API's answer {"listing_id", "status"}.`,
		Example: `  echo '{"price": 400}' | listings edit 10040 --file -
  listings edit 10040 --file changes.json --json`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("listing", args[0])
			if err != nil {
				return err
			}
			var body api.ListingEdit
			keys, err := readBody(cmd, file, editFields, &body)
			if err != nil {
				return err
			}
			if len(keys) == 0 || body.Empty() {
				return usageErrorf("%s: nothing to change: the object has no fields; put in only the fields to change, e.g. {\"price\": 400}", fileName(file))
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			res, err := s.Client.EditListing(cmd.Context(), id, &body)
			if err != nil {
				return listingError(id, err)
			}
			if asJSON {
				if err := printJSON(cmd.OutOrStdout(), res); err != nil {
					return err
				}
			} else {
				tw := newTable(cmd.OutOrStdout())
				row(tw, "listing_id", strconv.Itoa(res.ListingID))
				row(tw, "status", string(res.Status))
				_ = tw.Flush()
			}
			if res.Status == api.StatusPending {
				fmt.Fprintf(cmd.ErrOrStderr(), "! listing %d is pending moderation: an edit sends an active listing back for review (about 15 minutes); follow it with: listings watch %d\n", id, id)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&file, "file", "f", "", "JSON file with the fields to change, - for standard input (required)")
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func fileName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// readBody reads a JSON object from path (or stdin for "-"), refuses top-level names
// outside allowed, and decodes it into v. Every problem of the file is a usage error:
// the script, not the service, has to change. It returns the names present.
func readBody(cmd *cobra.Command, path string, allowed []string, v any) ([]string, error) {
	if path == "" {
		return nil, usageErrorf("--file is required: a JSON file, or - for standard input")
	}
	name := fileName(path)
	var r io.Reader
	if path == "-" {
		r = cmd.InOrStdin()
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, usageErrorf("--file: %v", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxBodyFile+1))
	if err != nil {
		return nil, usageErrorf("read %s: %v", name, err)
	}
	if len(data) > maxBodyFile {
		return nil, usageErrorf("%s is over 1 MiB, the service's limit for a JSON body", name)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, usageErrorf("%s is empty: it must hold a JSON object", name)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, usageErrorf("%s is not a JSON object: %s", name, jsonProblem(err))
	}
	if top == nil {
		return nil, usageErrorf("%s holds null: it must hold a JSON object", name)
	}
	var keys, unknown []string
	for k := range top {
		keys = append(keys, k)
		if !slices.Contains(allowed, k) {
			unknown = append(unknown, strconv.Quote(k))
		}
	}
	slices.Sort(keys)
	if len(unknown) > 0 {
		slices.Sort(unknown)
		noun := "field"
		if len(unknown) > 1 {
			noun = "fields"
		}
		return nil, usageErrorf("%s: unknown %s %s (a typo?); the fields are: %s", name, noun, strings.Join(unknown, ", "), strings.Join(allowed, ", "))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // attribute numbers are sent back exactly as written
	if err := dec.Decode(v); err != nil {
		return nil, usageErrorf("%s: %s", name, jsonProblem(err))
	}
	return keys, nil
}

// jsonProblem says where a JSON file is wrong in terms a person can act on.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field != "" {
			return fmt.Sprintf("field %q must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
		}
		return fmt.Sprintf("it must be a JSON object, not %s", te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, se)
	}
	return err.Error()
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "true or false"
	case k == "slice":
		return "an array"
	case k == "map", k == "struct":
		return "an object"
	}
	return "of another type"
}

func newStatusChangeCmd(g *globals, verb string) *cobra.Command {
	to, short := api.StatusActive, "Publish an inactive listing again"
	if verb == "deactivate" {
		to, short = api.StatusInactive, "Hide an active listing from the catalog"
	}
	var asJSON bool
	cmd := &cobra.Command{
		Use:   verb + " ID",
		Short: short,
		Long: short + `.

Only active ↔ inactive moves are allowed through the API; a pending, blocked, sold or
archived listing is refused (exit 1), since only a moderator can change it on the
website. Setting the status a listing already has is a no-op.

Prints "ID: previous → new"; with --json {"listing_id", "status", "previous_status",
"confirmed"}, where confirmed is false when the service did not state the new status.`,
		Example: "  listings " + verb + " 10040",
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("listing", args[0])
			if err != nil {
				return err
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			res, err := s.Client.SetStatus(cmd.Context(), id, to)
			if api.IsCode(err, api.CodeStatusChangeForbidden) {
				// The service's hint says why and who can do it; without one, say it here.
				msg := fmt.Sprintf("listing %d cannot be set %s through the API: only a moderator can change it on the website", id, to)
				if e, _ := api.AsError(err); strings.TrimSpace(e.Hint) != "" {
					msg = fmt.Sprintf("listing %d: %s", id, cleanHint(e.Hint))
				}
				return &cliError{msg, err}
			}
			if err != nil {
				return listingError(id, err)
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), statusJSON{res.ListingID, res.Status, res.PreviousStatus, res.Confirmed})
			}
			line := fmt.Sprintf("%d: %s", res.ListingID, res.Status)
			if res.PreviousStatus != "" {
				line = fmt.Sprintf("%d: %s → %s", res.ListingID, res.PreviousStatus, res.Status)
			}
			if !res.Confirmed {
				line += " (the service did not confirm the new status)"
			}
			row(cmd.OutOrStdout(), line)
			return nil
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

type statusJSON struct {
	ListingID      int        `json:"listing_id"`
	Status         api.Status `json:"status"`
	PreviousStatus api.Status `json:"previous_status,omitempty"`
	Confirmed      bool       `json:"confirmed"`
}
