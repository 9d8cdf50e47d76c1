package browser

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// TestSandboxPagesPastFirstPage runs the browser against the in-process sandbox.
// The business seller has 15 listings, fewer than a page of 50, so the test pages
// by 10 to cross a page boundary of the real cursor paging.
func TestSandboxPagesPastFirstPage(t *testing.T) {
	now := time.Date(2026, 11, 4, 12, 0, 0, 0, api.Kyiv)
	c := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)}).Client(t, sandbox.KeyBusiness)
	m := New(c, "en")
	m.limit = 10
	m.SetSize(80, 8) // 5 rows on screen: the first page of 10 does not prefetch
	m, out := loop.Drain(m, m.Init())
	m, more := loop.Press(m, "tab", "tab", "tab", "tab") // all
	if out = append(out, more...); len(out) != 0 {
		t.Fatalf("messages: %v", out)
	}
	all := &m.srcs[m.def(m.cur).src]
	if all.rows.len() != 10 || all.next == nil {
		t.Fatalf("first page: %d rows, next %v", all.rows.len(), all.next)
	}
	m, out = loop.Press(m, "G")
	if len(out) != 0 {
		t.Fatalf("messages: %v", out)
	}
	all = &m.srcs[m.def(m.cur).src]
	ids := visibleIDs(m)
	if len(ids) != 15 || all.next != nil {
		t.Fatalf("after paging: %d rows, next %v", len(ids), all.next)
	}
	if !slices.IsSortedFunc(ids, func(a, b int) int { return b - a }) || len(slices.Compact(slices.Clone(ids))) != 15 {
		t.Fatalf("ids not newest first or repeated: %v", ids)
	}
	if s := tuitest.Screen(m); !strings.Contains(s, "[all 15]") {
		t.Fatalf("count:\n%s", s)
	}
}
