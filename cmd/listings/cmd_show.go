package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
)

func newShowCmd(g *globals) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one listing with every field and its moderation",
		Long: `Show one of your listings: every field, the attributes as code: value, and the
moderation block when the listing is pending or blocked.

With --json the whole answer is printed: {"lang", "listing": {...}, "moderation": {...} or null}.`,
		Example: `  listings show 10040
  listings show 10040 --json | jq -r .moderation.reason`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("listing", args[0])
			if err != nil {
				return err
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			d, err := s.Client.GetListing(cmd.Context(), id, s.Lang)
			if err != nil {
				return listingError(id, err)
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), d)
			}
			printDetail(cmd.OutOrStdout(), d)
			return nil
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func printDetail(w io.Writer, d *api.ListingDetail) {
	l := &d.Listing
	fmt.Fprintln(w, termtext.Clean(orDash(l.Title)))
	tw := newTable(w)
	row(tw, "id", strconv.Itoa(l.ID))
	row(tw, "status", orDash(string(l.Status)))
	price := formatPrice(l.Price, l.Currency)
	if l.PriceType != "" && l.PriceType != api.PriceSell {
		price += " (" + l.PriceType + ")"
	}
	row(tw, "price", price)
	row(tw, "condition", orDash(strPtr(l.Condition)))
	row(tw, "category", strings.TrimSpace(fmt.Sprintf("%d  %s", l.CategoryID, l.CategoryPath)))
	row(tw, "city", strings.TrimSpace(orDash(strPtr(l.City))+"  "+l.CityRef))
	row(tw, "slug", orDash(l.Slug))
	row(tw, "url", orDash(l.URL))
	row(tw, "views", strconv.Itoa(l.Views))
	row(tw, "vip", promo(l.VIP, l.VIPUntil))
	row(tw, "top", promo(l.Top, l.TopUntil))
	row(tw, "created", formatTime(l.CreatedAt))
	row(tw, "updated", formatTimePtr(l.UpdatedAt))
	contact := strings.TrimSpace(l.ContactName + "  " + l.ContactPhone)
	if l.HidePhone {
		contact += "  (phone hidden from buyers)"
	}
	row(tw, "contact", orDash(contact))
	row(tw, "video", orDash(strPtr(l.VideoURL)))
	if l.VideoThumbnail != nil {
		row(tw, "video thumbnail", orDash(*l.VideoThumbnail))
	}
	if len(l.Delivery) > 0 && string(l.Delivery) != "null" {
		row(tw, "delivery", string(l.Delivery))
	}
	_ = tw.Flush()

	printURLs(w, "photos", l.Photos)
	printURLs(w, "watermarked photos", l.PhotosWM)
	printURLs(w, "3D tour frames", l.Photos3D)
	if len(l.Attributes) > 0 {
		fmt.Fprintln(w, "\nattributes:")
		codes := make([]string, 0, len(l.Attributes))
		for c := range l.Attributes {
			codes = append(codes, c)
		}
		slices.Sort(codes)
		for _, c := range codes {
			// Raw JSON, as the service stores it: a script reading this text and a person
			// writing an edit file see the same value.
			fmt.Fprintf(w, "  %s: %s\n", termtext.Clean(c), termtext.Clean(string(l.Attributes[c])))
		}
	}
	if desc := strings.TrimSpace(termtext.CleanBlock(l.Description)); desc != "" {
		fmt.Fprintln(w, "\ndescription:")
		for _, line := range strings.Split(desc, "\n") {
			fmt.Fprintln(w, "  "+line)
		}
	}
	if m := d.Moderation; m != nil {
		fmt.Fprintln(w, "\nmoderation:")
		tw := newTable(w)
		row(tw, "  decision", orDash(m.Decision))
		row(tw, "  reason", orDash(strPtr(m.Reason)))
		row(tw, "  reviewed", formatTimePtr(m.ReviewedAt))
		_ = tw.Flush()
	}
}

func promo(on bool, until *api.Time) string {
	if !on {
		return "no"
	}
	if until == nil {
		return "yes"
	}
	return "until " + formatTime(*until)
}

func printURLs(w io.Writer, title string, urls []string) {
	if len(urls) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s (%d):\n", title, len(urls))
	for _, u := range urls {
		fmt.Fprintln(w, "  "+termtext.Clean(u))
	}
}
