package listing_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

type listingOut struct {
	ID     int    `json:"id"`
	Title  string `json:"title"`
	Status string `json:"status"`
}

func TestLsBothFormsAndPaging(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})

	out := c.OK("", "ls")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "ID") || !strings.Contains(lines[0], "STATUS") || !strings.Contains(lines[0], "CREATED AT") {
		t.Errorf("ls header: %q", lines[0])
	}
	for _, l := range lines[1:] {
		if !strings.Contains(l, "active") {
			t.Errorf("ls (default active) shows %q", l)
		}
	}

	// One shape with and without --all: an array of listings. The next page's cursor
	// is on stderr, beside the count, as in the table's footer.
	var page []listingOut
	r := c.Run("", "ls", "--status", "all", "--limit", "4", "--json")
	if err := json.Unmarshal([]byte(r.Stdout), &page); err != nil || len(page) != 4 {
		t.Fatalf("first page (%v): %s", err, r.Stdout)
	}
	next := nextCursor(t, r.Stderr)
	if next != page[3].ID {
		t.Errorf("the next cursor is %d, want the last id of the page, %d:\n%s", next, page[3].ID, r.Stderr)
	}
	first := page[0].ID
	c.OKJSON(&page, "", "ls", "--status", "all", "--limit", "4", "--cursor", clitest.Itoa(next), "--json")
	if len(page) != 4 || page[0].ID >= first {
		t.Errorf("second page: %+v", page)
	}

	var all []listingOut
	c.OKJSON(&all, "", "ls", "--status", "all", "--all", "--limit", "4", "--json")
	seen := map[int]bool{}
	for _, l := range all {
		seen[l.ID] = true
	}
	if len(all) != 15 || len(seen) != 15 {
		t.Errorf("ls --all --json: %d listings, %d distinct; want 15", len(all), len(seen))
	}
	table := c.OK("", "ls", "--status", "all", "--all", "--limit", "4")
	if n := len(strings.Split(strings.TrimSpace(table), "\n")); n != 16 {
		t.Errorf("ls --all table has %d lines, want a header and 15 rows:\n%s", n, table)
	}

	r = c.Run("", "ls", "--status", "all", "--limit", "100", "--json")
	if r.Code != cmdutil.ExitOK || strings.Contains(r.Stderr, "--cursor") {
		t.Errorf("the last page names a next cursor:\n%s", r.Stderr)
	}
}

// nextCursor reads the next page's cursor from the footer on stderr; 0 when none.
func nextCursor(t *testing.T, stderr string) int {
	t.Helper()
	m := regexp.MustCompile(`--cursor (\d+)`).FindStringSubmatch(stderr)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestLsFields(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var page []map[string]any
	c.OKJSON(&page, "", "ls", "--fields", "title,price", "--json")
	if len(page) == 0 {
		t.Fatal("no listings")
	}
	for _, l := range page {
		if len(l) != 3 || l["id"] == nil || l["title"] == nil || l["price"] == nil {
			t.Errorf("ls --fields title,price --json gave %v", l)
		}
	}
	out := c.OK("", "ls", "--fields", "title,views")
	head := strings.Fields(strings.SplitN(out, "\n", 2)[0])
	if strings.Join(head, " ") != "ID TITLE VIEWS" {
		t.Errorf("ls --fields header: %v", head)
	}
}

// On a terminal, ls --all counts what it read on a line of stderr that it redraws in
// place and clears at the end; off a terminal, stderr stays empty.
func TestLsAllProgressOnATerminal(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var all []listingOut
	c.OKJSON(&all, "", "ls", "--status", "all", "--all", "--limit", "4", "--json")
	if r := c.Run("", "ls", "--status", "all", "--all", "--limit", "4", "--json"); r.Stderr != "" {
		t.Errorf("progress off a terminal: %q", r.Stderr)
	}
	tty := *c
	tty.StderrTTY = true
	r := tty.Run("", "ls", "--status", "all", "--all", "--limit", "4", "--json")
	if r.Code != cmdutil.ExitOK || !json.Valid([]byte(r.Stdout)) {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	want := fmt.Sprintf("\rreading listings: %d so far, 4 pages\x1b[K", len(all))
	if !strings.Contains(r.Stderr, "\rreading listings: 4 so far, 1 pages\x1b[K") || !strings.Contains(r.Stderr, want) ||
		!strings.HasSuffix(r.Stderr, "\r\x1b[K") {
		t.Errorf("progress on a terminal: %q", r.Stderr)
	}
}

// TestLsFreeAndExchange: the list view has no price_type, so a price of exactly 0 (a
// free or an exchange listing) shows as free/exchange in the table, never as 0 UAH;
// show tells which, and JSON keeps the number.
func TestLsFreeAndExchange(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{}).WithKey(sandbox.KeyPersonal)
	out := c.OK("", "ls", "--lang", "en", "--limit", "100")
	for _, id := range []string{"10049", "10050"} {
		if !clitest.ContainsLine(out, id, "active", "free/exchange") {
			t.Errorf("listing %s is not shown as free/exchange:\n%s", id, out)
		}
	}
	if strings.Contains(out, " 0 UAH") {
		t.Errorf("a price shows as 0 UAH:\n%s", out)
	}
	if show := c.OK("", "show", "10049", "--lang", "en"); !strings.Contains(show, "price      free\n") {
		t.Errorf("show of a free listing:\n%s", show)
	}
	var page []map[string]any
	c.OKJSON(&page, "", "ls", "--lang", "en", "--limit", "100", "--json")
	for _, l := range page {
		if l["id"] == float64(10049) && l["price"] != float64(0) {
			t.Errorf("ls --json price of a free listing = %v, want 0", l["price"])
		}
	}
}
