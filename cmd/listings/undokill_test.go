package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// TestKill9DuringUndo is the undo's kill test with a real process: a 30-listing
// price job (−10 %) runs, then `listings jobs undo` is killed with SIGKILL while its
// requests are in flight (the service has applied them and their answers never come
// back); `listings jobs resume` of the undo finishes it. Every listing is edited
// exactly once by the undo and is at its price before the job: the undo's requests
// whose answers were lost are checked with a GET, not sent again.
func TestKill9DuringUndo(t *testing.T) {
	h := newEditHolder(t, false)
	c, err := api.New(h.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	page, err := c.ListListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 100})
	if err != nil || len(page.Listings) < 40 {
		t.Fatalf("active listings: %v %d", err, len(page.Listings))
	}
	before := map[int]string{}
	ids := []string{"price", "--by", "-10%"}
	for _, l := range page.Listings {
		if len(before) < 30 && !l.Price.IsZero() && l.Price.Float64() > 10 { // a price the job changes
			ids = append(ids, strconv.Itoa(l.ID))
			before[l.ID] = l.Price.String()
		}
	}
	data := t.TempDir()
	env := []string{"LISTINGS_BASE_URL=" + h.URL, "LISTINGS_API_KEY=" + sandbox.KeyBusiness,
		"LISTINGS_DATA_DIR=" + data, "LISTINGS_CACHE_DIR=" + t.TempDir()}
	r := runBin(t, env, "", ids...)
	if r.code != 0 {
		t.Fatalf("price: exit %d\n%s", r.code, r.stderr)
	}
	job := regexp.MustCompile(`job (\S+-price)`).FindStringSubmatch(r.stderr)[1]
	h.hold(true)
	stderr := h.killAtHeld(t, env, "jobs", "undo", job)

	names, _ := filepath.Glob(filepath.Join(data, "jobs", "*-undo.jsonl"))
	if len(names) != 1 {
		t.Fatalf("undo journals: %v\n%s", names, stderr)
	}
	undo, err := bulk.Peek(names[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, left := undo.Counts(); left == 0 || undo.Head.Undoes != job {
		t.Fatalf("the kill left nothing of the undo to resume (%d left), or it undoes %q:\n%s", left, undo.Head.Undoes, stderr)
	}
	r = runBin(t, env, "", "jobs", "resume", undo.Head.Job)
	if r.code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for id, old := range before {
		d, err := c.GetListing(t.Context(), id, "")
		if err != nil {
			t.Fatal(err)
		}
		if h.editsOf(id) != 1 || d.Listing.Price.String() != old {
			t.Errorf("listing %d: edited %d times by the undo, price %s, was %s before the job", id, h.editsOf(id), d.Listing.Price.String(), old)
		}
	}
	t.Logf("the kill left %d of %d in doubt or unsent", len(undo.Left()), len(undo.Head.Items))
}
