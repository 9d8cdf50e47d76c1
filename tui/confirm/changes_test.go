package confirm

import (
	"context"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
)

type setter struct{ calls int }

func (s *setter) SetStatus(_ context.Context, id int, to api.Status) (*api.StatusResult, error) {
	s.calls++
	return &api.StatusResult{ListingID: id, Status: to}, nil
}

// A change the rule allows is asked, with its title cleaned; one it refuses is said
// instead, and one already made is no warning.
func TestAskAsksOrSaysWhyNot(t *testing.T) {
	d, text, _ := Ask(msgs.RequestStatus{ID: 7, Title: "a\x1b[31mb", From: api.StatusActive, To: api.StatusInactive})
	if d == nil || text != "" || d.Req.Title != "ab" {
		t.Fatalf("an allowed change: dialog %v, text %q", d, text)
	}
	if d, text, warn := Ask(msgs.RequestStatus{ID: 7, From: api.StatusInactive, To: api.StatusInactive}); d != nil || text == "" || warn {
		t.Fatalf("a change already made: dialog %v, text %q, warn %v", d, text, warn)
	}
}

// Only the answer to the latest change of a listing counts.
func TestChangesKeepTheLatest(t *testing.T) {
	c, svc := Changes{}, &setter{}
	r := msgs.RequestStatus{ID: 7, From: api.StatusActive, To: api.StatusInactive}
	first := c.Send(svc, r)().(Done)
	second := c.Send(svc, r)().(Done)
	if c.Latest(first) || !c.Latest(second) || svc.calls != 2 {
		t.Fatalf("first %v, second %v, calls %d", c.Latest(first), c.Latest(second), svc.calls)
	}
	other := Changes{}.Send(svc, msgs.RequestStatus{ID: 8, To: api.StatusActive})().(Done)
	if !(Changes{8: 1}).Latest(other) {
		t.Fatal("another listing's change")
	}
}
