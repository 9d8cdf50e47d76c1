package tui

import (
	"net/http"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// A hostile or newer server: one listing's datetime is in no known form, another's
// status is one this app does not know. The page is kept, what is readable is shown,
// the unknown status is shown as it came with "?", and nothing fails.
func TestHostileServerPage(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	g.set(func(r *http.Request) *fault {
		if r.URL.Path != "/api/v1/my/listings" {
			return nil
		}
		return &fault{status: 200, raw: `{"ok":true,"lang":"uk","count":3,"listings":[
			{"id":3,"title":"Лампа настільна","price":300,"currency":"UAH","status":"active","views":5,"created_at":"позавчора"},
			{"id":2,"title":"Крісло","price":"1200","currency":"UAH","status":"on_hold","views":"many","created_at":"2026-11-21 16:15"},
			{"id":1,"title":"Стіл","price":900,"currency":"UAH","status":"active","views":1,"created_at":"0000-00-00 00:00:00"}]}`}
	})
	m := f.started(100, 24)
	if m.under.Banner != nil {
		t.Fatalf("a banner for a readable page:\n%s", tuitest.Screen(m))
	}
	screen := tuitest.Screen(m)
	for _, want := range []string{"Лампа настільна", "Крісло", "Стіл", "? on_hold", "UAH 1,200"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the page lacks %q:\n%s", want, screen)
		}
	}
	// What could not be read is marked, not shown as a zero or left blank as if unknown.
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "Лампа настільна") && !strings.HasSuffix(strings.TrimSpace(line), "?") {
			t.Errorf("the unreadable date is not marked: %q", line)
		}
	}
	if strings.Contains(screen, "0001-") || strings.Contains(screen, "0000-") {
		t.Errorf("a zero date is shown as a year:\n%s", screen)
	}
}
