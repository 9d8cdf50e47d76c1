package catalog_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Ctrl+C in the middle of an import, then a create whose answer is lost: the
// resumes create every listing exactly once.
func TestKilledImportResumesWithoutDuplicates(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	var rows []map[string]string
	for n := 1; n <= 12; n++ {
		rows = append(rows, goodRow(n))
	}
	p := plan(t, s, writeCSV(t, dir, "kill.csv", rows), jobs)
	j, err := catalog.NewJob(jobs, p.Header, s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var seen atomic.Int64
	err = catalog.Run(ctx, s.client, j, func(catalog.Event) {
		if seen.Add(1) == 4 {
			cancel() // the rows in flight are answered and journaled
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("run: %v", err)
	}
	done, _, left := j.Counts()
	if done < 4 || left == 0 || int64(done) != s.creates.Load() {
		t.Fatalf("after Ctrl+C: %d done, %d left, %d created", done, left, s.creates.Load())
	}
	path := j.Path
	j.Close()

	// The next create is made and its answer lost: the job stops with it in doubt.
	s.drop.Store(1)
	j, err = catalog.OpenJob(path)
	if err != nil {
		t.Fatal(err)
	}
	err = catalog.Run(context.Background(), s.client, j, nil)
	var stopped *job.ErrStopped
	if !errors.As(err, &stopped) || !api.IsUnreachable(err) {
		t.Fatalf("lost answer: %v", err)
	}
	j.Close()

	// The resume finds the listing the lost answer made instead of creating it again.
	j, err = catalog.OpenJob(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := catalog.Run(context.Background(), s.client, j, nil); err != nil {
		t.Fatal(err)
	}
	found := 0
	ids := map[int]bool{}
	for _, r := range catalog.Results(*j.Head, j) {
		if r.Outcome != catalog.OutcomeCreated || ids[r.ListingID] {
			t.Fatalf("row %d: %s %d", r.Line, r.Outcome, r.ListingID)
		}
		ids[r.ListingID] = true
		if len(r.Notes) > 0 {
			found++
		}
	}
	if s.creates.Load() != 12 || found != 1 {
		t.Fatalf("%d creates for 12 rows, %d found", s.creates.Load(), found)
	}
}

// A journal cut after a create was sent (the kill came before its answer was
// written, and tore the last line): the resume finds the listing, creates nothing.
func TestTruncatedJournalFindsTheCreatedListing(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	rows := []map[string]string{goodRow(1), goodRow(2), goodRow(3)}
	p := plan(t, s, writeCSV(t, dir, "cut.csv", rows), jobs)
	j := run(t, s, p, jobs)
	j.Close()
	data, err := os.ReadFile(j.Path)
	if err != nil {
		t.Fatal(err)
	}
	// Drop the last "ok" line and everything after it, and leave a torn line.
	lines := bytes.SplitAfter(data, []byte("\n"))
	last := -1
	for i, l := range lines {
		if strings.Contains(string(l), `"ev":"ok"`) {
			last = i
		}
	}
	cut := append(bytes.Join(lines[:last], nil), []byte(`{"row":4,"ev":"ok","id":`)...)
	if err := os.WriteFile(j.Path, cut, 0o600); err != nil {
		t.Fatal(err)
	}
	j, err = catalog.OpenJob(j.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, _, left := j.Counts(); left != 1 {
		t.Fatalf("%d rows left after the cut", left)
	}
	if err := catalog.Run(context.Background(), s.client, j, nil); err != nil {
		t.Fatal(err)
	}
	if done, _, _ := j.Counts(); done != 3 || s.creates.Load() != 3 {
		t.Fatalf("%d done, %d creates", done, s.creates.Load())
	}
	// And the sheet run again is all unchanged.
	again := plan(t, s, writeCSV(t, dir, "cut.csv", rows), jobs)
	if again.Unchanged != 3 {
		t.Fatalf("again: %v", again.Summary())
	}
}

// An edit whose answer was lost (a kill, the network) is checked with one GET on
// resume: the listing holds it, so it is done, not sent again (which would restart
// the listing's review).
func TestEditInDoubtIsNotSentTwice(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	p := checkEdits(t, s, dir, jobs, `{"id": 10053, "price": 1600, "attr.weekends": "ні"}`)
	if p.Edits != 1 {
		t.Fatalf("plan: %v", p.Summary())
	}
	j, err := catalog.NewJob(jobs, p.Header, s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	s.dropE.Store(1)
	if err := catalog.Run(context.Background(), s.client, j, nil); !api.IsUnreachable(err) {
		t.Fatalf("lost answer: %v", err)
	}
	path := j.Path
	j.Close()
	if j, err = catalog.OpenJob(path); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := catalog.Run(context.Background(), s.client, j, nil); err != nil {
		t.Fatal(err)
	}
	if r := catalog.Results(*j.Head, j)[0]; r.Outcome != catalog.OutcomeEdited || s.edits.Load() != 1 {
		t.Fatalf("%s after %d edits sent", r.Outcome, s.edits.Load())
	}
}
