package listing

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// NewCmdShow returns `listings show ID`.
func NewCmdShow(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one listing with every field and its moderation",
		Long: `Show one of your listings: every field, its attributes and the moderation block
when the listing is pending or blocked.

The attributes are shown as the category names them, in its order: a select's
option by its label, a boolean as yes or no, a range as from–to; codes the category
does not have come after, by code, as they came. That costs a second request (the
category's attributes, in the listing's language); if it fails, the attributes are
shown by code and a note on stderr says why. --json keeps the codes and raw values.

With --json the answer is printed as it came: {"lang", "listing": {...}, "moderation":
{...} or null}; the listing holds only the fields the service sent (none is shown as
a zero value), and moderation is the service's block unchanged.`,
		Example: `  listings show 10040
  listings show 10040 --json | jq -r .moderation.reason`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, s, err := open(cmd.Context(), f, args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			// Two requests at most (the listing, its category's attributes): too few to
			// pay a ping for the key's limits.
			s.LearnLimits(ctx, 2)
			d, err := s.Client.GetListing(ctx, id, s.Lang)
			if err != nil {
				return cmdutil.ListingError(id, err)
			}
			keepDetail(ctx, f, d)
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, detailJSON(d))
			}
			c, done := f.CachedClient(ctx, s) // the attributes of the day, kept in the mirror
			defer done()
			defs, err := categoryAttrs(ctx, c, s.Lang, d, f.IOStreams.ErrOut)
			if err != nil {
				return err
			}
			return printDetail(f.IOStreams.Out, d, defs)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// showJSON is show --json: the answer as the service sent it. The listing holds only
// the fields that came (api.ListingFull), so a field the service never sent does not
// show as a zero value; the moderation block is copied as it came, null when there is
// none (a listing that is neither pending nor blocked).
type showJSON struct {
	Lang       string          `json:"lang,omitempty"`
	Listing    api.ListingFull `json:"listing"`
	Moderation json.RawMessage `json:"moderation"`
}

func detailJSON(d *api.ListingDetail) showJSON {
	out := showJSON{Lang: d.Lang, Listing: d.Listing, Moderation: json.RawMessage("null")}
	if d.Moderation != nil {
		out.Moderation = d.Moderation.AsSent()
	}
	return out
}

// open reads the listing id of arg, then opens the session: a wrong id costs no
// request and no key lookup.
func open(ctx context.Context, f *cmdutil.Factory, arg string) (int, *cmdutil.Session, error) {
	id, err := cmdutil.ParseID("listing", arg)
	if err != nil {
		return 0, nil, err
	}
	s, err := f.Session(ctx)
	return id, s, err
}

// categoryAttrs asks once (through the mirror's cache of the day) for the attributes
// of the listing's category, in the listing's language, to name its attributes; nil
// when it has none. A failure costs only the names: the attributes are then shown by
// code, and errOut says why. Only Ctrl+C is an error.
func categoryAttrs(ctx context.Context, c *mirror.CachedClient, sessionLang string, d *api.ListingDetail, errOut io.Writer) ([]api.Attribute, error) {
	l := &d.Listing
	if len(l.Attributes) == 0 {
		return nil, nil
	}
	lang := d.Lang
	if lang == "" {
		lang = sessionLang
	}
	defs, err := c.Attributes(ctx, l.CategoryID, lang)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		fmt.Fprintf(errOut, "listings: %s\n", i18n.T("cli.show.attrs_by_code", "Category", l.CategoryID, "Err", termtext.Clean(err.Error())))
		return nil, nil
	}
	return defs, nil
}

func printDetail(out io.Writer, d *api.ListingDetail, defs []api.Attribute) error {
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	l := &d.Listing
	fmt.Fprintln(w, termtext.Clean(cmdutil.OrDash(l.Title)))
	t := cmdutil.NewTable(w)
	t.Row(i18n.T("cli.show.id"), strconv.Itoa(l.ID))
	t.Row(i18n.T("cli.show.status"), cmdutil.OrDash(string(l.Status)))
	price := cmdutil.Price(l.Price, l.Currency, l.PriceType)
	if l.PriceType != "" && l.PriceType != api.PriceSell && price != l.PriceType {
		price += " (" + l.PriceType + ")"
	}
	t.Row(i18n.T("cli.show.price"), price)
	t.Row(i18n.T("cli.show.condition"), cmdutil.OrDash(cmdutil.StrPtr(l.Condition)))
	t.Row(i18n.T("cli.show.category"), strings.TrimSpace(fmt.Sprintf("%d  %s", l.CategoryID, l.CategoryPath)))
	t.Row(i18n.T("cli.show.city"), strings.TrimSpace(cmdutil.OrDash(cmdutil.StrPtr(l.City))+"  "+l.CityRef))
	t.Row(i18n.T("cli.show.slug"), cmdutil.OrDash(l.Slug))
	t.Row(i18n.T("cli.show.url"), cmdutil.OrDash(l.URL))
	// A count or a flag the service did not send is not known to be 0 or no.
	t.Row(i18n.T("cli.show.views"), ifSent(l, "views", strconv.Itoa(l.Views)))
	t.Row(i18n.T("cli.show.vip"), ifSent(l, "vip", promo(l.VIP, l.VIPUntil)))
	t.Row(i18n.T("cli.show.top"), ifSent(l, "top", promo(l.Top, l.TopUntil)))
	t.Row(i18n.T("cli.show.created"), cmdutil.Time(&l.CreatedAt))
	t.Row(i18n.T("cli.show.updated"), cmdutil.Time(l.UpdatedAt))
	contact := strings.TrimSpace(l.ContactName + "  " + l.ContactPhone)
	if l.HidePhone {
		contact += "  (" + i18n.T("cli.show.phone_hidden") + ")"
	}
	t.Row(i18n.T("cli.show.contact"), cmdutil.OrDash(contact))
	t.Row(i18n.T("cli.show.video"), cmdutil.OrDash(cmdutil.StrPtr(l.VideoURL)))
	if l.VideoThumbnail != nil {
		t.Row(i18n.T("cli.show.video_thumbnail"), cmdutil.OrDash(*l.VideoThumbnail))
	}
	if len(l.Delivery) > 0 && string(l.Delivery) != "null" {
		t.Row(i18n.T("cli.show.delivery"), string(l.Delivery))
	}
	_ = t.Flush()

	printURLs(w, i18n.T("cli.show.photos"), l.Photos)
	printURLs(w, i18n.T("cli.show.photos_wm"), l.PhotosWM)
	printURLs(w, i18n.T("cli.show.photos_3d"), l.Photos3D)
	if attrs := format.Attrs(l.Attributes, defs); len(attrs) > 0 {
		fmt.Fprintln(w, "\n"+i18n.T("cli.show.attributes"))
		t := cmdutil.NewTable(w)
		for _, a := range attrs {
			v := cmdutil.OrDash(a.Value)
			if a.Note != "" {
				v += "  (" + a.Note + ")"
			}
			t.Row("  "+a.Name, v)
		}
		_ = t.Flush()
	}
	if desc := strings.TrimSpace(termtext.CleanBlock(l.Description)); desc != "" {
		fmt.Fprintln(w, "\n"+i18n.T("cli.show.description"))
		for _, line := range strings.Split(desc, "\n") {
			fmt.Fprintln(w, "  "+line)
		}
	}
	if m := d.Moderation; m != nil {
		fmt.Fprintln(w, "\n"+i18n.T("cli.show.moderation"))
		t := cmdutil.NewTable(w)
		t.Row("  "+i18n.T("cli.show.decision"), cmdutil.OrDash(m.Decision))
		t.Row("  "+i18n.T("cli.show.reason"), cmdutil.OrDash(cmdutil.StrPtr(m.Reason)))
		t.Row("  "+i18n.T("cli.show.reviewed"), cmdutil.Time(m.ReviewedAt))
		_ = t.Flush()
	}
	return w.Flush()
}

// ifSent is shown when the service sent field, else "-".
func ifSent(l *api.ListingFull, field, shown string) string {
	if !l.Sent(field) {
		return "-"
	}
	return shown
}

func promo(on bool, until *api.Time) string {
	if !on {
		return i18n.T("no")
	}
	if until == nil {
		return i18n.T("yes")
	}
	return i18n.T("cli.show.until", "Time", cmdutil.Time(until))
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
