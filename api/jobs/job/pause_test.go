package job_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// held is a sandbox whose PATCHes are counted by listing (patches), and held at
// the service (written, not answered) while hold is set, until release closes.
type held struct {
	*patches
	hold    atomic.Bool
	arrived chan int
	release chan struct{}
}

func (h *held) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPatch && h.hold.Load() {
		h.arrived <- 0
		<-h.release
	}
	h.patches.ServeHTTP(w, r)
}

func (h *held) sent() (total int, twice []int) {
	total, by := h.take()
	for id, n := range by {
		if n > 1 {
			twice = append(twice, id)
		}
	}
	return total, twice
}

// blocking is a transport whose requests past the first written ones wait before
// they are written (as a request waits for the key's budget) until their context
// ends.
type blocking struct {
	next    http.RoundTripper
	mu      sync.Mutex
	through int           // requests let through before the others wait
	waiting chan struct{} // a request began to wait
}

func (b *blocking) RoundTrip(r *http.Request) (*http.Response, error) {
	b.mu.Lock()
	wait := r.Method == http.MethodPatch && b.through == 0
	if r.Method == http.MethodPatch && b.through > 0 {
		b.through--
	}
	b.mu.Unlock()
	if wait {
		b.waiting <- struct{}{}
		<-r.Context().Done()
		return nil, r.Context().Err()
	}
	return b.next.RoundTrip(r)
}

// The pause rule against the sandbox: a price job of 12 listings is paused while
// two of its PATCHes are written and held at the service and the third waits before
// it is written. The two are answered and journaled done, the waiting one journaled
// unsent: nothing is in doubt, and the resume sends each of the ten left once.
func TestPauseFinishesWrittenRequestsAndJournalsTheOthersUnsent(t *testing.T) {
	clk := apitest.NewClock()
	h := &held{patches: &patches{srv: apitest.Sandbox(t, clk, sandbox.Grow{Key: "business", Listings: 20}), n: map[int]int{}},
		arrived: make(chan int, 12), release: make(chan struct{})}
	h.hold.Store(true)
	tr := &blocking{next: http.DefaultTransport, through: 2, waiting: make(chan struct{}, 12)}
	c := apitest.Connect(t, h, clk)(sandbox.KeyBusiness)
	items := activeItems(t, c, 12)
	pc, _ := bulk.ParsePriceChange("", "-10%", "")
	plan := bulk.Make(items, bulk.Action{Price: &pc}, c.Budget(), clk.Now())
	j, err := bulk.CreateJob(t.TempDir(), "price", clk.Now(), bulk.HeaderOf("", plan))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	paused := clientWith(t, c, tr, clk)
	ctx, pause := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- j.Run(ctx, paused, nil) }()
	for range 2 {
		<-h.arrived
	}
	<-tr.waiting
	pause()
	close(h.release)
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("run after a pause: %v", err)
	}
	d, failed, left := j.Counts()
	if d != 2 || failed != 0 || left != 10 {
		t.Fatalf("after the pause %d done, %d failed, %d left; want 2, 0, 10", d, failed, left)
	}
	if b, _ := os.ReadFile(j.Path); strings.Count(string(b), `"ev":"unsent"`) != 1 {
		t.Errorf("the request given up is not journaled unsent:\n%s", b)
	}
	for _, it := range j.Items() {
		if it.State == job.InDoubt {
			t.Errorf("listing %d left in doubt by a pause", it.ListingID)
		}
	}

	h.hold.Store(false)
	if err := j.Run(context.Background(), c, nil); err != nil {
		t.Fatal(err)
	}
	if total, twice := h.sent(); total != 12 || len(twice) != 0 {
		t.Fatalf("%d PATCHes for 12 listings, sent twice: %v", total, twice)
	}
}

// activeItems are n of the account's active listings as a plan sees them.
func activeItems(t *testing.T, c *api.Client, n int) []bulk.Item {
	t.Helper()
	page, err := c.ListListings(context.Background(), api.ListParams{Status: api.StatusActive, Limit: 100})
	if err != nil || len(page.Listings) < n {
		t.Fatalf("active listings: %v %d", err, len(page.Listings))
	}
	var out []bulk.Item
	for _, l := range page.Listings[:n] {
		out = append(out, bulk.ItemOf(l))
	}
	return out
}

// clientWith is a client of c's service and key whose requests go through rt.
func clientWith(t *testing.T, c *api.Client, rt http.RoundTripper, clk *apitest.Clock) *api.Client {
	t.Helper()
	out, err := api.New(c.BaseURL(), api.StaticKey(sandbox.KeyBusiness), api.WithHTTPClient(&http.Client{Transport: rt}),
		api.WithClock(clk.Now), api.WithSleep(clk.Sleep), api.WithRetry(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	return out
}
