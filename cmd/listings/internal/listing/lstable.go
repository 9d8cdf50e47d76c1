package listing

import (
	"io"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
)

// printListings prints the table; reason, when given, makes a last column REASON
// (the moderation block's, read by --reasons).
func printListings(w io.Writer, ls []api.Listing, fields []string, reason func(*api.Listing) string) error {
	if len(ls) == 0 {
		return nil
	}
	cols := defaultColumns
	if fields != nil {
		cols = fields
	}
	t := cmdutil.NewTable(w)
	head := make([]string, len(cols), len(cols)+1)
	for i, c := range cols {
		head[i] = columnHead(c)
	}
	if reason != nil {
		head = append(head, i18n.T("cli.col.reason"))
	}
	t.Row(head...)
	for i := range ls {
		cells := make([]string, len(cols), len(cols)+1)
		for j, c := range cols {
			cells[j] = listingCell(&ls[i], c)
		}
		if reason != nil {
			cells = append(cells, reason(&ls[i]))
		}
		t.Row(cells...)
	}
	return t.Flush()
}

// columnHead is a column's header: the field's name in capitals in English
// ("CREATED AT"), the catalog's cli.col.<field> in the interface's language.
func columnHead(field string) string {
	if s := i18n.T("cli.col." + field); s != "cli.col."+field {
		return s
	}
	return strings.ToUpper(strings.ReplaceAll(field, "_", " "))
}

// listingCell renders one list-view field for the table.
func listingCell(l *api.Listing, field string) string {
	if l.Unreadable(field) || field == "id" && !l.HasID() {
		return "?" // sent in a form that could not be read (or not at all): not shown as a zero
	}
	switch field {
	case "id":
		return strconv.Itoa(l.ID)
	case "slug":
		return cmdutil.OrDash(l.Slug)
	case "title":
		return layout.Cut(cmdutil.OrDash(l.Title), 60)
	case "price":
		return listPrice(l.Price, l.Currency)
	case "currency":
		return cmdutil.OrDash(l.Currency)
	case "condition":
		return cmdutil.OrDash(cmdutil.StrPtr(l.Condition))
	case "city":
		return cmdutil.OrDash(cmdutil.StrPtr(l.City))
	case "status":
		return cmdutil.OrDash(string(l.Status))
	case "views":
		return strconv.Itoa(l.Views)
	case "vip":
		return cmdutil.YesNo(l.VIP)
	case "top":
		return cmdutil.YesNo(l.Top)
	case "vip_until":
		return cmdutil.Time(l.VIPUntil)
	case "top_until":
		return cmdutil.Time(l.TopUntil)
	case "photo":
		return cmdutil.OrDash(cmdutil.StrPtr(l.Photo))
	case "photos":
		return strconv.Itoa(len(l.Photos))
	case "url":
		return cmdutil.OrDash(l.URL)
	case "created_at":
		return cmdutil.Time(&l.CreatedAt)
	}
	return "-"
}

// listPrice shows a list-view price as the app does: 0 reads free/exchange, since the
// list view has no price_type to tell them apart (show does).
func listPrice(p api.Price, currency string) string { return cmdutil.Price(p, currency, "") }
