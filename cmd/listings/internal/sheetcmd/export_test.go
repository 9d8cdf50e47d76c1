package sheetcmd_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// shop is the sandbox behind a runner with the business key, counting the detail
// GETs; while limit is at or above 0, a detail GET past it gets the day's limit.
// The business key's 600 requests a minute keep these tests off the clock: with the
// personal key's 60, a job's share (48) ran out in the ls and details of one test
// and its resume waited for the next minute, 6 s or 60 s by the wall clock's second.
type shop struct {
	c       *clitest.Runner
	details atomic.Int64
	lists   atomic.Int64 // list pages asked
	limit   atomic.Int64
	onGet   func(n int64) // after the nth detail GET is let through
	// answer, when set, answers a detail GET itself with a status (0: the sandbox).
	answer func(path string) int
}

func newShop(t *testing.T, grow int) *shop {
	t.Helper()
	srv := apitest.Sandbox(t, nil, sandbox.Grow{Key: "business", Listings: grow})
	s := &shop{}
	s.limit.Store(-1)
	s.c = clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/my/listings" {
			s.lists.Add(1)
		}
		if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/v1/my/listings/") {
			// Counted and checked in one step: three workers ask at once, and a check
			// before the count let two of them past the last slot.
			n := s.details.Add(1)
			if l := s.limit.Load(); l >= 0 && n > l {
				s.details.Add(-1)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				_, _ = w.Write([]byte(`{"ok":false,"error":"daily_limit_exceeded","hint":"the day's requests are spent","retry_after":3600}`))
				return
			}
			if s.answer != nil {
				if code := s.answer(r.URL.Path); code != 0 {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(code)
					_, _ = w.Write([]byte(`{"ok":false,"error":"` + map[int]string{404: "listing_not_found", 500: "internal_error"}[code] + `","hint":"test"}`))
					return
				}
			}
			if s.onGet != nil {
				s.onGet(n)
			}
		}
		srv.ServeHTTP(w, r)
	})).WithKey(sandbox.KeyBusiness)
	s.c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	return s
}

// The day's limit stops a --detail export (exit 4): nothing is written under -o, the
// fetched details are kept, and --resume, another day, fetches only the rest.
func TestExportDetailStoppedAndResumed(t *testing.T) {
	t.Parallel()
	s := newShop(t, 30)
	c := s.c
	s.limit.Store(12)
	file := filepath.Join(t.TempDir(), "out.xlsx")
	r := c.Fails(cmdutil.ExitRateLimit, "", "export", "--status", "all", "--detail", "-o", file)
	job := regexp.MustCompile(`--resume (\S+)`).FindStringSubmatch(r.Stderr)
	if job == nil {
		t.Fatalf("no resume named:\n%s", r.Stderr)
	}
	if !strings.Contains(r.Stderr, "listings to export with their detail") {
		t.Errorf("no plan on stderr:\n%s", r.Stderr)
	}
	if _, err := os.Stat(file); err == nil {
		t.Error("a stopped export left a file")
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	if got := s.details.Load(); got != 12 {
		t.Errorf("%d details before the limit", got)
	}
	var listed []struct {
		ID, Kind                  string
		Items, Done, Failed, Left int
	}
	c.OKJSON(&listed, "", "jobs", "--json")
	if len(listed) != 1 || listed[0].ID != job[1] || listed[0].Kind != "export" || listed[0].Done != 12 || listed[0].Left != listed[0].Items-12 {
		t.Errorf("listings jobs: %+v", listed)
	}
	if shown := c.OK("", "jobs", "show", job[1]); strings.Count(shown, " fetched") != 12 || !strings.Contains(shown, "not sent") {
		t.Errorf("listings jobs show:\n%s", shown)
	}

	// The next day: a fresh budget cache, the limit lifted.
	s.limit.Store(-1)
	next := *c
	next.CacheDir = t.TempDir()
	r2 := next.Run("", "export", "--resume", job[1])
	if r2.Code != 0 {
		t.Fatalf("resume: exit %d\n%s", r2.Code, r2.Stderr)
	}
	var ls []struct{ ID int }
	next.OKJSON(&ls, "", "ls", "--status", "all", "--all", "--json")
	if got := s.details.Load(); got != int64(len(ls)) {
		t.Errorf("%d detail GETs in all for %d listings: the resume fetched again what it had", got, len(ls))
	}
	x, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	recs, _ := x.GetRows(sheet.SheetName)
	if len(recs) != len(ls)+1 {
		t.Errorf("%d rows for %d listings", len(recs)-1, len(ls))
	}
	if recs[1][0] != clitest.Itoa(ls[0].ID) {
		t.Errorf("the first row is %s, want the newest listing %d", recs[1][0], ls[0].ID)
	}
	cmdtest.AssertNoKey(t, c.Key, []string{c.Env["LISTINGS_DATA_DIR"], filepath.Dir(file)}, r.Stdout, r.Stderr, r2.Stdout, r2.Stderr)
}

// Ctrl+C during a --detail export: exit 130, the journal kept; listings jobs resume
// ends it, fetching what was not journaled.
func TestExportDetailInterrupted(t *testing.T) {
	t.Parallel()
	s := newShop(t, 20)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.onGet = func(n int64) {
		if n == 8 {
			cancel()
		}
	}
	file := filepath.Join(t.TempDir(), "out.csv")
	r := s.c.RunCtx(ctx, "", nil, "export", "--status", "all", "--detail", "-o", file)
	if r.Code != cmdutil.ExitCancelled {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	job := regexp.MustCompile(`--resume (\S+)`).FindStringSubmatch(r.Stderr)
	if job == nil {
		t.Fatalf("no resume named:\n%s", r.Stderr)
	}
	var listed []struct{ Done, Failed, Left int }
	s.c.OKJSON(&listed, "", "jobs", "--json")
	if len(listed) != 1 || listed[0].Failed != 0 || listed[0].Done < 5 {
		t.Errorf("after Ctrl+C: %+v (nothing in flight is a failure)", listed)
	}
	before := s.details.Load()
	s.onGet = nil
	s.c.OK("", "jobs", "resume", job[1])
	var ls []struct{ ID int }
	s.c.OKJSON(&ls, "", "ls", "--status", "all", "--all", "--json")
	// What was in flight at Ctrl+C (at most the workers) is fetched again.
	if got := s.details.Load(); got > int64(len(ls))+3 || got-before >= int64(len(ls)) {
		t.Errorf("%d detail GETs in all (%d before the resume) for %d listings", got, before, len(ls))
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data[3:])).ReadAll()
	if err != nil || len(recs) != len(ls)+1 {
		t.Errorf("%d records, %v", len(recs), err)
	}
}

// Without --detail: the list's columns, a request per 100 listings, the format by
// the extension; bad flags cost no request.
func TestExportList(t *testing.T) {
	t.Parallel()
	s := newShop(t, 150)
	c := s.c
	file := filepath.Join(t.TempDir(), "active.jsonl")
	r := c.Run("", "export", "-o", file)
	if r.Code != 0 || !strings.Contains(r.Stderr, "exported to") {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	data, _ := os.ReadFile(file)
	rows := jsonlRows(t, data)
	for _, row := range rows {
		if string(row["status"]) != `"active"` {
			t.Errorf("a listing not active: %s", row["status"])
		}
	}
	if s.details.Load() != 0 {
		t.Errorf("%d detail GETs without --detail", s.details.Load())
	}
	dry := c.OK("", "export", "--status", "all", "--detail", "--dry-run")
	if !strings.Contains(dry, "listings to export with their detail") || !strings.Contains(dry, "requests") {
		t.Errorf("dry run:\n%s", dry)
	}
	if s.details.Load() != 0 {
		t.Errorf("--dry-run fetched %d details", s.details.Load())
	}
	// On a terminal, the progress of the details shows on stderr.
	tty := *c
	tty.StderrTTY = true
	r = tty.Run("", "export", "--status", "sold", "--detail", "-o", filepath.Join(t.TempDir(), "sold.csv"))
	if r.Code != 0 || !strings.Contains(r.Stderr, "details: ") || !strings.Contains(r.Stderr, " fetched, ") {
		t.Errorf("exit %d, no progress on a terminal:\n%q", r.Code, r.Stderr)
	}
	off := clitest.Offline(t)
	for _, args := range [][]string{
		{"export", "--format", "ods"},
		{"export", "--status", "gone"},
		{"export", "--format", "xlsx", "-o", "a.csv"},
		{"export", "-o", "a.pdf"},
		{"export", "--resume", "x", "--detail"},
	} {
		off.Fails(cmdutil.ExitUsage, "", args...)
	}
}

// A list read that fails leaves no file under -o.
func TestExportFailureLeavesNoFile(t *testing.T) {
	t.Parallel()
	calls := atomic.Int64{}
	srv := apitest.Sandbox(t, nil, sandbox.Grow{Key: "business", Listings: 250})
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/my/listings" && calls.Add(1) == 2 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"ok":false,"error":"key_revoked","hint":"revoked"}`))
			return
		}
		srv.ServeHTTP(w, r)
	}))
	dir := t.TempDir()
	file := filepath.Join(dir, "x.csv")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := c.Run("", "export", "--status", "all", "-o", file)
	if r.Code == 0 {
		t.Fatalf("exit 0\n%s", r.Stderr)
	}
	if b, _ := os.ReadFile(file); string(b) != "old" {
		t.Errorf("the file was replaced by a failed export: %q", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".x.csv.tmp-*")); len(m) > 0 {
		t.Errorf("temporary file left: %v", m)
	}
}

// A listing gone since the list was read is left out with a note; one the service
// fails on is left out too, the exit code is 1, and --resume tries it (only it) again.
func TestExportDetailFailures(t *testing.T) {
	t.Parallel()
	s := newShop(t, 0)
	var ls []struct{ ID int }
	s.c.OKJSON(&ls, "", "ls", "--status", "all", "--all", "--json")
	gone, broken := "/api/v1/my/listings/"+clitest.Itoa(ls[3].ID), "/api/v1/my/listings/"+clitest.Itoa(ls[5].ID)
	fixed := atomic.Bool{}
	s.answer = func(path string) int {
		switch {
		case path == gone:
			return http.StatusNotFound
		case path == broken && !fixed.Load():
			return http.StatusInternalServerError
		}
		return 0
	}
	file := filepath.Join(t.TempDir(), "out.csv")
	r := s.c.Fails(cmdutil.ExitError, "", "export", "--status", "all", "--detail", "-o", file)
	job := regexp.MustCompile(`--resume (\S+)`).FindStringSubmatch(r.Stderr)
	if job == nil || !strings.Contains(r.Stderr, "1 listings could not be read") || !strings.Contains(r.Stderr, clitest.Itoa(ls[3].ID)+" left out: not_found") {
		t.Fatalf("stderr:\n%s", r.Stderr)
	}
	rows := func() int {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(data[3:])).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return len(recs) - 1
	}
	if n := rows(); n != len(ls)-2 {
		t.Errorf("%d rows for %d listings, 2 of them left out", n, len(ls))
	}
	before := s.details.Load()
	fixed.Store(true)
	s.c.OK("", "export", "--resume", job[1])
	if got := s.details.Load() - before; got != 1 {
		t.Errorf("the resume sent %d detail GETs, want 1 (the failed one)", got)
	}
	if n := rows(); n != len(ls)-1 {
		t.Errorf("%d rows after the resume for %d listings, 1 gone", n, len(ls))
	}
}
