package listing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

func TestWatchJSONBlockedExitsOne(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{ModerationDelay: time.Second})
	var good, bad clitest.Created
	c.OKJSON(&good, clitest.PetJSON("Dry cat food, 10 kg bag"), "create", "--file", "-", "--json")
	c.OKJSON(&bad, clitest.PetJSON("Replica designer dog collar"), "create", "--file", "-", "--json")
	if good.Status != "pending" || bad.Status != "pending" {
		t.Fatalf("created %s and %s, want pending", good.Status, bad.Status)
	}
	r := c.Fails(cmdutil.ExitError, "", "watch", clitest.Itoa(good.ListingID), clitest.Itoa(bad.ListingID), "--interval", "5s", "--json")
	if !strings.Contains(r.Stderr, "listing "+clitest.Itoa(bad.ListingID)+" was blocked by moderation") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}
	type event struct {
		ID             int       `json:"id"`
		Status         string    `json:"status"`
		PreviousStatus *string   `json:"previous_status"`
		Reason         *string   `json:"reason"`
		At             time.Time `json:"at"`
	}
	final := map[int]event{}
	for _, line := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		var ev event
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("not a JSON line: %q: %v", line, err)
		}
		if ev.At.IsZero() {
			t.Errorf("event without a time: %s", line)
		}
		if prev, seen := final[ev.ID]; seen && (ev.PreviousStatus == nil || *ev.PreviousStatus != prev.Status) {
			t.Errorf("event %s does not follow %s", line, prev.Status)
		}
		final[ev.ID] = ev
	}
	if ev := final[good.ListingID]; ev.Status != "active" || ev.PreviousStatus == nil || *ev.PreviousStatus != "pending" {
		t.Errorf("good listing: %+v", ev)
	}
	if ev := final[bad.ListingID]; ev.Status != "blocked" || ev.Reason == nil || !strings.Contains(strings.ToLower(*ev.Reason), "replica") {
		t.Errorf("bad listing: %+v", ev)
	}
}

func TestWatchTextAllDecided(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{ModerationDelay: time.Second})
	var good clitest.Created
	c.OKJSON(&good, clitest.PetJSON("Bird cage, large, with stand"), "create", "--file", "-", "--json")
	out := c.OK("", "watch", clitest.Itoa(good.ListingID), "--interval", "5s")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], clitest.Itoa(good.ListingID)+"  pending") ||
		!strings.HasSuffix(lines[1], clitest.Itoa(good.ListingID)+"  pending → active") {
		t.Errorf("watch text:\n%s", out)
	}

	// Already decided: one line, no waiting; an unknown id fails with 1.
	if out := c.OK("", "watch", "10048"); !strings.HasSuffix(strings.TrimSpace(out), "10048  active") {
		t.Errorf("watch of an active listing: %q", out)
	}
	r := c.Fails(cmdutil.ExitError, "", "watch", "999999")
	if !strings.Contains(r.Stderr, "not found") {
		t.Errorf("watch unknown: %s", r.Stderr)
	}
}

func TestWatchCtrlC(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{ModerationDelay: time.Hour})
	var p clitest.Created
	c.OKJSON(&p, clitest.PetJSON("Aquarium filter, 200 l/h"), "create", "--file", "-", "--json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &iostreams.Buffer{Notify: make(chan struct{}, 1)}
	go func() {
		<-out.Notify // the first status line: the watch now waits for the next round
		cancel()
	}()
	r := c.RunCtx(ctx, "", out, "watch", clitest.Itoa(p.ListingID))
	if r.Code != cmdutil.ExitCancelled || !strings.Contains(r.Stdout, "pending") || r.Stderr != "listings: interrupted\n" {
		t.Errorf("watch interrupted: exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
}

// TestWatchKeepsWatchingWhatItCannotDecide: a status the client does not know, or a
// moderation block that still says pending, is no decision: the watch goes on (with
// a note on stderr, once per listing) until the listing is decided.
func TestWatchKeepsWatchingWhatItCannotDecide(t *testing.T) {
	t.Parallel()
	var polls [2]atomic.Int32
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/my/listings/8":
			st := `"on_hold"`
			if polls[0].Add(1) > 1 {
				st = `"active"`
			}
			fmt.Fprintf(w, `{"ok": true, "listing": {"id": 8, "status": %s}}`, st)
		case "/api/v1/my/listings/9":
			mod := `{"decision": "pending"}`
			if polls[1].Add(1) > 1 {
				mod = `{"decision": "blocked", "reason": "a replica"}`
			}
			fmt.Fprintf(w, `{"ok": true, "listing": {"id": 9, "status": "blocked"}, "moderation": %s}`, mod)
		default:
			http.NotFound(w, r)
		}
	}))
	r := c.Fails(cmdutil.ExitError, "", "watch", "8", "9", "--interval", "5s")
	if polls[0].Load() != 2 || polls[1].Load() != 2 {
		t.Errorf("polled %d and %d times, want 2 each", polls[0].Load(), polls[1].Load())
	}
	if !strings.Contains(r.Stdout, "8  on_hold → active") || !strings.Contains(r.Stdout, "9  blocked: a replica") {
		t.Errorf("stdout:\n%s", r.Stdout)
	}
	for _, want := range []string{"listing 8: status \"on_hold\" is not one the client knows; watching on", "listing 9: status blocked, but moderation still says pending; watching on", "listing 9 was blocked"} {
		if strings.Count(r.Stderr, want) != 1 {
			t.Errorf("stderr does not say once %q:\n%s", want, r.Stderr)
		}
	}
}
