package notice

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)

func line(text string, now time.Time) Line { return Line{Text: text, Until: now.Add(5 * time.Second)} }

// The answer to a key stays for Hold although decisions keep coming; the latest of
// them shows once the hold is over, for its whole time.
func TestBoardAnswerHoldsTheLine(t *testing.T) {
	var b Board
	b.Say(line("✓ report written: /tmp/r.csv", t0), false, t0)
	for i := range 30 { // a decision every 100 ms for three seconds
		now := t0.Add(time.Duration(i+1) * 100 * time.Millisecond)
		b.Say(line("✓ Listing 1 was approved", now), true, now)
		b.Tick(now)
		if b.Text != "✓ report written: /tmp/r.csv" {
			t.Fatalf("at %v: %q", now.Sub(t0), b.Text)
		}
	}
	if w, ok := b.Waiting(); !ok || w != "✓ Listing 1 was approved" {
		t.Fatalf("waiting %q %v", w, ok)
	}
	b.Tick(t0.Add(Hold))
	if b.Text != "✓ Listing 1 was approved" || !b.Until.Equal(t0.Add(Hold+5*time.Second)) {
		t.Fatalf("after the hold: %q until %v", b.Text, b.Until.Sub(t0))
	}
	if _, ok := b.Waiting(); ok {
		t.Error("still waiting")
	}
}

// A key ends the hold: the waiting notice shows at once; the key's own answer then
// replaces it.
func TestBoardKeyEndsTheHold(t *testing.T) {
	var b Board
	b.Say(line("job started", t0), false, t0)
	now := t0.Add(time.Second)
	b.Say(line("38 approved", now), true, now)
	if b.Text != "job started" {
		t.Fatalf("%q", b.Text)
	}
	b.Key(now)
	if b.Text != "38 approved" {
		t.Fatalf("after a key: %q", b.Text)
	}
	b.Say(line("language: en", now), false, now)
	if b.Text != "language: en" {
		t.Fatalf("an answer: %q", b.Text)
	}
}

// Background notices replace one another, and an answer replaces anything.
func TestBoardBackgroundWithoutAnswer(t *testing.T) {
	var b Board
	b.Say(line("1 approved", t0), true, t0)
	b.Say(line("2 approved", t0), true, t0)
	if b.Text != "2 approved" {
		t.Fatalf("%q", b.Text)
	}
	b.Say(line("watching 10062", t0), false, t0)
	if b.Text != "watching 10062" {
		t.Fatalf("%q", b.Text)
	}
	// The answer goes at its time; nothing waits, so the line empties.
	b.Tick(t0.Add(5 * time.Second))
	if b.Text != "" {
		t.Fatalf("expired: %q", b.Text)
	}
	// A cleared answer holds nothing.
	b.Say(line("sending…", t0), false, t0)
	b.Clear()
	b.Say(line("3 approved", t0), true, t0)
	if b.Text != "3 approved" {
		t.Fatalf("after clear: %q", b.Text)
	}
}
