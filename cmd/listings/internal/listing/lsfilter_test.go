package listing_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// TestLsPendingAndBlocked: the API's filter offers neither, so ls lists all and keeps
// them itself: with --all over every page of all, without it over one page of all,
// whose cursor goes on over all (so a page may hold fewer rows than --limit).
func TestLsPendingAndBlocked(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var every []listingOut
	c.OKJSON(&every, "", "ls", "--status", "all", "--all", "--json")
	want := map[string][]int{}
	for _, l := range every {
		want[l.Status] = append(want[l.Status], l.ID)
	}
	if len(want["blocked"]) == 0 || len(want["pending"]) == 0 {
		t.Fatalf("the seed has no blocked or no pending listing: %v", want)
	}
	for _, st := range []string{"blocked", "pending"} {
		var got []listingOut
		c.OKJSON(&got, "", "ls", "--status", st, "--all", "--json")
		if ids := idsOf(got); !slices.Equal(ids, want[st]) {
			t.Errorf("ls --status %s --all --json = %v, want %v", st, ids, want[st])
		}
		table := c.OK("", "ls", "--status", st, "--all")
		if rows := strings.Split(strings.TrimSpace(table), "\n")[1:]; len(rows) != len(want[st]) {
			t.Errorf("ls --status %s --all shows %d rows, want %d:\n%s", st, len(rows), len(want[st]), table)
		}

		// Page by page: each page is a page of all, filtered; the cursors cover all.
		var paged []int
		cursor, pages := 0, 0
		for {
			args := []string{"ls", "--status", st, "--limit", "4", "--json"}
			if cursor > 0 {
				args = append(args, "--cursor", clitest.Itoa(cursor))
			}
			r := c.Run("", args...)
			var page []listingOut
			if r.Code != cmdutil.ExitOK || json.Unmarshal([]byte(r.Stdout), &page) != nil || len(page) > 4 {
				t.Fatalf("%v: exit %d\n%s\n%s", args, r.Code, r.Stdout, r.Stderr)
			}
			for _, l := range page {
				if l.Status != st {
					t.Errorf("%v printed a %s listing", args, l.Status)
				}
			}
			paged = append(paged, idsOf(page)...)
			pages++
			if cursor = nextCursor(t, r.Stderr); cursor == 0 {
				break
			}
		}
		if !slices.Equal(paged, want[st]) || pages != (len(every)+3)/4 {
			t.Errorf("%s page by page: %v in %d pages, want %v in %d", st, paged, pages, want[st], (len(every)+3)/4)
		}
	}

	// --fields: the status is asked for the filter but printed only if asked (the
	// moderation keys of --reasons aside: lsreasons_test.go).
	var titled []map[string]any
	c.OKJSON(&titled, "", "ls", "--status", "blocked", "--all", "--fields", "title", "--json", "--reasons", "0")
	if len(titled) != len(want["blocked"]) || len(titled[0]) != 2 || titled[0]["title"] == nil {
		t.Errorf("ls --status blocked --fields title --json = %v", titled)
	}

	help := c.OK("", "ls", "--help")
	for _, s := range []string{"pending", "blocked", "status=all", "fewer rows than --limit"} {
		if !strings.Contains(help, s) {
			t.Errorf("ls --help does not say %q:\n%s", s, help)
		}
	}
}

func idsOf(ls []listingOut) []int {
	ids := make([]int, len(ls))
	for i, l := range ls {
		ids[i] = l.ID
	}
	return ids
}

// TestLsAllStopsOnALoopingCursor: a service that sends the same cursor again (here it
// ignores the cursor and sends its first page each time) gets each listing printed
// once, and stderr says that paging stopped and why.
func TestLsAllStopsOnALoopingCursor(t *testing.T) {
	t.Parallel()
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"ok": true, "count": 3, "next_cursor": 3, "listings": [
			{"id": 5, "title": "A", "status": "active", "price": 10, "currency": "UAH"},
			{"id": 4, "title": "B", "status": "active", "price": 20, "currency": "UAH"},
			{"id": 3, "title": "C", "status": "active", "price": 30, "currency": "UAH"}]}`)
	}))
	r := c.Fails(cmdutil.ExitError, "", "ls", "--all")
	if rows := strings.Split(strings.TrimSpace(r.Stdout), "\n"); len(rows) != 4 {
		t.Errorf("ls --all printed %d lines, want a header and 3 rows:\n%s", len(rows), r.Stdout)
	}
	if !strings.Contains(r.Stderr, "paging stopped") || !strings.Contains(r.Stderr, "next_cursor 3 again") {
		t.Errorf("stderr does not say why paging stopped:\n%s", r.Stderr)
	}
	r = c.Fails(cmdutil.ExitError, "", "ls", "--all", "--json")
	var all []listingOut
	if err := json.Unmarshal([]byte(r.Stdout), &all); err != nil || !slices.Equal(idsOf(all), []int{5, 4, 3}) {
		t.Errorf("ls --all --json (%v):\n%s", err, r.Stdout)
	}
}

// A value sent in a form that cannot be read is marked "?" in the table, and the rest
// of the listing and of its page is shown.
func TestLsMarksWhatCannotBeRead(t *testing.T) {
	t.Parallel()
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true,"count":2,"listings":[
			{"id":2,"title":"Лампа","price":300,"currency":"UAH","status":"active","created_at":"позавчора"},
			{"id":1,"title":"Стіл","price":900,"currency":"UAH","status":"active","created_at":"2026-11-21 16:15:00"}]}`))
	}))
	out := c.OK("", "ls")
	if !clitest.ContainsLine(out, "2", "active", "UAH 300", "Лампа", "?") || !clitest.ContainsLine(out, "1", "Стіл", "2026-11-21 16:15:00") {
		t.Errorf("ls:\n%s", out)
	}
}
