package catalog_test

import (
	"context"
	"testing"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/job"
)

// An import whose row 3 failed on a server error after the service had made its
// listing, and row 4 on a rule: the retry plans row 3 alone (row 4 named, not
// retried), with the files the first job uploaded as they are; run, it finds the
// listing the error hid rather than creating it again, and uploads nothing.
func TestImportRetryFindsWhatAServerErrorHid(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	p := plan(t, s, writeCSV(t, dir, "retry.csv", []map[string]string{goodRow(1), goodRow(2), goodRow(3)}), jobs)
	j := run(t, s, p, jobs)
	lines := j.Head.Keys()
	// What the journal would say had the answers been a 5xx and a refusal.
	if err := j.Record(job.Event{Row: lines[1], Ev: "fail", Code: "internal_error", Hint: "try again", Again: true}); err != nil {
		t.Fatal(err)
	}
	if err := j.Record(job.Event{Row: lines[2], Ev: "fail", Code: "not_editable", Hint: "no"}); err != nil {
		t.Fatal(err)
	}
	creates, uploads := s.creates.Load(), s.uploads.Load()

	rp, err := j.Retry(s.client.Budget(), s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if rp.Requests != 1 || len(rp.Rows) != 2 || rp.Rows[0].Row != lines[1] || rp.Rows[1].Skip != "not_editable: no" {
		t.Fatalf("plan: %+v", rp)
	}
	nj, err := rp.Start(jobs, s.client.BaseURL(), s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer nj.Close()
	retry := nj.(*catalog.Journal)
	if retry.Head.Retries != j.Head.Job || len(retry.Head.Keys()) != 1 {
		t.Fatalf("the retry's header: %+v", retry.Head.Info)
	}
	for _, ms := range retry.Head.Rows[0].Media {
		for _, m := range ms {
			if m.URL == "" {
				t.Errorf("a file uploaded by the first job is to be uploaded again: %+v", m)
			}
		}
	}
	if st := retry.Outcome(lines[1]).State; st != job.InDoubt {
		t.Fatalf("the create a server error may have made starts %v, not in doubt", st)
	}
	if err := nj.Run(context.Background(), s.client, nil); err != nil {
		t.Fatal(err)
	}
	if o := retry.Outcome(lines[1]); o.State != job.Done || !o.Found {
		t.Errorf("row %d: %+v, want found", lines[1], o)
	}
	if s.creates.Load() != creates || s.uploads.Load() != uploads {
		t.Errorf("the retry made %d creates and %d uploads, want none", s.creates.Load()-creates, s.uploads.Load()-uploads)
	}
}
