package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/sandbox"
)

// TestKill9DuringPriceJob is the bulk issue's kill test with a real process: a
// 30-listing price job (−10 %) is killed with SIGKILL while its requests are in
// flight (the service has applied them and their answers never come back), and
// `listings jobs resume` then finishes it. Every listing is edited exactly once, at
// its planned price: the requests whose answers were lost are checked with a GET,
// not sent again. The business key keeps the test quick: on a personal key the
// plan's reads and the resume's would wait for the minute (the budget is tested in
// api/bulk).
func TestKill9DuringPriceJob(t *testing.T) {
	srv, err := sandbox.New(sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 60}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	var mu sync.Mutex
	edits := map[int]int{} // PATCHes the service acted on, by listing
	holding := true        // after the tenth, answers are held: the kill loses them
	killNow := make(chan struct{})
	var once sync.Once
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPatch && r.Method != http.MethodPut {
			srv.ServeHTTP(w, r)
			return
		}
		id, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/api/v1/my/listings/"))
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		mu.Lock()
		edits[id]++
		n, hold := 0, holding
		for _, c := range edits {
			n += c
		}
		mu.Unlock()
		if hold && n > 10 {
			once.Do(func() { close(killNow) })
			<-r.Context().Done() // acted on; the answer is never sent
			return
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(hs.Close)

	c, err := api.New(hs.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	page, err := c.ListListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 100})
	if err != nil || len(page.Listings) < 30 {
		t.Fatalf("active listings: %v %v", err, page)
	}
	var ids []string
	for _, l := range page.Listings[:30] {
		ids = append(ids, strconv.Itoa(l.ID))
	}

	data := t.TempDir()
	env := []string{"LISTINGS_BASE_URL=" + hs.URL, "LISTINGS_API_KEY=" + sandbox.KeyBusiness,
		"LISTINGS_DATA_DIR=" + data, "LISTINGS_CACHE_DIR=" + t.TempDir()}
	cmd := exec.Command(binary, append([]string{"price", "--by", "-10%"}, ids...)...)
	cmd.Env = append([]string{"HOME=" + t.TempDir()}, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-killNow:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the job never reached its eleventh edit:\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	mu.Lock()
	holding = false
	mu.Unlock()

	names, _ := filepath.Glob(filepath.Join(data, "jobs", "*-price.jsonl"))
	if len(names) != 1 {
		t.Fatalf("journals: %v\n%s", names, stderr.String())
	}
	before, err := bulk.Peek(names[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, left := before.Counts(); left == 0 {
		t.Fatalf("the kill left nothing to resume:\n%s", stderr.String())
	}

	r := runBin(t, env, "", "jobs", "resume", before.Head.Job)
	if r.code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range before.Head.Items {
		d, err := c.GetListing(t.Context(), p.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if edits[p.ID] != 1 || d.Listing.Price.String() != p.NewPrice {
			t.Errorf("listing %d: edited %d times, price %s, planned %s → %s",
				p.ID, edits[p.ID], d.Listing.Price.String(), p.OldPrice, p.NewPrice)
		}
	}
	t.Logf("%d planned; the kill left %d in doubt or unsent", len(before.Head.Items), len(before.Left()))
}
