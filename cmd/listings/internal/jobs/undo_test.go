package jobs_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// A deactivation of four listings, one activated again since by hand: listings jobs
// undo plans the three others back to active and names the fourth; --dry-run sends
// nothing; run, the three are active again and the new job says it undoes the first.
func TestUndoADeactivation(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 10}}})
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	var ls []listed
	c.OKJSON(&ls, "", "ls", "--status", "active", "--json", "--limit", "4")
	ids := []string{"deactivate"}
	for _, l := range ls {
		ids = append(ids, fmt.Sprint(l.ID))
	}
	r := c.Run("", ids...)
	if r.Code != 0 {
		t.Fatalf("deactivate: %d\n%s", r.Code, r.Stderr)
	}
	first := regexp.MustCompile(`job (\S+-deactivate)`).FindStringSubmatch(r.Stderr)[1]
	c.OK("", "activate", fmt.Sprint(ls[3].ID))

	var plan struct {
		Requests, Reads int
		Rows            []job.PlanRow
	}
	c.OKJSON(&plan, "", "jobs", "undo", first, "--dry-run", "--json")
	if plan.Requests != 3 || plan.Reads == 0 || len(plan.Rows) != 4 || plan.Rows[0].Change != "inactive → active" ||
		!strings.Contains(plan.Rows[3].Skip, "changed since the job: it is active") {
		t.Fatalf("plan: %+v", plan)
	}
	var items []struct {
		ID     int
		OK     bool
		Status string
	}
	c.OKJSON(&items, "", "jobs", "undo", first, "--json")
	if len(items) != 3 || !items[0].OK || items[0].Status != "active" {
		t.Fatalf("undone: %+v", items)
	}
	var now []listed
	c.OKJSON(&now, "", "ls", "--status", "active", "--json", "--limit", "100")
	active := map[int]bool{}
	for _, l := range now {
		active[l.ID] = true
	}
	for _, l := range ls {
		if !active[l.ID] {
			t.Errorf("listing %d is not active after the undo", l.ID)
		}
	}
	var jobs []struct{ ID, Kind, Undoes string }
	c.OKJSON(&jobs, "", "jobs", "--json")
	if len(jobs) != 2 || jobs[1].Undoes != first || jobs[1].Kind != "activate" {
		t.Errorf("jobs: %+v", jobs)
	}
	// An undo of the undo puts them back again: it is a job as any other.
	c.OKJSON(&plan, "", "jobs", "undo", jobs[1].ID, "--dry-run", "--json")
	if plan.Requests != 3 {
		t.Errorf("the undo's undo: %+v", plan)
	}
}
