package jobs_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

type listed struct {
	ID     int    `json:"id"`
	Title  string `json:"title"`
	Price  any    `json:"price"`
	Status string `json:"status"`
}

// priceOf is the listing's price as the service says it now.
func priceOf(t *testing.T, c *clitest.Runner, id int) string {
	t.Helper()
	var l struct {
		Listing struct {
			Price any `json:"price"`
		} `json:"listing"`
	}
	c.OKJSON(&l, "", "show", fmt.Sprint(id), "--json")
	return fmt.Sprint(l.Listing.Price)
}

// A price job whose journal says one listing was done, one failed on a server error,
// one was refused by a rule and one by a 429: listings jobs retry plans the server
// error and the 429 again and names the refusal; run, it sets the two prices as the
// job planned them, in a new job that says what it retried.
func TestRetryTakesWhatMayPassNow(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 10}}})
	data := t.TempDir()
	c.Env = map[string]string{"LISTINGS_DATA_DIR": data}
	var ls []listed
	c.OKJSON(&ls, "", "ls", "--status", "active", "--json", "--limit", "4")
	h := bulk.Header{Info: job.Info{Job: "20261124-224900-price", Created: time.Now(), BaseURL: c.Base, Kind: bulk.KindPrice}}
	for _, l := range ls {
		h.Items = append(h.Items, bulk.Planned{ID: l.ID, Title: l.Title, OldPrice: fmt.Sprint(l.Price), NewPrice: "777"})
	}
	j, err := bulk.Create(filepath.Join(data, "jobs", h.Job+".jsonl"), h)
	if err != nil {
		t.Fatal(err)
	}
	_ = j.Succeeded(ls[0].ID, "pending")
	_ = j.Record(job.Event{ID: ls[1].ID, Ev: "fail", Code: "internal_error", Hint: "try again later", Again: true})
	_ = j.Refused(ls[2].ID, "not_editable", "the listing is sold")
	_ = j.Refused(ls[3].ID, "rate_limit_exceeded", "") // an earlier version said not again: its code does
	j.Close()

	var plan struct {
		Requests int
		Rows     []job.PlanRow
	}
	c.OKJSON(&plan, "", "jobs", "retry", h.Job, "--dry-run", "--json")
	if plan.Requests != 2 || len(plan.Rows) != 3 || plan.Rows[0].ID != ls[1].ID || plan.Rows[0].Change == "" ||
		plan.Rows[1].Skip != "not_editable: the listing is sold" || plan.Rows[2].ID != ls[3].ID {
		t.Fatalf("plan: %+v", plan)
	}
	if got := priceOf(t, c, ls[1].ID); got == "777" {
		t.Fatal("a dry run changed a price")
	}

	var items []struct {
		ID int
		OK bool
	}
	c.OKJSON(&items, "", "jobs", "retry", h.Job, "--json")
	if len(items) != 2 || !items[0].OK || !items[1].OK {
		t.Fatalf("retried: %+v", items)
	}
	for i, want := range []string{fmt.Sprint(ls[0].Price), "777", fmt.Sprint(ls[2].Price), "777"} {
		if got := priceOf(t, c, ls[i].ID); got != want {
			t.Errorf("listing %d at %s, want %s", ls[i].ID, got, want)
		}
	}
	var jobs []struct{ ID, Retries string }
	c.OKJSON(&jobs, "", "jobs", "--json")
	if len(jobs) != 2 || jobs[1].Retries != h.Job {
		t.Errorf("jobs: %+v", jobs)
	}
}
