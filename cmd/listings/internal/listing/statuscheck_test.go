package listing_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// statusService plays a service whose status answers the spec does not show: each
// listing's POST answer is given, and so is what a GET of it then says. It counts the
// GETs of each listing.
type statusService struct {
	mu     sync.Mutex
	answer map[int]string // the body of the 200 to POST …/status
	now    map[int]string // the body of the 200 to GET …/listings/{id}; none: 404
	gets   map[int]int
}

func (s *statusService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var id int
	var verb string
	fmt.Sscanf(strings.Replace(strings.TrimPrefix(r.URL.Path, "/api/v1/my/listings/"), "/", " ", 1), "%d %s", &id, &verb)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case r.Method == http.MethodPost && verb == "status":
		fmt.Fprint(w, s.answer[id])
	case r.Method == http.MethodGet && verb == "":
		s.gets[id]++
		if body, ok := s.now[id]; ok {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, body)
			return
		}
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"ok":false,"error":"not_found","hint":"no such listing"}`)
	default:
		http.NotFound(w, r)
	}
}

func (s *statusService) reads(id int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.gets[id]
	s.gets[id] = 0
	return n
}

func detailBody(id int, status, moderation string) string {
	return fmt.Sprintf(`{"ok":true,"lang":"uk","listing":{"id":%d,"title":"Lamp","status":%q},"moderation":%s}`, id, status, moderation)
}

type statusOut struct {
	ListingID      int             `json:"listing_id"`
	Status         string          `json:"status"`
	PreviousStatus string          `json:"previous_status"`
	Confirmed      bool            `json:"confirmed"`
	Checked        bool            `json:"checked"`
	AnswerStatus   string          `json:"answer_status"`
	Moderation     json.RawMessage `json:"moderation"`
}

// TestStatusAnswerIsChecked: when the answer states the status asked, that is the
// result (no read); when it states another, or none, or a body the client cannot read,
// the listing is read once and what it is then is the result: the status asked is a
// success (exit 0), another is a failure (exit 1) that says what it is and why.
func TestStatusAnswerIsChecked(t *testing.T) {
	t.Parallel()
	blocked := `{"decision":"blocked","reason":"the listing contains the prohibited word “replica”","reviewed_at":null}`
	svc := &statusService{gets: map[int]int{},
		answer: map[int]string{
			5:  `{"ok": true, "listing_id": 5, "status": "pending", "previous_status": "inactive"}`,
			6:  ``,
			7:  `{"ok": true, "listing_id": 7, "status": "active", "previous_status": "inactive"}`,
			8:  `{"ok": true, "status": "pending"}`,
			9:  ``,
			10: `OK`,
			11: `{"ok": true, "listing_id": 11, "status": "blocked", "previous_status": "inactive"}`,
			12: ``,
			13: `{"ok": true, "listing_id": 13, "status": "active", "previous_status": "active"}`,
			14: `{"ok": true, "listing_id": 14, "status": {"now": "inactive"}}`,
		},
		now: map[int]string{
			5:  detailBody(5, "pending", `{"decision":"pending","reason":null,"reviewed_at":null}`),
			6:  detailBody(6, "active", "null"),
			8:  detailBody(8, "active", "null"),
			9:  detailBody(9, "inactive", "null"),
			10: detailBody(10, "active", "null"),
			11: detailBody(11, "blocked", blocked),
			14: detailBody(14, "inactive", "null"),
		},
	}
	c := clitest.Fake(t, svc)

	// The answer states the status asked: no read.
	if out := c.OK("", "activate", "7"); strings.TrimSpace(out) != "7: inactive → active" || svc.reads(7) != 0 {
		t.Errorf("activate with a confirming answer: %q", out)
	}
	if out := c.OK("", "activate", "13"); !strings.Contains(out, "already active; nothing changed") || svc.reads(13) != 0 {
		t.Errorf("activate of an active listing: %q", out)
	}

	// Another status, confirmed by the read: exit 1, and why.
	r := c.Fails(cmdutil.ExitError, "", "activate", "5")
	if strings.TrimSpace(r.Stdout) != "5: inactive → pending (the listing, read after the answer, says so too)" ||
		!strings.Contains(r.Stderr, "listing 5 is pending after the request to make it active: the service sent it to moderation") ||
		!strings.Contains(r.Stderr, "listings watch 5") || svc.reads(5) != 1 {
		t.Errorf("activate answered pending:\n%s\n%s", r.Stdout, r.Stderr)
	}
	var res statusOut
	r = c.Fails(cmdutil.ExitError, "", "activate", "5", "--json")
	if json.Unmarshal([]byte(r.Stdout), &res) != nil || res.Status != "pending" || !res.Confirmed || !res.Checked ||
		res.AnswerStatus != "" || !strings.Contains(string(res.Moderation), `"decision": "pending"`) || svc.reads(5) != 1 {
		t.Errorf("activate --json answered pending: %s", r.Stdout)
	}
	r = c.Fails(cmdutil.ExitError, "", "activate", "11")
	if !strings.Contains(r.Stderr, "listing 11 is blocked after the request to make it active: the listing contains the prohibited word “replica”") ||
		svc.reads(11) != 1 {
		t.Errorf("activate answered blocked:\n%s\n%s", r.Stdout, r.Stderr)
	}

	// The answer disagrees, the listing is as asked: a success.
	r = c.Run("", "activate", "8", "--json")
	if r.Code != cmdutil.ExitOK || json.Unmarshal([]byte(r.Stdout), &res) != nil || res.Status != "active" ||
		!res.Checked || res.AnswerStatus != "pending" || svc.reads(8) != 1 {
		t.Errorf("activate answered pending, read active: exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}

	// No status in the answer (empty, text, another shape): the read decides.
	for _, id := range []int{6, 10} {
		out := c.OK("", "activate", clitest.Itoa(id))
		if strings.TrimSpace(out) != clitest.Itoa(id)+": active (read from the listing: the answer stated no status)" || svc.reads(id) != 1 {
			t.Errorf("activate %d with a body that states no status: %q", id, out)
		}
	}
	res = statusOut{}
	c.OKJSON(&res, "", "activate", "6", "--json")
	if res.Status != "active" || !res.Confirmed || !res.Checked || svc.reads(6) != 1 {
		t.Errorf("activate --json with an empty answer: %+v", res)
	}
	r = c.Fails(cmdutil.ExitError, "", "activate", "9")
	if !strings.Contains(r.Stdout, "9: inactive") || !strings.Contains(r.Stderr, "listing 9 is inactive after the request to make it active") ||
		svc.reads(9) != 1 {
		t.Errorf("activate with an empty answer, still inactive:\n%s\n%s", r.Stdout, r.Stderr)
	}
	if out := c.OK("", "deactivate", "14"); !strings.HasPrefix(out, "14: inactive (read from the listing") || svc.reads(14) != 1 {
		t.Errorf("deactivate with a status of another shape: %q", out)
	}

	// The read fails: the answer's word, unconfirmed, and the read's failure.
	r = c.Fails(cmdutil.ExitError, "", "activate", "12", "--json")
	res = statusOut{}
	if json.Unmarshal([]byte(r.Stdout), &res) != nil || res.Status != "active" || res.Confirmed || res.Checked ||
		!strings.Contains(r.Stderr, "the service took the request but its answer states no status, and reading the listing to check failed") ||
		!strings.Contains(r.Stderr, "listing 12 not found") || svc.reads(12) != 1 {
		t.Errorf("activate with an empty answer and a failed read:\n%s\n%s", r.Stdout, r.Stderr)
	}
}
