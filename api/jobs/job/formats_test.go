package job_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
)

// testdata/v1 holds journals of every kind as the code before the one engine wrote
// them (a price job with every state and a torn last line, a cancelled
// deactivation, an edit, an import with an upload, a refusal and a row in doubt, an
// export with a gone listing and a server error): each opens through its kind with
// the counts, states and reasons it had.
func TestJournalsOfEarlierVersionsOpen(t *testing.T) {
	jobs, errs := kinds.All.List("testdata/v1")
	if len(errs) > 0 || len(jobs) != 5 {
		t.Fatalf("%d jobs, errors %v", len(jobs), errs)
	}
	type want struct {
		verb               string
		done, failed, left int
		state              string
	}
	wants := map[string]want{
		"20261124-224900-price":      {"price", 1, 2, 3, job.StateStopped},
		"20261124-225000-deactivate": {"deactivate", 1, 0, 1, job.StateCancelled},
		"20261124-225100-edit":       {"edit", 2, 0, 0, job.StateDone},
		"20261124-225200-import":     {"import", 2, 1, 1, job.StateStopped},
		"20261124-225300-export":     {"export", 1, 2, 1, job.StateStopped},
	}
	for i, j := range jobs {
		id := j.Info().Job
		if i > 0 && id > jobs[i-1].Info().Job {
			t.Errorf("%s listed after %s: newest first", id, jobs[i-1].Info().Job)
		}
		w := wants[id]
		done, failed, left := j.Counts()
		if j.Verb() != w.verb || done != w.done || failed != w.failed || left != w.left || job.StateOf(j) != w.state {
			t.Errorf("%s: %s %d/%d/%d %s, want %+v", id, j.Verb(), done, failed, left, job.StateOf(j), w)
		}
	}
	price := byID(t, jobs, "20261124-224900-price")
	its := price.Items()
	results := []string{}
	for _, it := range its {
		results = append(results, it.Result)
	}
	if strings.Join(results, ",") != "done,failed,in doubt,not sent,not sent,failed" || its[0].Price != "900" || its[0].Status != "pending" {
		t.Errorf("price items: %v %+v", results, its[0])
	}
	if its[1].Again || !its[5].Again || its[1].Code != "not_editable" {
		t.Errorf("a refusal is not retried, a server error is: %+v %+v", its[1], its[5])
	}
	imp := byID(t, jobs, "20261124-225200-import")
	ref := imp.Refusals()
	if len(ref) != 1 || ref[0].Row != 4 || ref[0].Field != "price" || ref[0].Hint != "not a number" {
		t.Errorf("import refusals: %+v", ref)
	}
	rows := imp.Items()
	if len(rows) != 4 || !rows[0].Created || rows[0].ListingID != 501 || rows[1].Result != job.ResultEdited || rows[2].Field != "description" ||
		rows[3].State != job.InDoubt {
		t.Errorf("import rows: %+v", rows)
	}
	exp := byID(t, jobs, "20261124-225300-export")
	if fl, ok := exp.(job.Filer); !ok || fl.Output() != "/home/me/out.csv" {
		t.Errorf("the export makes no file: %T", exp)
	}
	if its := exp.Items(); !its[1].Gone || !its[1].OK() || its[2].OK() {
		t.Errorf("export items: %+v", its)
	}
}

// A journal of an earlier version is opened to run under its lock, its torn line
// ended, and what is appended then reads back with the rest.
func TestEarlierJournalResumesAndRecords(t *testing.T) {
	dir := t.TempDir()
	src := "testdata/v1/20261124-224900-price.jsonl"
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	j, err := kinds.All.Load(p, true)
	if err != nil {
		t.Fatal(err)
	}
	if !job.Running(p) {
		t.Error("a journal open to run is not said running")
	}
	if err := j.Cancel(); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if job.Running(p) {
		t.Error("a closed journal is said running")
	}
	again, err := kinds.All.Load(p, false)
	if err != nil || !again.Cancelled() {
		t.Fatalf("read again: %v", err)
	}
	if _, _, left := again.Counts(); left != 3 {
		t.Errorf("%d left after the cancel line, want 3", left)
	}
}

func byID(t *testing.T, jobs []job.Job, id string) job.Job {
	t.Helper()
	for _, j := range jobs {
		if j.Info().Job == id {
			return j
		}
	}
	t.Fatalf("no job %s", id)
	return nil
}
