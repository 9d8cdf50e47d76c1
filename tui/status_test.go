package tui

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestDeactivateAndReactivateInPlace(t *testing.T) {
	for _, yes := range []string{"y", "enter"} {
		t.Run(yes, func(t *testing.T) {
			f, g := gated(t, sandbox.KeyPersonal)
			m := f.started(80, 24)
			m, _ = f.press(m, "down", "down")
			row := selectedLine(m)
			title := "Обміняю Nintendo Switch OLED"
			if !strings.Contains(row, title) {
				t.Fatalf("row %q", row)
			}
			m, _ = f.press(m, "x")
			has(t, m, "Deactivate 10050 “Обміняю Nintendo Switch OLED", "It will be hidden from the catalog.",
				"y/enter: yes · n/esc: no", "y/enter yes • n/esc no")
			if g.statusPosts() != 0 {
				t.Fatal("a request before the confirmation")
			}
			lists := g.count("GET /api/v1/my/listings")
			m, _ = f.press(m, yes)
			if g.statusPosts() != 1 {
				t.Fatalf("%d status requests", g.statusPosts())
			}
			// In place: the same row under the cursor, now inactive, and no reload.
			if row := selectedLine(m); !strings.Contains(row, title) || !strings.Contains(row, "○ inactive") {
				t.Errorf("row after deactivate: %q", row)
			}
			has(t, m, "✓ 10050 deactivated")
			if n := g.count("GET /api/v1/my/listings"); n != lists {
				t.Errorf("%d list requests after the change, want none", n-lists)
			}
			m, _ = f.press(m, "a", yes)
			if row := selectedLine(m); !strings.Contains(row, "● active") {
				t.Errorf("row after activate: %q", row)
			}
			has(t, m, "✓ 10050 activated")
			if g.statusPosts() != 2 {
				t.Errorf("%d status requests", g.statusPosts())
			}
		})
	}
}

func TestConfirmationCancels(t *testing.T) {
	for _, no := range []string{"n", "esc"} {
		t.Run(no, func(t *testing.T) {
			f, g := gated(t, sandbox.KeyPersonal)
			m := f.started(80, 24)
			m, _ = f.press(m, "x", no)
			if m.dialog != nil || g.statusPosts() != 0 {
				t.Fatalf("dialog %v, %d requests", m.dialog != nil, g.statusPosts())
			}
			if !strings.Contains(selectedLine(m), "● active") {
				t.Errorf("row %q", selectedLine(m))
			}
			// Other keys are swallowed while the dialog is open.
			m, _ = f.press(m, "x", "down", "r", "a")
			if m.dialog == nil || m.dialog.Req.To != api.StatusInactive || g.statusPosts() != 0 {
				t.Error("the dialog let a key through")
			}
		})
	}
}

func TestDetailStatusChangeReachesTheList(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.press(m, "enter", "x", "y")
	has(t, m, "○ inactive · UAH 1,500", "✓ 10053 deactivated")
	m, _ = f.press(m, "esc")
	if row := selectedLine(m); !strings.Contains(row, "Ремонт квартир") || !strings.Contains(row, "○ inactive") {
		t.Errorf("list row %q", row)
	}
}

// Moves the spec forbids are refused with the reason, before any request.
func TestForbiddenMovesRefused(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.started(100, 30)
	m, _ = f.press(m, "shift+tab") // the moderation tab: pending first, then blocked
	has(t, m, "[moderation 6]", "◔ pending")
	m, _ = f.press(m, "x")
	has(t, m, "cannot deactivate", "awaiting moderation")
	m, _ = f.press(m, "a")
	has(t, m, "cannot activate", "awaiting moderation")
	m, _ = f.press(m, "end", "x")
	has(t, m, "rejected by a moderator: edit it to resubmit")
	m, _ = f.press(m, "shift+tab", "shift+tab", "shift+tab", "a") // sold
	has(t, m, "[sold 4]", "cannot activate", "only a moderator or admin can do it on the website")
	m, _ = f.press(m, "shift+tab", "x") // inactive
	has(t, m, "10015 is already inactive")
	if m.dialog != nil {
		t.Error("a dialog for a refused move")
	}
	if n := g.statusPosts(); n != 0 {
		t.Errorf("%d status requests for refused moves", n)
	}
}

func TestStatusErrorShowsBanner(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.started(80, 24)
	g.set(func(r *http.Request) *fault {
		if strings.HasSuffix(r.URL.Path, "/status") {
			return &fault{status: 422, code: api.CodeStatusChangeForbidden,
				hint: "only a moderator can change this listing's status on the website"}
		}
		return nil
	})
	m, _ = f.press(m, "x", "y")
	has(t, m, "deactivate 10053: status_change_forbidden — only a moderator can change")
	if !strings.Contains(selectedLine(m), "● active") {
		t.Errorf("row changed after a refused request: %q", selectedLine(m))
	}
}

// An answer for an older request of the same listing is dropped.
func TestStaleStatusAnswerDropped(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m.statuses[10053] = 2
	m, _ = f.run(m, confirm.Done{Req: msgs.RequestStatus{ID: 10053, To: api.StatusInactive}, Seq: 1,
		Res: &api.StatusResult{ListingID: 10053, Status: api.StatusInactive}})
	if !strings.Contains(selectedLine(m), "● active") {
		t.Errorf("a stale answer changed the row: %q", selectedLine(m))
	}
}

// A key without listings:write is known from the ping at start: the app says once
// that it is read-only and why, offers no write, and a write key costs no request.
func TestReadonlyKeyIsKnownFromTheStart(t *testing.T) {
	var writes atomic.Int32
	f := newFixture(t, sandbox.KeyReadonly, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet {
				writes.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	})
	m := f.started(80, 24)
	has(t, m, "read-only: this key lacks listings:write")
	if strings.Contains(m.footer, "deactivate") || strings.Contains(m.footer, "activate") {
		t.Errorf("the footer offers a write: %q", m.footer)
	}
	m, _ = f.press(m, "x", "y", "n", "e")
	if writes.Load() != 0 || m.dialog != nil || m.active != viewBrowser {
		t.Fatalf("%d writes sent, dialog %v, view %v", writes.Load(), m.dialog != nil, m.active)
	}
	has(t, m, "read-only", "account settings")
	m, _ = f.press(m, "?")
	if s := tuitest.Screen(m); strings.Contains(s, "new listing") || strings.Contains(s, "x deactivate") {
		t.Errorf("the help offers writes:\n%s", s)
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
}

// A change updates every screen that shows it: after a deactivation the active tab's
// count leaves the listing out (its row stays, to be moved back), and the inactive
// tab, loaded before, is reloaded when shown, so it holds the listing.
func TestTabsFollowAStatusChange(t *testing.T) {
	f, _ := gated(t, sandbox.KeyPersonal)
	m := f.started(100, 30)
	m, _ = f.press(m, "tab", "shift+tab") // the inactive tab loaded, then back
	has(t, m, "[active 28]")
	m, _ = f.press(m, "down", "down", "x", "y")
	has(t, m, "[active 27]")
	m, _ = f.press(m, "tab")
	has(t, m, "Обміняю Nintendo Switch OLED")
}
