package main

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// TestE2EBulkDeactivate is the bulk issue's test in a real terminal: ten listings
// marked with space, deactivated in one action with one confirmation; then the
// service is asked whether all ten are inactive.
func TestE2EBulkDeactivate(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	data := t.TempDir()
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"},
		"LISTINGS_API_KEY="+sandbox.KeyPersonal, "LISTINGS_DATA_DIR="+data)
	s.waitFor("[active 28]", "? help")
	for range 10 {
		s.send("Space")
	}
	s.waitFor("◆ 10 marked")
	s.send("x")
	s.waitFor("Deactivate 10 listings?", "10 of 10 listings change; 0 skipped", "y/enter start the job")
	s.send("y")
	s.waitFor("deactivate 10 listings", "10 done", "0 left")
	s.send("Escape")
	s.waitFor("[active 18]")

	c, err := api.New(base, api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		t.Fatal(err)
	}
	jobs, errs := bulk.List(filepath.Join(data, "jobs"))
	if len(jobs) != 1 || len(errs) != 0 || len(jobs[0].Head.Items) != 10 {
		t.Fatalf("the job's journal in the CLI's jobs dir: %v %v", jobs, errs)
	}
	for _, p := range jobs[0].Head.Items {
		d, err := c.GetListing(t.Context(), p.ID, "en")
		if err != nil || d.Listing.Status != api.StatusInactive {
			t.Errorf("listing %d: %v, status %v", p.ID, err, d)
		}
	}
	page, err := c.ListListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 100})
	if err != nil || len(page.Listings) != 18 {
		t.Fatalf("active listings after: %v %v", err, page)
	}
	s.send("q")
	s.waitExit(0)
	s.checkRestored()
}

// TestE2EBulkJobSurvivesKill kills the app with SIGKILL while a job waits for the
// key's minute and finds the job offered at the next start with what its journal
// says is left; r resumes it (its requests wait for the key's minute), c and y give
// it up at once (a request waiting for the budget is given up, nothing sent), and it
// is offered no more.
func TestE2EBulkJobSurvivesKill(t *testing.T) {
	base := cmdtest.StartSandbox(t, sandbox.Grow{Key: "personal", Listings: 120})
	data := t.TempDir()
	env := []string{"LISTINGS_API_KEY=" + sandbox.KeyPersonal, "LISTINGS_DATA_DIR=" + data}
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"}, env...)
	s.waitMatch(`1/100\+`)
	s.send("*")
	s.waitFor("◆ 100 marked")
	s.send("x")
	s.waitFor("Deactivate 100 listings?")
	s.send("y")
	// The key's 60 a minute: the job goes on past the first minute's requests only
	// after it; it is killed while it waits.
	s.waitMatch(`✓ [3-9]\d done`)
	if err := syscall.Kill(s.appPID(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	s.waitFor(exitMarker)
	jobs, _ := bulk.List(filepath.Join(data, "jobs"))
	if len(jobs) != 1 || !jobs[0].Resumable() {
		t.Fatalf("no job left to resume: %v", jobs)
	}
	_, _, left := jobs[0].Counts()

	r := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"}, env...)
	r.waitFor(fmt.Sprintf("job %s was interrupted: %d of 100 left", jobs[0].Head.Job, left), "r resume · d discard · esc later")
	r.send("r")
	r.waitFor("running")
	r.send("c")
	r.waitFor("Give the job up?")
	r.send("y")
	r.waitFor("cancelled: what was left was not sent")
	jobs, _ = bulk.List(filepath.Join(data, "jobs"))
	if len(jobs) != 1 || jobs[0].Resumable() || !jobs[0].Cancelled() {
		t.Fatalf("the cancelled job is still offered: %+v", jobs)
	}
	r.send("q")
	r.waitExit(0)
}
