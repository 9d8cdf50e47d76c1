package listing

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

const (
	minWatchInterval     = 5 * time.Second
	defaultWatchInterval = 15 * time.Second
	// maxWatchInterval caps the growing pause: moderation takes about 15 minutes, so a
	// decision is seen at most two minutes late while the budget is barely touched.
	maxWatchInterval = 2 * time.Minute
)

// watchEvent is one line of watch --json: a listing seen for the first time
// (previous_status null) or a change of its status.
type watchEvent struct {
	ID             int         `json:"id"`
	Status         api.Status  `json:"status"`
	PreviousStatus *api.Status `json:"previous_status"`
	Reason         *string     `json:"reason"`
	At             api.Time    `json:"at"`
}

// NewCmdWatch returns `listings watch ID...`.
func NewCmdWatch(f *cmdutil.Factory) *cobra.Command {
	var interval time.Duration
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "watch ID...",
		Short: "Follow moderation until every listing is decided",
		Long: `Poll the listings until none is pending, printing the status of each when first
seen and every change after that, e.g. "10062  pending → blocked: <reason>".

The pause between rounds starts at --interval (at least 5s) and grows by half each
round up to 2 minutes, so a long watch spends little of the request budget.

With --json, one JSON object per line and event:
  {"id", "status", "previous_status" (null when first seen), "reason", "at"}
where at is the moderator's review time when known, else when the change was seen.

A status the client does not know, or a moderation block that still says pending,
is not a decision: the watch goes on, and says so on stderr once per listing.

Exit status: 0 when every listing is decided and none is blocked; 1 when any is
blocked (or not found); 130 on Ctrl+C.`,
		Example: `  listings watch 10062
  listings watch 10062 10063 --interval 30s --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cmdutil.ParseIDs("listing", args)
			if err != nil {
				return err
			}
			if interval < minWatchInterval {
				return cmdutil.Usage("cli.watch.interval", "Interval", interval.String(), "Min", minWatchInterval.String())
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			w := &watcher{client: s.Client, lang: s.Lang, out: f.IOStreams.Out, errOut: f.IOStreams.ErrOut, asJSON: asJSON, now: time.Now}
			return w.run(cmd.Context(), ids, interval)
		},
	}
	cmd.Flags().DurationVar(&interval, "interval", defaultWatchInterval, "first pause between polls, at least 5s; it grows up to 2m")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

type watcher struct {
	client *api.Client
	lang   string
	out    io.Writer
	errOut io.Writer
	asJSON bool
	now    func() time.Time
}

func (w *watcher) run(ctx context.Context, ids []int, interval time.Duration) error {
	last := make(map[int]api.Status, len(ids))
	noted := map[int]bool{} // listings whose undecided state was explained on stderr
	open := ids
	var blocked []string
	maxPause := max(interval, maxWatchInterval)
	for {
		var still []int
		for _, id := range open {
			d, err := w.client.GetListing(ctx, id, w.lang)
			if err != nil {
				return cmdutil.ListingError(id, err)
			}
			st := d.Listing.Status
			decided, why := decision(st, d.Moderation)
			prev, seen := last[id]
			// A listing decided under the status it already showed (blocked, while its
			// moderation said pending) gets its line now, with the reason.
			if !seen || prev != st || (decided && noted[id]) {
				if err := w.print(id, st, prev, seen, d.Moderation); err != nil {
					return err
				}
			}
			last[id] = st
			if !decided {
				if why != "" && !noted[id] {
					noted[id] = true
					fmt.Fprintln(w.errOut, "! "+i18n.T("cli.watch.undecided", "ID", id, "Why", why))
				}
				still = append(still, id)
				continue
			}
			noted[id] = false
			if st == api.StatusBlocked {
				blocked = append(blocked, strconv.Itoa(id))
			}
		}
		open = still
		if len(open) == 0 {
			break
		}
		if err := sleepCtx(ctx, interval); err != nil {
			return err
		}
		interval = min(interval*3/2, maxPause)
	}
	switch len(blocked) {
	case 0:
		return nil
	case 1:
		return cmdutil.Fail(nil, "cli.watch.blocked_one", "ID", blocked[0])
	default:
		return cmdutil.Fail(nil, "cli.watch.blocked_many", "IDs", strings.Join(blocked, ", "))
	}
}

// decision says whether a listing's moderation is over. Pending is not; neither is a
// status the client does not know (api.Status.Known: a new state of the service may
// well be a step of moderation), nor a moderation block that still says pending
// whatever the status. why explains the two latter, for a note on stderr.
func decision(st api.Status, m *api.Moderation) (decided bool, why string) {
	switch {
	case st == api.StatusPending:
		return false, ""
	case !st.Known():
		return false, i18n.T("cli.watch.unknown_status", "Status", strconv.Quote(termtext.Clean(string(st))))
	case m != nil && m.Decision == string(api.StatusPending):
		return false, i18n.T("cli.watch.still_pending", "Status", st)
	}
	return true, ""
}

// print writes one event as soon as it is seen; its error (a closed pipe) ends the
// watch.
func (w *watcher) print(id int, st, prev api.Status, seen bool, m *api.Moderation) error {
	ev := watchEvent{ID: id, Status: st, At: api.Time{Time: w.now().In(api.Kyiv)}}
	if seen {
		ev.PreviousStatus = &prev
	}
	if m != nil {
		ev.Reason = m.Reason
		if m.ReviewedAt != nil && st != api.StatusPending {
			ev.At = *m.ReviewedAt
		}
	}
	if w.asJSON {
		b, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w.out, "%s\n", b)
		return err
	}
	change := string(st)
	if seen && prev != st { // the same status again: its moderation is now decided
		change = string(prev) + " → " + string(st)
	}
	if ev.Reason != nil && *ev.Reason != "" {
		change += ": " + *ev.Reason
	}
	_, err := fmt.Fprintf(w.out, "%s  %d  %s\n", cmdutil.Time(&ev.At), id, termtext.Clean(change))
	return err
}

// sleepCtx waits d or until ctx ends, so Ctrl+C stops a watch at once.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
