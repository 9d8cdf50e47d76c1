package jobs_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

type row struct {
	ID     int    `json:"id"`
	OK     bool   `json:"ok"`
	Status string `json:"status"`
	Error  string `json:"error"`
}

// A job stopped after its first request went out (its answer never journaled) is
// listed with everything left, resumes and finishes; show prints every outcome.
func TestResumeAStoppedJob(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 10}}})
	data := t.TempDir()
	c.Env = map[string]string{"LISTINGS_DATA_DIR": data}

	var ls []struct {
		ID    int    `json:"id"`
		Title string `json:"title"`
	}
	c.OKJSON(&ls, "", "ls", "--status", "active", "--json", "--limit", "3")
	if len(ls) != 3 {
		t.Fatalf("listings: %+v", ls)
	}
	h := bulk.Header{Info: job.Info{Job: "20261124-224900-deactivate", Created: time.Now(), BaseURL: c.Base, Kind: bulk.KindStatus}, Status: "inactive"}
	for _, l := range ls {
		h.Items = append(h.Items, bulk.Planned{ID: l.ID, Title: l.Title})
	}
	j, err := bulk.Create(filepath.Join(data, "jobs", h.Job+".jsonl"), h)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Sending(ls[0].ID); err != nil {
		t.Fatal(err)
	}
	j.Close()

	out := c.OK("", "jobs")
	if f := strings.Fields(out); len(f) != 15 || f[7] != h.Job || f[8] != "deactivate" || f[11] != "0" || f[12] != "0" || f[13] != "3" || f[14] != "stopped" {
		t.Errorf("jobs:\n%s", out)
	}
	var listed []struct {
		ID   string `json:"id"`
		Left int    `json:"left"`
	}
	c.OKJSON(&listed, "", "jobs", "--json")
	if len(listed) != 1 || listed[0].ID != h.Job || listed[0].Left != 3 {
		t.Errorf("jobs --json: %+v", listed)
	}

	var shown []row
	c.OKJSON(&shown, "", "jobs", "show", h.Job, "--json")
	if len(shown) != 3 || shown[0].Error != "in_doubt" || shown[1].Error != "not_sent" {
		t.Errorf("show before: %+v", shown)
	}

	var resumed []row
	c.OKJSON(&resumed, "", "jobs", "resume", h.Job, "--json")
	for _, r := range resumed {
		if !r.OK || r.Status != "inactive" {
			t.Errorf("resumed: %+v", r)
		}
	}
	var all []struct {
		ID     int    `json:"id"`
		Status string `json:"status"`
	}
	c.OKJSON(&all, "", "ls", "--status", "all", "--all", "--json")
	st := map[int]string{}
	for _, l := range all {
		st[l.ID] = l.Status
	}
	for _, l := range ls {
		if st[l.ID] != "inactive" {
			t.Errorf("listing %d is %s after resume", l.ID, st[l.ID])
		}
	}
	if out := c.OK("", "jobs"); !strings.Contains(strings.Join(strings.Fields(out), " "), h.Job+" deactivate") || !strings.HasSuffix(strings.Join(strings.Fields(out), " "), " 3 0 0 done") {
		t.Errorf("jobs after:\n%s", out)
	}

	// Resuming a finished job sends nothing and succeeds; an unknown one is an error.
	c.OK("", "jobs", "resume", h.Job)
	c.Fails(cmdutil.ExitError, "", "jobs", "resume", "nope")
	c.Fails(cmdutil.ExitUsage, "", "jobs", "show", "../x")

	var raw json.RawMessage
	c.OKJSON(&raw, "", "jobs", "show", h.Job, "--json")

	// A job another process runs cannot be resumed or cancelled meanwhile.
	busy, err := bulk.Open(filepath.Join(data, "jobs", h.Job+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r := c.Run("", "jobs", "cancel", h.Job)
	busy.Close()
	if r.Code != cmdutil.ExitError || !strings.Contains(r.Stderr, "another listings process is running this job") {
		t.Errorf("cancel of a running job: exit %d\n%s", r.Code, r.Stderr)
	}
	// A job given up says so in the list.
	c.OK("", "jobs", "cancel", h.Job)
	if out := c.OK("", "jobs"); !strings.Contains(out, " cancelled") {
		t.Errorf("jobs after cancel:\n%s", out)
	}
}
