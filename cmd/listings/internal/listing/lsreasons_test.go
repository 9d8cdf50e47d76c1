package listing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/cmd/listings/internal/root"
	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore"
)

type reasonOut struct {
	ID         int             `json:"id"`
	Status     string          `json:"status"`
	Moderation json.RawMessage `json:"moderation"`
	Reason     *string         `json:"reason"`
}

// TestLsBlockedShowsTheReason: the list view has no moderation block, so ls --status
// blocked reads each blocked listing once (said on stderr first) and shows its reason
// in a REASON column, and in JSON as "moderation" and "reason": the same as show's.
func TestLsBlockedShowsTheReason(t *testing.T) {
	t.Parallel()
	// The seeded personal account has blocked listings (a prohibited word such as
	// "replica"); the pending ones stay pending for the test's length.
	c := clitest.New(t, sandbox.Options{ModerationDelay: time.Hour}).WithKey(sandbox.KeyPersonal)
	var every []listingOut
	c.OKJSON(&every, "", "ls", "--status", "all", "--all", "--json")
	var blocked []int
	for _, l := range every {
		if l.Status == "blocked" {
			blocked = append(blocked, l.ID)
		}
	}
	if len(blocked) < 2 {
		t.Fatalf("the seed has %d blocked listings, want at least 2", len(blocked))
	}
	want := map[int]string{} // as show --json tells it
	for _, id := range blocked {
		var d struct {
			Moderation struct{ Reason string } `json:"moderation"`
		}
		c.OKJSON(&d, "", "show", clitest.Itoa(id), "--json")
		want[id] = d.Moderation.Reason
	}
	if !strings.Contains(want[10054], "replica") {
		t.Fatalf("listing 10054 is not blocked for “replica”: %q", want[10054])
	}
	details := func() int {
		n := 0
		for _, id := range blocked {
			n += c.Requested(fmt.Sprintf("/my/listings/%d", id))
		}
		return n
	}
	before := details()

	r := c.Run("", "ls", "--status", "blocked", "--all")
	if r.Code != cmdutil.ExitOK {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	if !strings.HasSuffix(lines[0], "REASON") || len(lines) != len(blocked)+1 {
		t.Errorf("ls --status blocked --all:\n%s", r.Stdout)
	}
	for _, id := range blocked {
		if !clitest.ContainsLine(r.Stdout, clitest.Itoa(id), "blocked", want[id]) {
			t.Errorf("listing %d is not shown with its reason %q:\n%s", id, want[id], r.Stdout)
		}
	}
	say := fmt.Sprintf("listings: reading the reason of %d blocked listings: %d requests\n", len(blocked), len(blocked))
	if !strings.Contains(r.Stderr, say) {
		t.Errorf("stderr does not say %q:\n%s", say, r.Stderr)
	}
	if n := details() - before; n != len(blocked) {
		t.Errorf("%d reads of the blocked listings, want one each (%d)", n, len(blocked))
	}

	var got []reasonOut
	c.OKJSON(&got, "", "ls", "--status", "blocked", "--all", "--json")
	for _, l := range got {
		var m struct{ Decision, Reason string }
		if l.Reason == nil || *l.Reason != want[l.ID] || json.Unmarshal(l.Moderation, &m) != nil ||
			m.Decision != "blocked" || m.Reason != want[l.ID] {
			t.Errorf("ls --json of listing %d: reason %v, moderation %s; want %q", l.ID, l.Reason, l.Moderation, want[l.ID])
		}
	}
	if len(got) != len(blocked) {
		t.Errorf("ls --status blocked --all --json: %d listings, want %d", len(got), len(blocked))
	}

	// Pending: a block that says so and no reason yet.
	var pending []map[string]json.RawMessage
	c.OKJSON(&pending, "", "ls", "--status", "pending", "--all", "--json")
	for _, l := range pending {
		var m struct{ Decision string }
		if json.Unmarshal(l["moderation"], &m) != nil || m.Decision != "pending" || string(l["reason"]) != "null" {
			t.Errorf("ls --status pending --json: %s, %s", l["moderation"], l["reason"])
		}
	}
	if len(pending) == 0 {
		t.Error("the seed has no pending listing")
	}

	// --fields: the keys are added to the ones asked for.
	var titled []map[string]json.RawMessage
	c.OKJSON(&titled, "", "ls", "--status", "blocked", "--all", "--fields", "title", "--json")
	for _, l := range titled {
		if len(l) != 4 || l["title"] == nil || l["reason"] == nil || l["moderation"] == nil {
			t.Errorf("ls --status blocked --fields title --json: %v", l)
		}
	}
}

// TestLsReasonsBounded: --reasons N reads at most N blocks; the others are listed
// without theirs, with neither key in JSON, and stderr says how many and how to read
// them; --reasons 0 reads none and adds no column. --reasons is refused where there is
// no block to read, before a request.
func TestLsReasonsBounded(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{ModerationDelay: time.Hour}).WithKey(sandbox.KeyPersonal)
	var all []reasonOut
	c.OKJSON(&all, "", "ls", "--status", "blocked", "--all", "--json", "--reasons", "0")
	if len(all) < 2 {
		t.Fatalf("%d blocked listings, want at least 2", len(all))
	}
	for _, l := range all {
		if l.Moderation != nil || l.Reason != nil {
			t.Errorf("--reasons 0 read listing %d: %+v", l.ID, l)
		}
	}
	if out := c.OK("", "ls", "--status", "blocked", "--all", "--reasons", "0"); strings.Contains(out, "REASON") {
		t.Errorf("--reasons 0 shows a REASON column:\n%s", out)
	}

	r := c.Run("", "ls", "--status", "blocked", "--all", "--json", "--reasons", "1")
	var got []reasonOut
	if r.Code != cmdutil.ExitOK || json.Unmarshal([]byte(r.Stdout), &got) != nil || len(got) != len(all) {
		t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	if got[0].Reason == nil || got[0].Moderation == nil {
		t.Errorf("the first listing has no reason: %+v", got[0])
	}
	for _, l := range got[1:] {
		if l.Moderation != nil || l.Reason != nil {
			t.Errorf("listing %d beyond --reasons 1 has a block: %+v", l.ID, l)
		}
	}
	left := len(all) - 1
	for _, s := range []string{
		"reading the reason of the first 1 blocked listing: 1 request (--reasons 1)",
		fmt.Sprintf("%d blocked listing", left),
		fmt.Sprintf("--reasons %d reads them all", len(all)),
	} {
		if !strings.Contains(r.Stderr, s) {
			t.Errorf("stderr does not say %q:\n%s", s, r.Stderr)
		}
	}
	out := c.OK("", "ls", "--status", "blocked", "--all", "--reasons", "1")
	if n := strings.Count(out, "(not read)"); n != left {
		t.Errorf("%d rows say (not read), want %d:\n%s", n, left, out)
	}

	for _, args := range [][]string{
		{"ls", "--status", "active", "--reasons", "5"},
		{"ls", "--status", "all", "--reasons", "5"},
		{"ls", "--status", "blocked", "--reasons", "-1"},
		{"ls", "--status", "blocked", "--sort", "views", "--reasons", "5"},
	} {
		if r := clitest.Offline(t).Run("", args...); r.Code != cmdutil.ExitUsage || !strings.Contains(r.Stderr, "--reasons") {
			t.Errorf("%v: exit %d\n%s", args, r.Code, r.Stderr)
		}
	}
}

// TestLsReasonsSaidBeforeTheyRun: the line that says what the reasons cost is on
// stderr before the first of their requests; a listing gone meanwhile (404) reads
// "(gone)", one decided meanwhile shows as it is now, and the footer says so.
func TestLsReasonsSaidBeforeTheyRun(t *testing.T) {
	t.Parallel()
	var stderr iostreams.Buffer
	var mu sync.Mutex
	var early []string // detail reads made before stderr said they would be
	reads := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/v1/my/listings":
			fmt.Fprint(w, `{"ok":true,"count":4,"listings":[
				{"id":4,"title":"Replica bag","status":"blocked"},
				{"id":3,"title":"Lamp","status":"active"},
				{"id":2,"title":"Fake sneakers","status":"blocked"},
				{"id":1,"title":"Gone","status":"blocked"}]}`)
			return
		}
		mu.Lock()
		reads[r.URL.Path]++
		if !strings.Contains(stderr.String(), "reading the reason of 3 blocked listings: 3 requests") {
			early = append(early, r.URL.Path)
		}
		mu.Unlock()
		switch r.URL.Path {
		case "/api/v1/my/listings/4":
			fmt.Fprint(w, `{"ok":true,"listing":{"id":4,"status":"blocked"},"moderation":{"decision":"blocked","reason":"a replica\nof a brand","reviewed_at":null}}`)
		case "/api/v1/my/listings/2":
			fmt.Fprint(w, `{"ok":true,"listing":{"id":2,"status":"active"},"moderation":null}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"ok":false,"error":"not_found","hint":"no such listing"}`)
		}
	}))
	t.Cleanup(ts.Close)

	env := map[string]string{keystore.EnvVar: sandbox.KeyBusiness, "LISTINGS_CONFIG_DIR": t.TempDir(),
		cmdutil.EnvCacheDir: t.TempDir(), paths.EnvData: t.TempDir()}
	var stdout iostreams.Buffer
	f := cmdtest.NewFactory(env, iostreams.New(strings.NewReader(""), &stdout, &stderr))
	code := root.Execute(context.Background(), f, []string{"--base-url", ts.URL, "ls", "--status", "blocked"})
	if code != cmdutil.ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if len(early) > 0 {
		t.Errorf("read %v before stderr said so:\n%s", early, stderr.String())
	}
	if want := map[string]int{"/api/v1/my/listings/4": 1, "/api/v1/my/listings/2": 1, "/api/v1/my/listings/1": 1}; !maps.Equal(reads, want) {
		t.Errorf("reads %v, want %v", reads, want)
	}
	out := stdout.String()
	if !clitest.ContainsLine(out, "4", "blocked", "Replica bag", "a replica of a brand") ||
		!clitest.ContainsLine(out, "2", "active", "Fake sneakers", "-") || !clitest.ContainsLine(out, "1", "Gone", "(gone)") ||
		strings.Contains(out, "Lamp") {
		t.Errorf("ls --status blocked:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "1 listing changed status while ls read them") {
		t.Errorf("stderr does not say a listing was decided meanwhile:\n%s", stderr.String())
	}
}

// TestLsReasonsWithinTheBudget: the reads keep to the key's minute (a fake service of
// 5 requests a minute, in a synctest bubble so that the wait takes no real time): the
// line before them says how long they take, the wait is said, and the service never
// sees more than 5 requests in a minute.
func TestLsReasonsWithinTheBudget(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		const perMinute, blocked = 5, 8
		var mu sync.Mutex
		var sent []time.Time
		over := 0
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			now := time.Now()
			recent := 0
			for _, at := range sent {
				if now.Sub(at) < time.Minute {
					recent++
				}
			}
			if recent >= perMinute {
				over++
			}
			sent = append(sent, now)
			w.Header().Set("X-RateLimit-Limit", clitest.Itoa(perMinute))
			w.Header().Set("X-RateLimit-Remaining", clitest.Itoa(max(perMinute-recent-1, 0)))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			if r.URL.Path == "/api/v1/my/listings" {
				var b strings.Builder
				for id := blocked; id >= 1; id-- {
					fmt.Fprintf(&b, `{"id":%d,"title":"Replica %d","status":"blocked"},`, id, id)
				}
				fmt.Fprintf(w, `{"ok":true,"count":%d,"listings":[%s]}`, blocked, strings.TrimSuffix(b.String(), ","))
				return
			}
			var id int
			if _, err := fmt.Sscanf(r.URL.Path, "/api/v1/my/listings/%d", &id); err != nil {
				http.NotFound(w, r)
				return
			}
			fmt.Fprintf(w, `{"ok":true,"listing":{"id":%d,"status":"blocked"},"moderation":{"decision":"blocked","reason":"replica %d","reviewed_at":null}}`, id, id)
		})
		c := &clitest.Runner{T: t, Base: "http://127.0.0.1:1", Key: sandbox.KeyBusiness, CacheDir: t.TempDir(), DataDir: t.TempDir(),
			HTTP: &http.Client{Transport: sandbox.Direct(h)}}
		r := c.Run("", "ls", "--status", "blocked")
		if r.Code != cmdutil.ExitOK {
			t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
		}
		for id := 1; id <= blocked; id++ {
			if !clitest.ContainsLine(r.Stdout, clitest.Itoa(id), "blocked", fmt.Sprintf("replica %d", id)) {
				t.Errorf("listing %d without its reason:\n%s", id, r.Stdout)
			}
		}
		for _, s := range []string{
			fmt.Sprintf("reading the reason of %d blocked listings: %d requests, about 1m0s under the key's %d requests a minute", blocked, blocked, perMinute),
			"waiting ", "for the request budget",
		} {
			if !strings.Contains(r.Stderr, s) {
				t.Errorf("stderr does not say %q:\n%s", s, r.Stderr)
			}
		}
		if over > 0 {
			t.Errorf("%d requests past the key's %d a minute", over, perMinute)
		}
	})
}
