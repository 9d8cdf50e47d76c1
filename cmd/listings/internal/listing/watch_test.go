package listing_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
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
