package eta

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

var t0 = time.Date(2026, 11, 24, 22, 49, 0, 0, api.Kyiv)

// window plays a key's sliding per-minute budget and a service answering each request
// after latency, workers at a time, the way bulk.Each and the client's limiter send a
// job's requests; it yields the clock and the budget at each answer.
type window struct {
	perMinute int
	latency   time.Duration
	workers   int
	sent      []time.Time
}

func (w *window) budget(now time.Time) api.Budget {
	var used []time.Time
	for _, s := range w.sent {
		if now.Sub(s) < time.Minute {
			used = append(used, s)
		}
	}
	b := api.Budget{PerMinute: w.perMinute, PerDay: 100000, UsedMinute: len(used), Known: true}
	if len(used) > 0 {
		b.MinuteResetsAt = used[0].Add(time.Minute)
	}
	return b
}

// run answers n items and calls at after each answer with the clock and the items
// left; it returns when the last was answered. A job is background work: it leaves
// the person the key's reserve (api.Reserved), as the client's limiter makes it.
func (w *window) run(n int, at func(now time.Time, left int, b api.Budget)) time.Time {
	cap := w.perMinute - api.Reserved(w.perMinute)
	free := make([]time.Time, w.workers) // when each worker is free
	for i := range free {
		free[i] = t0
	}
	var last time.Time
	for i := range n {
		k := i % w.workers
		send := free[k]
		if len(w.sent) >= cap {
			if next := w.sent[len(w.sent)-cap].Add(time.Minute); next.After(send) {
				send = next
			}
		}
		w.sent = append(w.sent, send)
		done := send.Add(w.latency)
		free[k] = done
		if done.After(last) {
			last = done
		}
		at(done, n-i-1, w.budget(done))
	}
	return last
}

// The export (3 733 details at 600 a minute) and others: the time left said
// at each answer never rises, never runs late, never promises less than the truth
// (less a few seconds), and is within a few seconds of it after the first half
// minute, whether the budget or the service sets the pace. (The first answers of a
// slow service come three at once, and the pace of the first ten of them is up to a
// fifth too slow.)
func TestEstimateOnlyFallsAndHolds(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    window
		n    int
	}{
		{"a fast service, 600 a minute", window{perMinute: 600, latency: 20 * time.Millisecond, workers: 3}, 3733},
		{"a slow service, 600 a minute", window{perMinute: 600, latency: 900 * time.Millisecond, workers: 3}, 1333},
		{"a personal key", window{perMinute: 60, latency: 150 * time.Millisecond, workers: 3}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := New(t0, tc.n, 1, tc.w.budget(t0))
			type said struct {
				at   time.Time
				left time.Duration
			}
			var all []said
			end := tc.w.run(tc.n, func(now time.Time, left int, b api.Budget) {
				est := e.Update(now, left, b)
				if est.Late {
					t.Fatalf("late at %s with %d left", now.Sub(t0), left)
				}
				if est.Known && left > 0 {
					all = append(all, said{now, est.Left})
				}
			})
			if len(all) == 0 {
				t.Fatal("no time left ever said")
			}
			for i, s := range all {
				if i > 0 && s.left > all[i-1].left {
					t.Fatalf("the time left rose from %s to %s at %s", all[i-1].left, s.left, s.at.Sub(t0))
				}
				truth := end.Sub(s.at)
				over := 3 * time.Second
				if s.at.Sub(t0) < 30*time.Second {
					over += truth / 4
				}
				if s.left < truth-3*time.Second || s.left > truth+over {
					t.Fatalf("said %s at %s, the job took %s more", s.left, s.at.Sub(t0), truth)
				}
			}
		})
	}
}

// A resume soon after the last run starts with a wait for the budget: the wait is not
// taken for the time of an item.
func TestAWaitAtTheStartIsNoPace(t *testing.T) {
	w := window{perMinute: 600, latency: 20 * time.Millisecond, workers: 3}
	for range 600 { // the last run's minute
		w.sent = append(w.sent, t0.Add(-29*time.Second))
	}
	e := New(t0, 215, 1, w.budget(t0))
	var at []time.Time
	var said []Estimate
	end := w.run(215, func(now time.Time, left int, b api.Budget) {
		at, said = append(at, now), append(said, e.Update(now, left, b))
	})
	if end.Sub(t0) < 31*time.Second {
		t.Fatalf("the job ended at %s, before the budget freed", end.Sub(t0))
	}
	for i, est := range said[:len(said)-1] {
		if truth := end.Sub(at[i]); est.Late || (est.Known && est.Left > truth+3*time.Second) {
			t.Fatalf("said %+v at %s, the job took %s more", est, at[i].Sub(t0), truth)
		}
	}
}

// Between answers the figure counts down.
func TestAtCountsDown(t *testing.T) {
	b := api.Budget{PerMinute: 60, UsedMinute: 50, MinuteResetsAt: t0.Add(40 * time.Second), PerDay: 1000}
	e := New(t0, 100, 1, b)
	for i := 1; i <= PaceSample; i++ {
		e.Update(t0.Add(time.Duration(i)*100*time.Millisecond), 100-i, b)
	}
	at := t0.Add(PaceSample * 100 * time.Millisecond)
	first, later := e.At(at), e.At(at.Add(10*time.Second))
	if !first.Known || first.Left < time.Minute || later.Left != first.Left-10*time.Second {
		t.Fatalf("at the last answer %+v, 10s later %+v", first, later)
	}
}

// A job slower than said is almost done for a few seconds past its countdown, then
// late, and stays so rather than said again higher.
func TestLateRatherThanRising(t *testing.T) {
	b := api.Budget{PerMinute: 600, PerDay: 1000}
	e := New(t0, 20, 1, b)
	var est Estimate
	for i := 1; i <= PaceSample; i++ { // a second an item: 10s left
		est = e.Update(t0.Add(time.Duration(i)*time.Second), 20-i, b)
	}
	if !est.Known || est.Left != 10*time.Second {
		t.Fatalf("%+v", est)
	}
	if est = e.At(t0.Add(25 * time.Second)); !est.Known || est.Left != 0 {
		t.Fatalf("5s past the countdown: %+v, want almost done", est)
	}
	if est = e.Update(t0.Add(time.Minute), 9, b); !est.Late || est.Known {
		t.Fatalf("40s past the countdown: %+v", est)
	}
	if est = e.Update(t0.Add(61*time.Second), 8, b); !est.Late {
		t.Fatalf("late no more: %+v", est)
	}
	if est = e.Update(t0.Add(62*time.Second), 0, b); est.Late || !est.Known || est.Left != 0 {
		t.Fatalf("the end: %+v", est)
	}
}

// Nothing is said before PaceSample answers, and what does not fit in the day says so.
func TestNothingBeforeASampleAndTheDay(t *testing.T) {
	b := api.Budget{PerMinute: 600, PerDay: 1000, UsedToday: 900}
	e := New(t0, 500, 1, b)
	est := e.Update(t0, 500, b)
	for i := 1; i < PaceSample; i++ {
		est = e.Update(t0.Add(time.Duration(i)*time.Second), 500-i, b)
	}
	if est.Known || est.Late {
		t.Fatalf("before a sample: %+v", est)
	}
	if est.FitsToday || est.Days != 2 {
		t.Fatalf("past the day's budget: %+v", est)
	}
}
