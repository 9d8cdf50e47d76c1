package listing_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// bulkShop is a sandbox whose business account has n more listings, counting the
// requests that are not GETs, with a data directory of its own for the journals.
func bulkShop(t *testing.T, n int) (*clitest.Runner, *atomic.Int64, string) {
	t.Helper()
	var writes atomic.Int64
	srv := apitest.Sandbox(t, nil, sandbox.Grow{Key: "business", Listings: n})
	c := clitest.Fake(t, apitest.Counting(&writes, func(r *http.Request) bool { return r.Method != http.MethodGet })(srv))
	data := t.TempDir()
	c.Env = map[string]string{"LISTINGS_DATA_DIR": data}
	return c, &writes, data
}

type listed struct {
	ID     int    `json:"id"`
	Status string `json:"status"`
	Price  any    `json:"price"`
}

// activeIDs are n ids of active listings.
func activeIDs(t *testing.T, c *clitest.Runner, n int) []string {
	t.Helper()
	var ls []listed
	c.OKJSON(&ls, "", "ls", "--status", "active", "--all", "--json")
	if len(ls) < n {
		t.Fatalf("%d active listings, want %d", len(ls), n)
	}
	var ids []string
	for _, l := range ls[:n] {
		ids = append(ids, clitest.Itoa(l.ID))
	}
	return ids
}

func statuses(t *testing.T, c *clitest.Runner) map[string]string {
	t.Helper()
	var ls []listed
	c.OKJSON(&ls, "", "ls", "--status", "all", "--all", "--json")
	out := map[string]string{}
	for _, l := range ls {
		out[clitest.Itoa(l.ID)] = l.Status
	}
	return out
}

func TestDeactivateMany(t *testing.T) {
	t.Parallel()
	c, writes, data := bulkShop(t, 50)
	ids := activeIDs(t, c, 10)
	out := c.OK("", append([]string{"deactivate"}, ids...)...)
	for _, id := range ids {
		if !strings.Contains(out, id) {
			t.Errorf("no row for %s:\n%s", id, out)
		}
	}
	if got := writes.Load(); got != 10 {
		t.Errorf("%d status requests, want 10", got)
	}
	st := statuses(t, c)
	for _, id := range ids {
		if st[id] != "inactive" {
			t.Errorf("listing %s is %s after deactivate", id, st[id])
		}
	}
	jobs, _ := filepath.Glob(filepath.Join(data, "jobs", "*-deactivate*.jsonl"))
	if len(jobs) != 1 {
		t.Errorf("journals: %v", jobs)
	}

	// Again, from standard input: every one is already inactive, a success.
	var res []struct {
		ID    int    `json:"id"`
		OK    bool   `json:"ok"`
		Error string `json:"error"`
		Hint  string `json:"hint"`
	}
	c.OKJSON(&res, strings.Join(ids[:5], "\n")+"\n", "deactivate", "-", "--json")
	if len(res) != 5 {
		t.Fatalf("--json: %+v", res)
	}
	for _, r := range res {
		if r.OK || r.Error != "skipped" || !strings.Contains(r.Hint, "inactive") {
			t.Errorf("already inactive: %+v", r)
		}
	}
	if got := writes.Load(); got != 10 {
		t.Errorf("%d status requests after the no-op, want 10", got)
	}

	// Activate them back, ids on one line of stdin, as JSON.
	var act []struct {
		ID     int    `json:"id"`
		OK     bool   `json:"ok"`
		Status string `json:"status"`
	}
	c.OKJSON(&act, strings.Join(ids[:3], " "), "activate", "-", "--json")
	if len(act) != 3 {
		t.Fatalf("activate --json: %+v", act)
	}
	for _, r := range act {
		if !r.OK || r.Status != "active" {
			t.Errorf("activate: %+v", r)
		}
	}
}

func TestStatusManyDryRunAndSkips(t *testing.T) {
	t.Parallel()
	c, writes, data := bulkShop(t, 10)
	ids := activeIDs(t, c, 4)
	// A pending listing cannot be activated nor deactivated through the API.
	var pending clitest.Created
	c.OKJSON(&pending, clitest.PetJSON("Dry dog food, 10 kg"), "create", "--file", "-", "--json")
	before := writes.Load()
	args := append([]string{"deactivate", "--dry-run", clitest.Itoa(pending.ListingID), "999999"}, ids...)
	out := c.OK("", args...)
	if writes.Load() != before {
		t.Errorf("--dry-run sent %d writes", writes.Load()-before)
	}
	if !strings.Contains(out, "4 of 5 listings change") || !strings.Contains(out, "not found") {
		t.Errorf("dry run:\n%s", out)
	}
	for _, id := range ids {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), id+" change active → inactive") {
			t.Errorf("dry run lacks %s:\n%s", id, out)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "jobs")); err == nil {
		t.Errorf("--dry-run made a journal")
	}

	// Run: the four change, the pending one and the unknown one are named with their
	// reasons, and the exit code is 1.
	r := c.Fails(cmdutil.ExitError, "", append([]string{"deactivate", "--json"}, args[2:]...)...)
	var res []struct {
		ID    int    `json:"id"`
		OK    bool   `json:"ok"`
		Error string `json:"error"`
		Hint  string `json:"hint"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &res); err != nil {
		t.Fatalf("%v:\n%s", err, r.Stdout)
	}
	if len(res) != 6 {
		t.Fatalf("rows: %+v", res)
	}
	skipped := map[int]string{}
	for _, x := range res {
		if x.Error == "skipped" {
			skipped[x.ID] = x.Hint
		} else if !x.OK {
			t.Errorf("failed: %+v", x)
		}
	}
	if !strings.Contains(skipped[pending.ListingID], "moderation") || !strings.Contains(skipped[999999], "not found") {
		t.Errorf("skips: %v", skipped)
	}
	if !strings.Contains(r.Stderr, "4 of 5 listings change") {
		t.Errorf("no plan on stderr:\n%s", r.Stderr)
	}
}

// limitedShop is a sandbox whose day's budget runs out after n writes, until lift.
func limitedShop(t *testing.T, n int64) (c *clitest.Runner, lift func()) {
	t.Helper()
	srv := apitest.Sandbox(t, nil, sandbox.Grow{Key: "business", Listings: 20})
	var writes, open atomic.Int64
	c = clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && open.Load() == 0 && writes.Add(1) > n {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"ok":false,"error":"daily_limit_exceeded","hint":"this key allows 4 requests per day (Europe/Kyiv); the count resets at midnight Kyiv time","retry_after":3600,"resets_at":"2026-11-25T00:00:00+02:00"}`))
			return
		}
		srv.ServeHTTP(w, r)
	}))
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	return c, func() { open.Store(1) }
}

// The day's budget stops the job (exit 4) with the rest not sent; resumed, it ends.
func TestStatusManyStoppedByTheBudget(t *testing.T) {
	t.Parallel()
	c, lift := limitedShop(t, 4)
	ids := activeIDs(t, c, 10)
	r := c.Fails(cmdutil.ExitRateLimit, "", append([]string{"deactivate"}, ids...)...)
	if !strings.Contains(r.Stdout, "not sent") || !strings.Contains(r.Stderr, "listings jobs resume") {
		t.Errorf("stopped job:\n%s\n%s", r.Stdout, r.Stderr)
	}
	job := regexp.MustCompile(`jobs resume (\S+)`).FindStringSubmatch(r.Stderr)
	if job == nil {
		t.Fatalf("no job named:\n%s", r.Stderr)
	}
	// The client keeps what it learnt of the day's budget between commands: the
	// resume is another day's, with a fresh cache.
	lift()
	next := *c
	next.CacheDir = t.TempDir()
	next.OK("", "jobs", "resume", job[1])
	st := statuses(t, &next)
	for _, id := range ids {
		if st[id] != "inactive" {
			t.Errorf("listing %s is %s after resume", id, st[id])
		}
	}
}

// Ctrl+C: exit 130; what was in flight is answered and journaled, and a resume ends
// the job.
func TestStatusManyInterrupted(t *testing.T) {
	t.Parallel()
	srv := apitest.Sandbox(t, nil, sandbox.Grow{Key: "business", Listings: 20})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var writes atomic.Int64
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && writes.Add(1) == 2 {
			cancel() // Ctrl+C while this request is on its way
		}
		srv.ServeHTTP(w, r)
	}))
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	ids := activeIDs(t, c, 12)
	r := c.RunCtx(ctx, "", nil, append([]string{"deactivate", "--json"}, ids...)...)
	if r.Code != cmdutil.ExitCancelled {
		t.Fatalf("exit %d:\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	var res []struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &res); err != nil {
		t.Fatalf("%v:\n%s", err, r.Stdout)
	}
	done, doubt := 0, 0
	for _, x := range res {
		if x.OK {
			done++
		}
		if x.Error == "in_doubt" {
			doubt++
		}
	}
	// Every write the client finished sending is answered and done. A request it
	// was still writing when Ctrl+C came (under load, another worker's) may or may
	// not have reached the service, and the client cannot know which: it is
	// journaled in doubt, and the resume reads it before sending (both seen under
	// make test's load).
	if n := writes.Load(); done < 2 || doubt > 1 || int64(done) > n || n > int64(done+doubt) {
		t.Errorf("after Ctrl+C: %d done, %d in doubt, %d sent: %+v", done, doubt, writes.Load(), res)
	}
	job := regexp.MustCompile(`jobs resume (\S+)`).FindStringSubmatch(r.Stderr)
	if job == nil {
		t.Fatalf("no job named:\n%s", r.Stderr)
	}
	c.OK("", "jobs", "resume", job[1])
	if got := writes.Load(); got != 12 {
		t.Errorf("%d status requests in all, want 12", got)
	}
}

// On a terminal, stderr shows the job's progress: done, failed, left.
func TestStatusManyProgress(t *testing.T) {
	t.Parallel()
	c, _, _ := bulkShop(t, 10)
	ids := activeIDs(t, c, 6)
	c.StderrTTY = true
	r := c.Run("", append([]string{"deactivate"}, ids...)...)
	if r.Code != 0 || !strings.Contains(r.Stderr, "6 done, 0 failed, 0 left") {
		t.Errorf("exit %d, stderr:\n%q", r.Code, r.Stderr)
	}
	c.StderrTTY = false
	if r := c.Run("", append([]string{"activate"}, ids...)...); strings.Contains(r.Stderr, "done, ") {
		t.Errorf("progress off a terminal:\n%s", r.Stderr)
	}
}
