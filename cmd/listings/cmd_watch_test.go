package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
)

// The watch tests wait one real --interval (the 5 s minimum) for the sandbox's
// 1-second moderation, so they run in parallel with everything else.

func TestWatchJSONBlockedExitsOne(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{ModerationDelay: time.Second})
	var good, bad createOut
	c.okJSON(&good, petJSON("Dry cat food, 10 kg bag"), "create", "--file", "-", "--json")
	c.okJSON(&bad, petJSON("Replica designer dog collar"), "create", "--file", "-", "--json")
	if good.Status != "pending" || bad.Status != "pending" {
		t.Fatalf("created %s and %s, want pending", good.Status, bad.Status)
	}
	r := c.fails(exitError, "", "watch", itoa(good.ListingID), itoa(bad.ListingID), "--interval", "5s", "--json")
	if !strings.Contains(r.stderr, "listing "+itoa(bad.ListingID)+" was blocked by moderation") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	type event struct {
		ID             int       `json:"id"`
		Status         string    `json:"status"`
		PreviousStatus *string   `json:"previous_status"`
		Reason         *string   `json:"reason"`
		At             time.Time `json:"at"`
	}
	final := map[int]event{}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
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
	c := newCLI(t, sandbox.Options{ModerationDelay: time.Second})
	var good createOut
	c.okJSON(&good, petJSON("Bird cage, large, with stand"), "create", "--file", "-", "--json")
	out := c.ok("", "watch", itoa(good.ListingID), "--interval", "5s")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], itoa(good.ListingID)+"  pending") ||
		!strings.HasSuffix(lines[1], itoa(good.ListingID)+"  pending → active") {
		t.Errorf("watch text:\n%s", out)
	}

	// Already decided: one line, no waiting; an unknown id fails with 1.
	if out := c.ok("", "watch", "10048"); !strings.HasSuffix(strings.TrimSpace(out), "10048  active") {
		t.Errorf("watch of an active listing: %q", out)
	}
	r := c.fails(exitError, "", "watch", "999999")
	if !strings.Contains(r.stderr, "not found") {
		t.Errorf("watch unknown: %s", r.stderr)
	}
}

func TestWatchCtrlC(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{ModerationDelay: time.Hour})
	var p createOut
	c.okJSON(&p, petJSON("Aquarium filter, 200 l/h"), "create", "--file", "-", "--json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{notify: make(chan struct{}, 1)}
	go func() {
		<-out.notify // the first status line: the watch now waits for the next round
		cancel()
	}()
	r := c.runCtx(ctx, "", out, "watch", itoa(p.ListingID))
	if r.code != exitCancelled || !strings.Contains(r.stdout, "pending") || r.stderr != "listings: interrupted\n" {
		t.Errorf("watch interrupted: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}
