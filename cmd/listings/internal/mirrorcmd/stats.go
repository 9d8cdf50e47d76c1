package mirrorcmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
)

// countedFrom is said with every figure: the service keeps no views history.
const countedFrom = "counted from this app's syncs (the service keeps no history of views)"

// NewCmdStats returns `listings stats [ID]`.
func NewCmdStats(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	var limit int
	cmd := &cobra.Command{
		Use:   "stats [ID]",
		Short: "Views over time, counted from the syncs of the local mirror",
		Long: `Show how views grow, from the local mirror (run listings sync first, and again
now and then: the figures are counted from those syncs, since the service keeps
no history of views). No request is sent.

With an ID: the views at each sync that saw them change, then the views gained
per day over the last 7 and 30 days (Kyiv days; a day before the mirror first saw
the listing has no figure, and of the 30 only the days since are listed; a day without a sync gains nothing and the next sync
counts what came meanwhile).
Without an ID: the listings that gained the most views in the last 7 days.

--json prints the same: for an ID {"id", "title", "views", "since", "points":
[{"at", "views", "status"}], "last_7_days": [{"date", "gained"}], "last_30_days",
"gained_7_days", "gained_30_days", "counted_from"} (gained is null on a day with no
figure); without one an array of {"id", "title", "views", "gained_7_days"}.`,
		Example: `  listings stats
  listings stats 10040 --json | jq '.last_7_days[].gained'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id := 0
			if len(args) == 1 {
				var err error
				if id, err = cmdutil.ParseID("listing id", args[0]); err != nil {
					return err
				}
			}
			if limit < 1 {
				return cmdutil.Usage("cli.stats.limit", "Limit", limit)
			}
			ctx := cmd.Context()
			db, err := f.ReadMirror(ctx)
			if err != nil {
				return err
			}
			defer db.Close()
			if id > 0 {
				return listingStats(ctx, f, db, id, asJSON)
			}
			return topStats(ctx, f, db, limit, asJSON)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	cmd.Flags().IntVar(&limit, "limit", 20, "without an ID: how many listings to show")
	return cmd
}

type pointJSON struct {
	At     string `json:"at"`
	Views  int    `json:"views"`
	Status string `json:"status"`
}

type dayJSON struct {
	Date   string `json:"date"`
	Gained *int   `json:"gained"`
}

type statsJSON struct {
	ID          int         `json:"id"`
	Title       string      `json:"title"`
	Views       int         `json:"views"`
	Since       string      `json:"since,omitempty"`
	Points      []pointJSON `json:"points"`
	Last7       []dayJSON   `json:"last_7_days"`
	Last30      []dayJSON   `json:"last_30_days"`
	Gained7     int         `json:"gained_7_days"`
	Gained30    int         `json:"gained_30_days"`
	CountedFrom string      `json:"counted_from"`
}

type topJSON struct {
	ID      int    `json:"id"`
	Title   string `json:"title"`
	Views   int    `json:"views"`
	Gained7 int    `json:"gained_7_days"`
}

func listingStats(ctx context.Context, f *cmdutil.Factory, db *mirror.DB, id int, asJSON bool) error {
	st, ok, err := db.StatsOf(ctx, id, time.Now())
	if err != nil {
		return err
	}
	if !ok {
		return cmdutil.Fail(nil, "cli.stats.not_in_mirror", "ID", id)
	}
	if asJSON {
		out := statsJSON{ID: st.ID, Title: st.Title, Views: st.Views, Since: format.Stamp(st.Since),
			Points: []pointJSON{}, Last7: days(st.Last7), Last30: days(st.Last30), Gained7: st.Gained7,
			Gained30: st.Gained30, CountedFrom: countedFrom}
		for _, p := range st.Points {
			out.Points = append(out.Points, pointJSON{At: format.Stamp(p.At), Views: p.Views, Status: string(p.Status)})
		}
		return cmdutil.PrintJSON(f.IOStreams.Out, out)
	}
	w := f.IOStreams.Out
	fmt.Fprintf(w, "%d  %s\n", st.ID, layout.Cut(st.Title, 70))
	fmt.Fprintf(w, "%s\n\n", i18n.T("cli.stats.views", "Views", format.Number(st.Views), "Since", format.Minute(st.Since)))
	t := cmdutil.NewTable(w)
	t.Row(i18n.T("cli.col.synced"), i18n.T("cli.col.views"), i18n.T("cli.col.status"))
	for _, p := range st.Points {
		t.Row(format.Minute(p.At), format.Number(p.Views), format.StatusWord(p.Status))
	}
	if err := t.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nLast 7 days: %s\nLast 30 days: %s\n", signed(st.Gained7), signed(st.Gained30))
	printDays(w, known(st.Last30))
	return nil
}

// known drops the days before the mirror first saw the listing: 30 lines of "-" for
// a listing synced since yesterday say nothing.
func known(ds []mirror.Day) []mirror.Day {
	for i, d := range ds {
		if d.Known {
			return ds[i:]
		}
	}
	return nil
}

func days(ds []mirror.Day) []dayJSON {
	out := make([]dayJSON, len(ds))
	for i, d := range ds {
		out[i] = dayJSON{Date: format.DayISO(d.Date)}
		if d.Known {
			g := d.Gained
			out[i].Gained = &g
		}
	}
	return out
}

func printDays(w io.Writer, ds []mirror.Day) {
	for _, d := range ds {
		v := "-"
		if d.Known {
			v = signed(d.Gained)
		}
		fmt.Fprintf(w, "  %s  %s\n", format.Date(d.Date), v)
	}
}

func signed(n int) string {
	if n > 0 {
		return "+" + format.Number(n)
	}
	return strconv.Itoa(n)
}

func topStats(ctx context.Context, f *cmdutil.Factory, db *mirror.DB, limit int, asJSON bool) error {
	rows, err := db.Search(ctx, mirror.Query{Sort: mirror.SortViews7d, Limit: limit})
	if err != nil {
		return err
	}
	if asJSON {
		out := make([]topJSON, len(rows))
		for i, r := range rows {
			out[i] = topJSON{ID: r.ID, Title: r.Title, Views: r.Views, Gained7: r.Views7d}
		}
		return cmdutil.PrintJSON(f.IOStreams.Out, out)
	}
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.stats.gained"))
	if len(rows) > 0 && rows[0].Views7d <= 0 {
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.stats.no_gain"))
	}
	t := cmdutil.NewTable(f.IOStreams.Out)
	t.Row(i18n.T("cli.col.id"), i18n.T("cli.col.gained7"), i18n.T("cli.col.views"), i18n.T("cli.col.title"))
	for _, r := range rows {
		t.Row(strconv.Itoa(r.ID), signed(r.Views7d), format.Number(r.Views), layout.Cut(r.Title, 60))
	}
	return t.Flush()
}
