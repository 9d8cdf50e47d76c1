package bulk_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
)

// server is the state of the listings on the service, for Verify.
type server map[int]api.Listing

func (s server) GetListing(_ context.Context, id int, _ string) (*api.ListingDetail, error) {
	l, ok := s[id]
	if !ok {
		return nil, &api.Error{Status: 404, Code: api.CodeListingNotFound}
	}
	return &api.ListingDetail{Listing: api.ListingFull{Listing: l}}, nil
}

func priceJob() bulk.Header {
	return bulk.Header{Info: job.Info{Job: "j1", Created: time.Now(), Kind: bulk.KindPrice}, Items: []bulk.Planned{
		{ID: 1, OldPrice: "1000", NewPrice: "900"},
		{ID: 2, OldPrice: "2000", NewPrice: "1800"},
		{ID: 3, OldPrice: "3000", NewPrice: "2700"},
	}}
}

// A kill after each step of an item, read back: nothing is lost and nothing is done
// twice. Item 1 was answered; item 2 was sent and its answer lost, but the change
// landed; item 3 was sent and lost before it landed. A fourth line was torn by the
// kill itself.
func TestJournalSurvivesAKillAtEveryStep(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jobs", "j1.jsonl")
	j, err := bulk.Create(path, priceJob())
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() error{
		func() error { return j.Sending(1) },
		func() error { return j.Succeeded(1, api.StatusPending) },
		func() error { return j.Sending(2) },
		func() error { return j.Sending(3) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	_, _ = f.WriteString(`{"id":3,"ev":"o`) // the kill tore the last write
	f.Close()

	r, err := bulk.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Outcome(1).State != bulk.Done || r.Outcome(2).State != bulk.InDoubt || r.Outcome(3).State != bulk.InDoubt {
		t.Fatalf("read back %+v", r.Items())
	}
	if left := r.Left(); len(left) != 2 || left[0].ID != 2 || left[1].ID != 3 {
		t.Fatalf("left %+v", left)
	}
	srv := server{
		2: {ID: 2, Status: api.StatusPending, Price: api.PriceInt(1800)}, // it landed
		3: {ID: 3, Status: api.StatusActive, Price: api.PriceInt(3000)},  // it did not
	}
	ctx := context.Background()
	if resend, err := r.Verify(ctx, srv, r.Head.Items[1]); err != nil || resend || r.Outcome(2).State != bulk.Done {
		t.Fatalf("item 2: resend %v, %v, %+v: a change that landed must not be sent again", resend, err, r.Outcome(2))
	}
	if resend, err := r.Verify(ctx, srv, r.Head.Items[2]); err != nil || !resend {
		t.Fatalf("item 3: resend %v, %v: a change that never landed is sent again", resend, err)
	}
	if resend, _ := r.Verify(ctx, srv, r.Head.Items[0]); resend {
		t.Fatal("item 1 is done: nothing to verify or send")
	}
	// What Verify learned is journaled: read again, item 2 is done.
	r.Close()
	again, err := bulk.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.Outcome(2).State != bulk.Done {
		t.Fatalf("item 2 after a second read: %+v", again.Outcome(2))
	}
}

// A price changed by someone else while the answer was lost is left alone; a listing
// gone is not sent again; a status job counts a status already set as done.
func TestVerifyLeavesOthersChangesAlone(t *testing.T) {
	dir := t.TempDir()
	j, err := bulk.Create(filepath.Join(dir, "p.jsonl"), priceJob())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	_ = j.Sending(1)
	_ = j.Sending(2)
	srv := server{1: {ID: 1, Price: api.PriceInt(950)}}
	if resend, _ := j.Verify(context.Background(), srv, j.Head.Items[0]); resend || j.Outcome(1).State != bulk.Failed || j.Outcome(1).Code != "changed_meanwhile" {
		t.Fatalf("changed meanwhile: resend %v, %+v", resend, j.Outcome(1))
	}
	if resend, _ := j.Verify(context.Background(), srv, j.Head.Items[1]); resend || j.Outcome(2).State != bulk.Failed {
		t.Fatalf("gone: resend %v, %+v", resend, j.Outcome(2))
	}

	s, err := bulk.Create(filepath.Join(dir, "s.jsonl"), bulk.Header{Info: job.Info{Job: "s", Kind: bulk.KindStatus}, Status: "inactive",
		Items: []bulk.Planned{{ID: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_ = s.Sending(7)
	if resend, _ := s.Verify(context.Background(), server{7: {ID: 7, Status: api.StatusInactive}}, s.Head.Items[0]); resend || s.Outcome(7).State != bulk.Done {
		t.Fatalf("status already set: resend %v, %+v", resend, s.Outcome(7))
	}
	if _, err := bulk.Create(filepath.Join(dir, "s.jsonl"), bulk.Header{Info: job.Info{Job: "s"}}); err == nil {
		t.Fatal("a second job over an existing journal")
	}
}
