package tui

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The foreign-ip key is whitelisted for 203.0.113.7 only: the sandbox refuses it from
// 127.0.0.1 with ip_not_whitelisted and your_ip.
func TestBannerIPNotWhitelisted(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {60, 15}} {
		f := newFixture(t, sandbox.KeyForeignIP, nil)
		m := f.started(sz[0], sz[1])
		has(t, m, "✖", "ip_not_whitelisted", "your IP is 127.0.0.1", "esc: dismiss")
		if sz[0] == 80 {
			has(t, m, "add it to allowed_ips in account settings → API & integrations")
		}
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
		m, _ = f.press(m, "esc")
		lacks(t, m, "your IP is", "esc: dismiss")
	}
}

func TestBannerRateLimitCountsDownWhileTheRestWorks(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.started(80, 24)
	g.set(func(r *http.Request) *fault {
		if r.URL.Path != "/api/v1/my/listings" {
			return nil
		}
		return &fault{status: 429, code: api.CodeRateLimitExceeded, hint: "60 requests per minute",
			header: map[string]string{"Retry-After": "42"}, extra: map[string]any{"retry_after": 42}}
	})
	m, _ = f.press(m, "r")
	has(t, m, "load listings: rate limit: retry in 42s", "60 requests per minute", "esc: dismiss")
	f.clock.Advance(2 * time.Second)
	m, _ = f.run(m, msgs.Tick{})
	has(t, m, "retry in 40s")
	// The rest works meanwhile: rows stay, the cursor moves, the help opens.
	m, _ = f.press(m, "down")
	if !strings.Contains(selectedLine(m), "Репетитор") {
		t.Errorf("cursor: %q", selectedLine(m))
	}
	m, _ = f.press(m, "?")
	has(t, m, "Keys")
	m, _ = f.press(m, "esc")
	has(t, m, "retry in 40s") // esc closed the help, not the banner
	f.clock.Advance(40 * time.Second)
	m, _ = f.run(m, msgs.Tick{})
	has(t, m, "rate limit: you can retry now")
	tuitest.CheckSize(t, m.View(), 80, 24)
}

func TestBannerDailyLimit(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	midnight := time.Date(2026, 3, 13, 0, 0, 0, 0, api.Kyiv)
	m, _ = f.run(m, errMsg("load listings", &api.Error{Status: 429, Code: api.CodeDailyLimitExceeded,
		Hint: "the day's 5000 requests are spent", ResetsAt: midnight}))
	has(t, m, "daily request limit reached: it resets at 00:00 Kyiv time (in 12h00m)", "the day's 5000 requests are spent")
	f.clock.Advance(90 * time.Minute)
	m, _ = f.run(m, msgs.Tick{})
	has(t, m, "(in 10h30m)")
}

// When the service cannot be reached the rows loaded before stay, marked stale.
func TestBannerUnreachableKeepsStaleRows(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	f.ts.Close()
	m, _ = f.press(m, "r")
	has(t, m, "service unreachable: loaded data stays, marked stale", "check the base URL and your connection",
		"Ремонт квартир під ключ", "stale")
	tuitest.CheckSize(t, m.View(), 80, 24)
	m, _ = f.press(m, "esc")
	has(t, m, "Ремонт квартир під ключ", "stale")
}

func TestBannerPlainError(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.run(m, errMsg("load listing 7", &api.Error{Status: 404, Code: api.CodeListingNotFound, Hint: "no listing 7"}))
	has(t, m, "✖ load listing 7: listing_not_found — no listing 7 esc: dismiss")
	// Network text is cleaned before it reaches the terminal.
	m, _ = f.run(m, errMsg("load\x1b[2J", &api.Error{Status: 500, Code: "internal_error", Hint: "bad\x1b]52;c;AAAA\x07 \x1b[31mthing\x07"}))
	v := m.View()
	if strings.Contains(v, "\x1b]") || strings.Contains(v, "\x07") || strings.Contains(v, "[2J") {
		t.Errorf("control sequences reached the screen: %q", v)
	}
	has(t, m, "internal_error — bad thing")
}

// The same failure reported by a second request leaves the banner as it is.
func TestBannerSameFailureDoesNotFlicker(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	e := &api.Error{Status: 403, Code: api.CodeKeySuspended, Hint: "suspended"}
	m, _ = f.run(m, errMsg("check the key", e))
	m, _ = f.run(m, errMsg("load listings", e))
	has(t, m, "check the key: key_suspended")
	m, _ = f.run(m, errMsg("load listing 5", &api.Error{Status: 500, Code: "internal_error"}))
	has(t, m, "load listing 5: internal_error")
}
