package bulk_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
)

// answers is a service whose status answers state what says says (nothing for an id
// not in it), and whose listings are then what is says.
type answers struct {
	says, is map[int]api.Status
	gets     atomic.Int64
}

func (a *answers) SetStatus(_ context.Context, id int, _ api.Status) (*api.StatusResult, error) {
	s, ok := a.says[id]
	return &api.StatusResult{ListingID: id, Status: s, Confirmed: ok}, nil
}

func (a *answers) GetListing(_ context.Context, id int, _ string) (*api.ListingDetail, error) {
	a.gets.Add(1)
	d := &api.ListingDetail{}
	d.Listing.ID, d.Listing.Status = id, a.is[id]
	return d, nil
}

func (a *answers) EditListing(context.Context, int, *api.ListingEdit) (*api.EditResult, error) {
	panic("no edit in a status job")
}

// An activation whose answer states another status is not taken as done: the listing
// is read once and its status decides. Answers that state the status asked, or none,
// cost no read (issue 23: several ids trusted the answer's status word).
func TestAStatusAnswerThatDisagreesIsChecked(t *testing.T) {
	svc := &answers{
		says: map[int]api.Status{1: api.StatusActive, 3: api.StatusPending, 4: api.StatusPending},
		is:   map[int]api.Status{1: api.StatusActive, 2: api.StatusActive, 3: api.StatusPending, 4: api.StatusActive},
	}
	var items []bulk.Item
	for id := 1; id <= 4; id++ {
		items = append(items, bulk.Item{ID: id, Status: api.StatusInactive})
	}
	p := bulk.Make(items, bulk.Action{Status: api.StatusActive}, api.Budget{}, time.Now())
	j, err := bulk.Create(filepath.Join(t.TempDir(), "j.jsonl"), bulk.HeaderOf("j", p))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := bulk.Run(context.Background(), svc, j, nil); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[int]bulk.State{1: bulk.Done, 2: bulk.Done, 3: bulk.Failed, 4: bulk.Done} {
		if o := j.Outcome(id); o.State != want {
			t.Errorf("listing %d: %+v, want state %v", id, o, want)
		}
	}
	o := j.Outcome(3)
	if o.Code != bulk.CodeOtherStatus || !strings.Contains(o.Hint, "listing 3 is pending after the request to make it active: the service sent it to moderation") {
		t.Errorf("listing 3: %+v", o)
	}
	if o := j.Outcome(2); o.Status != string(api.StatusActive) {
		t.Errorf("listing 2 (no word in the answer): %+v", o)
	}
	if n := svc.gets.Load(); n != 2 {
		t.Errorf("%d reads, want 2 (the two answers that disagreed)", n)
	}
}
