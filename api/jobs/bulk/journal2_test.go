package bulk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
)

// details is the service's state for an edit job's check: full listings by id.
type details map[int]api.ListingFull

func (d details) GetListing(_ context.Context, id int, _ string) (*api.ListingDetail, error) {
	return &api.ListingDetail{Listing: d[id]}, nil
}

// An edit in doubt is done when the listing already has every field of the patch, and
// sent again when it has not: setting the same fields twice changes nothing.
func TestEditInDoubtIsCheckedFieldByField(t *testing.T) {
	patch := &api.ListingEdit{ContactName: api.Set("Оксана"), HidePhone: api.Set(true)}
	plan := bulk.Make([]bulk.Item{{ID: 1, Status: api.StatusActive}, {ID: 2, Status: api.StatusInactive}},
		bulk.Action{Edit: true, Patch: patch}, api.Budget{}, time.Now())
	if plan.ToModeration != 1 || len(plan.Changes) != 2 {
		t.Fatalf("plan: %+v", plan)
	}
	p := filepath.Join(t.TempDir(), "edit.jsonl")
	j, err := bulk.Create(p, bulk.HeaderOf("edit", plan))
	if err != nil {
		t.Fatal(err)
	}
	j.Sending(1)
	j.Sending(2)
	j.Close()

	j, err = bulk.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if j.Head.Kind != bulk.KindEdit || j.Head.Patch == nil || !j.Head.Patch.HidePhone.IsSet() {
		t.Fatalf("header read back: %+v", j.Head)
	}
	svc := details{
		1: {Listing: api.Listing{ID: 1, Status: api.StatusPending}, ContactName: "Оксана", HidePhone: true},
		2: {Listing: api.Listing{ID: 2, Status: api.StatusInactive}, ContactName: "Петро"},
	}
	if resend, err := j.Verify(context.Background(), svc, j.Head.Items[0]); err != nil || resend {
		t.Errorf("applied edit: resend %v, %v", resend, err)
	}
	if resend, err := j.Verify(context.Background(), svc, j.Head.Items[1]); err != nil || !resend {
		t.Errorf("edit not applied: resend %v, %v", resend, err)
	}
}

// A job another process runs cannot be opened to run it again; a job given up is
// listed as such and not offered for a resume.
func TestJournalLockAndCancel(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "j1.jsonl")
	j, err := bulk.Create(p, priceJob())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bulk.Open(p); !errors.Is(err, bulk.ErrBusy) {
		t.Fatalf("open while running: %v, want ErrBusy", err)
	}
	if err := j.Cancel(); err != nil {
		t.Fatal(err)
	}
	j.Close()

	jobs, errs := bulk.List(dir)
	if len(errs) > 0 || len(jobs) != 1 {
		t.Fatalf("list: %v %v", jobs, errs)
	}
	if done, failed, left := jobs[0].Counts(); done != 0 || failed != 0 || left != 3 {
		t.Errorf("counts %d %d %d", done, failed, left)
	}
	if !jobs[0].Cancelled() || jobs[0].Resumable() {
		t.Errorf("a cancelled job is offered for a resume")
	}
	if err := jobs[0].Sending(1); err == nil {
		t.Error("a peeked journal recorded a step")
	}
}

// TestListSkipsOtherKinds: an import's journal in the same folder is not a bulk job,
// and listing the jobs neither fails on it nor shows it as an empty one.
func TestListSkipsOtherKinds(t *testing.T) {
	dir := t.TempDir()
	imp := `{"job":"20261124-100000-import","created":"2026-11-24T10:00:00Z","kind":"import","rows":[{"line":2,"hash":"ab"}]}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "20261124-100000-import.jsonl"), []byte(imp), 0o600); err != nil {
		t.Fatal(err)
	}
	j, err := bulk.Create(filepath.Join(dir, "20261124-100001-price.jsonl"), bulk.Header{Info: job.Info{Job: "20261124-100001-price", Kind: bulk.KindPrice}, Items: []bulk.Planned{{ID: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	jobs, errs := bulk.List(dir)
	if len(errs) > 0 || len(jobs) != 1 || jobs[0].Head.Kind != bulk.KindPrice {
		t.Fatalf("List = %d jobs %v", len(jobs), errs)
	}
}
