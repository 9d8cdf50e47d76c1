package notice

import "time"

// Hold is how long the answer to a key keeps the notice line from background notices,
// unless the user presses another key first: long enough to read a line, short enough
// that a moderation decision is not kept waiting.
const Hold = 4 * time.Second

// Board is the notice line and the rule of who may replace it. A notice either answers
// the user's key (a confirmation, an error, "report written to …") or comes from work
// in the background (a moderation decision, a job's end). An answer shows at once,
// always. A background notice shows at once unless an answer holds the line: for Hold
// after it was said, or until the next key, whichever comes first. Meanwhile it waits,
// and shows when the hold ends; of several waiting, the latest is kept, since a
// background notice says how things stand now.
//
// The root keeps one Board; the embedded Line is what is on screen.
type Board struct {
	Line

	held    time.Time // an answer holds the line until then
	waiting Line      // a background notice held back; Text "" when none
	life    time.Duration
}

// Say puts l on the line, or keeps it waiting when it is a background notice and an
// answer holds the line. l.Until is when it goes (zero: it stays); a notice that waits
// gets its whole time from when it shows.
func (b *Board) Say(l Line, background bool, now time.Time) {
	if !background {
		b.Line, b.held = l, now.Add(Hold)
		if !l.Until.IsZero() {
			b.held = minTime(b.held, l.Until)
		}
		return
	}
	if b.Text != "" && now.Before(b.held) {
		b.waiting, b.life = l, 0
		if !l.Until.IsZero() {
			b.life = max(l.Until.Sub(now), 0)
		}
		return
	}
	b.Line, b.held = l, time.Time{}
}

// Key tells the board the user pressed a key: the answer on the line has had its
// reader, so a waiting background notice shows now (the key's own answer, said after
// this, replaces it in turn).
func (b *Board) Key(now time.Time) {
	b.held = time.Time{}
	b.promote(now)
}

// Tick takes down a line whose time is up and shows a waiting notice once the hold
// ended.
func (b *Board) Tick(now time.Time) {
	if !b.Until.IsZero() && !now.Before(b.Until) {
		b.Line = Line{}
	}
	if b.Text == "" || !now.Before(b.held) {
		b.promote(now)
	}
}

// Clear empties the line and ends its hold (an answer superseded by the error banner);
// a waiting notice shows at the next tick.
func (b *Board) Clear() {
	b.Line, b.held = Line{}, time.Time{}
}

// Waiting is the background notice held back, if any.
func (b *Board) Waiting() (string, bool) { return b.waiting.Text, b.waiting.Text != "" }

func (b *Board) promote(now time.Time) {
	if b.waiting.Text == "" {
		return
	}
	l := b.waiting
	l.Until = time.Time{}
	if b.life > 0 {
		l.Until = now.Add(b.life)
	}
	b.Line, b.waiting, b.life, b.held = l, Line{}, 0, time.Time{}
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
