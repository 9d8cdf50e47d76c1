package listing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// The list view has no moderation block, so why a listing is blocked takes one GET
// of that listing. The local mirror does not keep the block (its detail is the
// listing alone), and a reason kept there could be stale without a sign in the list
// (blocked, resubmitted, blocked again for another reason), so ls asks the service:
// only for --status pending and blocked (the states that have a block), at most
// --reasons listings, said on stderr before the first request.

// defaultReasons is how many blocks ls reads when --reasons is not given: under a
// personal key's minute (60), so that the common case never waits.
const defaultReasons = 50

// reasonsFor sets o.reasons from the flag: the default for the states that have a
// moderation block, none for the others; given for another state (or with the
// mirror, which keeps no block), it is refused before a request is spent.
func (o *lsOptions) reasonsFor(given bool) error {
	moderated := slices.Contains(localStatuses, o.status)
	switch {
	case !given && moderated && !o.fromMirror():
		o.reasons = defaultReasons
	case !given:
		o.reasons = 0
	case o.reasons < 0:
		return cmdutil.UsageErrorf("--reasons %d: use 0 (none) or more", o.reasons)
	case o.fromMirror() && o.reasons > 0:
		return cmdutil.UsageErrorf("--reasons reads the service, and --search and --sort answer from the local mirror, which keeps no moderation block: use ls --status %s without them", o.status)
	case !moderated && o.reasons > 0:
		return cmdutil.UsageErrorf("--reasons goes with --status pending or blocked, the states that have a moderation block (not with --status %s)", o.status)
	}
	return nil
}

// block is what ls learned of one listing's moderation.
type block struct {
	m    *api.Moderation // nil: the service sent none (the listing was decided meanwhile)
	gone bool            // the listing is no longer there (404)
}

// hold keeps a match until its block is read, or writes it when no more are to be
// read. Holding stops at one more than --reasons: those are read, and the rest go
// out without theirs, so ls never holds more than --reasons listings for it.
func (l *lister) hold(ctx context.Context, x *api.Listing) error {
	if l.o.reasons == 0 || l.flushed {
		if l.o.reasons > 0 {
			l.unread++
		}
		return l.emit(x)
	}
	l.held = append(l.held, *x)
	if len(l.held) <= l.o.reasons {
		return nil
	}
	return l.flush(ctx)
}

// flush reads the blocks of the held listings (at most --reasons) and writes them.
func (l *lister) flush(ctx context.Context) error {
	if l.flushed || len(l.held) == 0 {
		return nil
	}
	l.flushed = true
	n := min(len(l.held), l.o.reasons)
	l.readBlocks(ctx, l.held[:n], len(l.held) > n)
	for i := range l.held {
		if i >= n {
			l.unread++
		}
		if err := l.emit(&l.held[i]); err != nil {
			return err
		}
	}
	l.held = nil
	return nil
}

// readBlocks reads the listings one by one, after saying on stderr what it will
// cost. A listing gone meanwhile is marked so; any other failure stops the reading
// (kept for the exit code), and the listings left go out without their block.
func (l *lister) readBlocks(ctx context.Context, ls []api.Listing, more bool) {
	n := 0
	for i := range ls {
		if ls[i].HasID() { // one whose id cannot be read has no block to ask for
			n++
		}
	}
	l.s.LearnLimits(ctx, n)
	reqs := i18n.N("count.requests", n)
	say := i18n.N("cli.ls.reading_reasons", n, "N", format.Number(n), "Status", l.want, "Requests", reqs)
	if more {
		say = i18n.N("cli.ls.reading_first_reasons", n, "N", format.Number(n), "Status", l.want, "Requests", reqs, "Reasons", l.o.reasons)
	}
	b := l.s.Client.Budget()
	if d, fits := cmdutil.Estimate(b, n, time.Now()); d >= cmdutil.LongWait || !fits {
		say += i18n.T("cli.ls.reading_about", "Wait", format.Wait(d), "PerMinute", b.PerMinute)
		if !fits {
			say += i18n.T("cli.ls.reading_past_day")
		}
	}
	l.progress.Done() // the message goes above the progress line, not into it
	fmt.Fprintf(l.f.IOStreams.ErrOut, "listings: %s\n", say)
	ctx = api.OnWait(ctx, l.progress.OnWait)
	done := 0
	for i := range ls {
		if !ls[i].HasID() {
			continue
		}
		l.progress.Set("reading reasons: %d of %d", done, n)
		d, err := l.s.Client.GetListing(ctx, ls[i].ID, l.s.Lang)
		switch {
		case api.IsNotFound(err):
			l.blocks[ls[i].ID] = block{gone: true}
		case err != nil:
			l.blockErr = err
			l.unread += n - done
			l.progress.Done()
			return
		default:
			l.blocks[ls[i].ID] = block{m: d.Moderation}
			// Decided between the list and this read: the row shows it as it is now.
			if st := d.Listing.Status; st != "" && st != ls[i].Status {
				ls[i].Status = st
				l.changed++
			}
		}
		done++
	}
	l.progress.Done()
}

// reasonCell is the table's REASON for a listing.
func (l *lister) reasonCell(x *api.Listing) string {
	b, ok := l.blocks[x.ID]
	switch {
	case !ok:
		return "(not read)"
	case b.gone:
		return "(gone)"
	}
	return cmdutil.OrDash(moderationReason(b.m, maxReasonWidth))
}

// withBlock adds "moderation" (the block as sent, null when none) and "reason" to a
// listing's JSON object, when its block was read; a listing whose block was not read
// gets neither key, so a script can tell "not read" from "none".
func (l *lister) withBlock(raw json.RawMessage, id int) json.RawMessage {
	b, ok := l.blocks[id]
	if !ok || b.gone {
		return raw
	}
	mod, reason := json.RawMessage("null"), json.RawMessage("null")
	if b.m != nil {
		mod = b.m.AsSent()
		if b.m.Reason != nil {
			reason, _ = json.Marshal(*b.m.Reason)
		}
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[len(raw)-1] != '}' {
		return raw
	}
	out := append([]byte(nil), raw[:len(raw)-1]...)
	if len(bytes.TrimSpace(out)) > 1 {
		out = append(out, ',')
	}
	out = fmt.Appendf(out, `"moderation":%s,"reason":%s}`, mod, reason)
	return out
}

// reasonsFooter says on stderr what the table and the array do not: the blocks left
// unread, the listings decided meanwhile, and a failure that stopped the reading.
func (l *lister) reasonsFooter() error {
	w := l.f.IOStreams.ErrOut
	if l.changed > 0 {
		fmt.Fprintf(w, "listings: %s\n", i18n.N("cli.ls.changed", l.changed, "N", format.Number(l.changed)))
	}
	if l.blockErr != nil {
		why := cmdutil.Explain(l.blockErr)
		return cmdutil.Say(l.blockErr, func(p *i18n.Printer) string {
			return p.N("cli.ls.reasons_stopped", l.unread, "N", format.Number(l.unread), "Status", l.want, "Err", cmdutil.MessageIn(p, why))
		})
	}
	if l.unread > 0 {
		fmt.Fprintf(w, "listings: %s\n", i18n.N("cli.ls.unread_reasons", l.unread, "N", format.Number(l.unread), "Status", l.want,
			"Reasons", l.o.reasons, "All", l.o.reasons+l.unread))
	}
	return nil
}
