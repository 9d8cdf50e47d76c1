package mirrorcmd_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

func runner(t *testing.T, n int) (*clitest.Runner, string) {
	t.Helper()
	var grow []sandbox.Grow
	if n > 0 {
		grow = []sandbox.Grow{{Key: "business", Listings: n}}
	}
	c := clitest.New(t, sandbox.Options{Grow: grow})
	data := t.TempDir()
	c.Env = map[string]string{"LISTINGS_DATA_DIR": data}
	return c, data
}

func TestSyncThenSearchSortAndStatsWithoutRequests(t *testing.T) {
	c, data := runner(t, 250)
	var sum struct {
		Requests, Listings, Added, Changed, Gone int
		Complete                                 bool
		DurationMS                               int64 `json:"duration_ms"`
	}
	c.OKJSON(&sum, "", "sync", "--json")
	if sum.Listings != 250 || sum.Requests != 3 || sum.Added != 250 || !sum.Complete {
		t.Fatalf("sync %+v", sum)
	}
	cmdtest.AssertNoKey(t, c.Key, []string{data})

	// From here on with a key the service refuses: any request would fail the command.
	off := c.WithKey("sk_test_refused")
	r := off.Run("", "ls", "--search", "SAMSUNG galax", "--status", "all", "--limit", "5")
	if r.Code != 0 || !strings.Contains(r.Stdout, "Galaxy") || strings.Count(r.Stdout, "\n") != 6 {
		t.Fatalf("search: %+v", r)
	}
	if !strings.Contains(r.Stderr, "From the local mirror, synced") {
		t.Errorf("no note of the mirror's time: %q", r.Stderr)
	}
	if !strings.Contains(r.Stderr, "The descriptions of 0 of 250 listings are searched; listings sync --details") {
		t.Errorf("no note of the descriptions a search cannot see: %q", r.Stderr)
	}
	var rows []map[string]any
	off.OKJSON(&rows, "", "ls", "--sort", "views", "--status", "all", "--limit", "3", "--json")
	if len(rows) != 3 || rows[0]["views"].(float64) < rows[1]["views"].(float64) {
		t.Fatalf("sort by views: %v", rows)
	}
	if _, ok := rows[0]["slug"]; ok {
		t.Errorf("a field the mirror does not hold: %v", rows[0])
	}
	id := strconv.Itoa(int(rows[0]["id"].(float64)))
	var st struct {
		ID          int
		Points      []json.RawMessage
		Last7       []struct{ Gained *int } `json:"last_7_days"`
		CountedFrom string                  `json:"counted_from"`
	}
	off.OKJSON(&st, "", "stats", id, "--json")
	if len(st.Points) != 1 || len(st.Last7) != 7 || st.Last7[6].Gained == nil || !strings.Contains(st.CountedFrom, "syncs") {
		t.Errorf("stats: %+v", st)
	}
	out := off.OK("", "stats", id)
	for _, want := range []string{"counted from this app's syncs", "Last 7 days: 0", "Last 30 days"} {
		if !strings.Contains(out, want) {
			t.Errorf("stats lacks %q:\n%s", want, out)
		}
	}
	r = off.Run("", "stats")
	if r.Code != 0 || !strings.Contains(r.Stdout, "+7D") || !strings.Contains(r.Stderr, "counted from this app's syncs") {
		t.Errorf("top: %+v", r)
	}
	r = off.Run("", "ls", "--search", "zzzqqq")
	if r.Code != 0 || !strings.Contains(r.Stderr, "No listings match") {
		t.Errorf("no match: %+v", r)
	}
}

func TestNoMirrorYetSaysToSync(t *testing.T) {
	c, _ := runner(t, 0)
	for _, args := range [][]string{{"ls", "--search", "x"}, {"ls", "--sort", "views"}, {"stats"}, {"stats", "7"}} {
		r := c.Fails(cmdutil.ExitError, "", args...)
		if !strings.Contains(r.Stderr, "run listings sync") {
			t.Errorf("%v: %q", args, r.Stderr)
		}
	}
}

func TestMirrorFlagsAreChecked(t *testing.T) {
	c, _ := runner(t, 0)
	for args, want := range map[string]string{
		"ls --sort nope":              "unknown sort",
		"ls --search x --cursor 5":    "--cursor",
		"ls --search x --fields slug": "the mirror keeps",
		"stats abc":                   "listing id",
		"stats --limit 0":             "--limit",
	} {
		r := c.Fails(cmdutil.ExitUsage, "", strings.Fields(args)...)
		if !strings.Contains(r.Stderr, want) {
			t.Errorf("%s: %q", args, r.Stderr)
		}
	}
}

func TestSyncProgressOnATerminal(t *testing.T) {
	c, _ := runner(t, 150)
	c.StderrTTY = true
	r := c.Run("", "sync")
	if r.Code != 0 || !strings.Contains(r.Stderr, "synced 100 listings (1 requests)") ||
		!strings.Contains(r.Stdout, "Synced 150 listings") {
		t.Errorf("%+v", r)
	}
	r = c.Run("", "sync")
	if !strings.Contains(r.Stderr, "of about 150 listings") || !strings.Contains(r.Stdout, "0 new, 0 with other views or status, 0 gone") {
		t.Errorf("second: %+v", r)
	}
}

// show keeps the listing's detail in the mirror: its description can then be found.
func TestShowMakesTheDescriptionSearchable(t *testing.T) {
	c, _ := runner(t, 0)
	c.OK("", "sync")
	var rows []map[string]any
	c.OKJSON(&rows, "", "ls", "--status", "all", "--limit", "1", "--json")
	id := strconv.Itoa(int(rows[0]["id"].(float64)))
	var shown struct{ Listing struct{ Description string } }
	c.OKJSON(&shown, "", "show", id, "--json")
	words := strings.Fields(shown.Listing.Description)
	word := strings.Trim(words[len(words)/2], ".,!?:;()\"«»")
	out := c.OK("", "ls", "--search", word, "--status", "all", "--all", "--json")
	if !strings.Contains(out, `"id": `+id) {
		t.Errorf("search %q after show %s: %s", word, id, out)
	}
}

// sync --details opens the listings without a detail: a word of a description is
// then found; the next --details sends nothing more.
func TestSyncDetailsMakesDescriptionsSearchable(t *testing.T) {
	c, _ := runner(t, 120)
	var sum struct {
		Requests    int
		Details     *int
		DetailsLeft *int `json:"details_left"`
	}
	c.OKJSON(&sum, "", "sync", "--details", "--json")
	if sum.Details == nil || *sum.Details != 120 || *sum.DetailsLeft != 0 || sum.Requests != 2+120 {
		t.Fatalf("%+v", sum)
	}
	out := c.OK("", "ls", "--search", "гарантія", "--status", "all", "--all")
	if strings.Count(out, "\n") < 10 {
		t.Errorf("few listings found by their descriptions:\n%s", out)
	}
	c.OKJSON(&sum, "", "sync", "--details", "--json")
	if *sum.Details != 0 || sum.Requests != 2 {
		t.Errorf("again: %+v", sum)
	}
}
