package cmdutil

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
)

var clock0 = time.Date(2026, 11, 24, 22, 49, 0, 0, api.Kyiv)

// inPlace are the lines drawn in place on a terminal.
func inPlace(out string) []string {
	var lines []string
	for _, m := range regexp.MustCompile(`\r([^\r\n]*?)\x1b\[K`).FindAllStringSubmatch(out, -1) {
		if m[1] != "" {
			lines = append(lines, m[1])
		}
	}
	return lines
}

// The line: an export's details with a wait for the budget on it, at 120 and
// 80 columns (and the 60 of the app's smallest screen): every form drawn fits with
// the last column free, and still says how far the job is and that it waits.
func TestAJobsLineFitsTheTerminal(t *testing.T) {
	for _, cols := range []int{120, 80, 60} {
		var out bytes.Buffer
		line := NewStatusLine(&out, true)
		line.SetWidth(func() int { return cols })
		now := clock0
		p := newJobProgress(line, &out, true, JobLabels{What: "details", Done: "fetched", Failed: "gone"}, 3733, 3733, 1,
			func() api.Budget {
				return api.Budget{PerMinute: 600, UsedMinute: 600, MinuteResetsAt: now.Add(55 * time.Second)}
			},
			func() time.Time { return now })
		for i := 1; i <= 600; i++ {
			now = now.Add(10 * time.Millisecond)
			p.Update(i, 0, 3733-i)
		}
		line.OnWait(api.Wait{For: 55 * time.Second, Until: now.Add(55 * time.Second), PerMinute: 600})
		p.Update(601, 1, 3131)
		p.Done()
		lines := inPlace(out.String())
		for _, l := range lines {
			if w := ansi.StringWidth(l); w >= cols {
				t.Errorf("%d columns: a line of %d: %q", cols, w, l)
			}
		}
		last := lines[len(lines)-1]
		if !strings.Contains(last, "/3733") && !strings.Contains(last, "601 of 3733") || !strings.Contains(last, "waiting 55s") || !strings.Contains(last, "left") {
			t.Errorf("%d columns: the line with the wait says too little: %q", cols, last)
		}
		if !strings.HasSuffix(out.String(), "\r\x1b[K") {
			t.Errorf("%d columns: the line is not cleared at the end", cols)
		}
	}
}

// Fit keeps the longest pair that fits, shortening the wait first, and cuts with "…"
// only when nothing does.
func TestFit(t *testing.T) {
	text := []string{"aaaaaaaaaa", "aaaa"}
	wait := []string{"wwwwwwwwww", "ww"}
	for _, tc := range []struct {
		width int
		want  string
	}{
		{0, "aaaaaaaaaa · wwwwwwwwww"},
		{24, "aaaaaaaaaa · wwwwwwwwww"},
		{23, "aaaaaaaaaa · ww"},
		{16, "aaaaaaaaaa · ww"},
		{15, "aaaa · ww"},
		{6, "aaaa…"},
	} {
		if got := Fit(tc.width, text, wait); got != tc.want {
			t.Errorf("width %d: %q, want %q", tc.width, got, tc.want)
		}
	}
	if got := Fit(10, nil, wait); got != "ww" {
		t.Errorf("a wait alone: %q", got)
	}
}

// A scripted job under a 600-a-minute key, as the issue's: bursts of answers, then
// the wait for the next minute; the time left drawn never rises, from the first
// figure to the end (the old line said 31s, then 1m27s).
func TestAJobsTimeLeftOnlyFalls(t *testing.T) {
	var out bytes.Buffer
	line := NewStatusLine(&out, true)
	now := clock0
	var sent []time.Time
	budget := func() api.Budget {
		var used []time.Time
		for _, s := range sent {
			if now.Sub(s) < time.Minute {
				used = append(used, s)
			}
		}
		b := api.Budget{PerMinute: 600, PerDay: 100000, UsedMinute: len(used), Known: true}
		if len(used) > 0 {
			b.MinuteResetsAt = used[0].Add(time.Minute)
		}
		return b
	}
	const total = 3733
	p := newJobProgress(line, &out, true, JobLabels{Done: "done", Failed: "failed"}, total, total, 1, budget,
		func() time.Time { return now })
	for i := 1; i <= total; i++ {
		if len(sent) >= 600 {
			if next := sent[len(sent)-600].Add(time.Minute); next.After(now) {
				now = next
			}
		}
		sent = append(sent, now)
		now = now.Add(7 * time.Millisecond)
		p.Update(i, 0, total-i)
	}
	last, said := time.Duration(-1), 0
	for _, l := range inPlace(out.String()) {
		m := regexp.MustCompile(`about (\S+) left`).FindStringSubmatch(l)
		if m == nil {
			if strings.Contains(l, "longer than estimated") {
				t.Errorf("late: %q", l)
			}
			continue
		}
		d, err := time.ParseDuration(m[1])
		if err != nil {
			t.Fatal(err)
		}
		if last >= 0 && d > last {
			t.Fatalf("the time left rose from %s to %s: %q", last, d, l)
		}
		last, said = d, said+1
	}
	if said < total/2 {
		t.Errorf("a time left on %d lines of %d", said, total)
	}
}

// Off a terminal a job writes a line every JobLogEvery, and nothing in place.
func TestAJobOffATerminalLogsALineNowAndThen(t *testing.T) {
	var out bytes.Buffer
	now := clock0
	p := newJobProgress(NewStatusLine(&out, false), &out, false, JobLabels{Done: "done", Failed: "failed"}, 100, 100, 1,
		func() api.Budget { return api.Budget{PerMinute: 60, PerDay: 1000} }, func() time.Time { return now })
	for i := 1; i <= 100; i++ {
		now = now.Add(time.Second)
		p.Update(i, 0, 100-i)
	}
	p.Done()
	if n := strings.Count(out.String(), "listings: "); n != 3 || strings.Contains(out.String(), "\r") {
		t.Errorf("%d lines, want one each 30s of 100s:\n%q", n, out.String())
	}
	if !strings.Contains(out.String(), "listings: 30 of 100 done, 0 failed, 70 left, about 1m10s left\n") {
		t.Errorf("the first line:\n%s", out.String())
	}
}
