package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// TestE2ESandboxSession is the "done when", as a new user would do it in a
// real terminal: start `listings --sandbox`, watch a pending listing, page past the
// first page, read a blocked listing's moderation reason, deactivate and reactivate a
// listing, see the watched one decided, quit, and find the terminal as it was.
func TestE2ESandboxSession(t *testing.T) {
	s := launchTUI(t, 100, 30, []string{"--sandbox"})
	s.waitFor("[active 28]", "1/28", "? help")

	// Watch a pending listing first: the sandbox decides its seeded ones 20 s after
	// it starts. The sabre replica will be blocked.
	s.send("BTab")
	s.waitFor("[moderation 6]", "◔ pending")
	s.send("Down")
	s.waitUntil("the replica selected", func(string) bool { return strings.Contains(s.selected(), "репліка") })
	s.send("w")
	s.waitFor("Watching listing")
	if s.bellRung() {
		t.Fatal("the bell rang before any decision")
	}

	// Page past the first 20 rows of the active tab (pages of 20 load ahead), and
	// through every listing on the "all" tab.
	s.send("Tab")
	s.waitFor("[active 28]")
	s.send("NPage")
	s.waitMatch(`\b(2[1-8])/28\b`)
	s.send("End")
	s.waitFor("28/28", "iPhone 13 128 ГБ")
	s.send("BTab", "BTab")
	s.waitFor("[all 46]")
	s.send("End")
	s.waitFor("46/46")

	// Read a blocked listing with its moderation reason.
	s.send("Tab")
	s.waitFor("[moderation")
	s.send("End")
	s.waitUntil("a blocked row selected", func(string) bool { return strings.Contains(s.selected(), "✖ blocked") })
	s.send("Enter")
	s.waitFor("Blocked by moderation", "Reason", "prohibited word", "esc back")
	s.send("Escape")
	s.waitFor("[moderation")

	// Deactivate and reactivate the newest active listing, confirming with y.
	s.send("Tab")
	s.waitFor("[active 28]")
	s.send("Home")
	s.waitUntil("the first row selected", func(string) bool { return strings.Contains(s.selected(), "Ремонт квартир") })
	s.send("x")
	s.waitFor("Deactivate 10053", "y/enter: yes")
	s.send("y")
	s.waitFor("✓ 10053 deactivated")
	if row := s.selected(); !strings.Contains(row, "○ inactive") || !strings.Contains(row, "Ремонт квартир") {
		t.Errorf("row after deactivating: %q", row)
	}
	s.send("a")
	s.waitFor("Activate 10053", "y/enter: yes")
	s.send("y")
	s.waitFor("✓ 10053 activated")
	if row := s.selected(); !strings.Contains(row, "● active") {
		t.Errorf("row after activating: %q", row)
	}

	// The watched listing gets its decision while the user is on the list: the bell
	// rings (on the watch panel itself it would not: the decision is on screen), and
	// the panel shows it with the reason. w on the row checks now rather than after
	// the watch's own interval.
	s.send("BTab")
	s.waitFor("[moderation")
	s.send("Home", "Down")
	s.waitUntil("the replica selected", func(string) bool { return strings.Contains(s.selected(), "репліка") })
	var asked time.Time
	s.waitUntil("the bell", func(string) bool {
		if s.bellRung() {
			return true
		}
		if time.Since(asked) > 3*time.Second { // a check costs a request: not at every look
			s.send("w")
			asked = time.Now()
		}
		return false
	})
	s.send("W")
	s.waitFor("Moderation watch", "репліка", "✖ blocked", "prohib")

	s.send("q")
	s.waitExit(0)
	s.checkRestored()
}

// colourSGR finds an SGR sequence that sets a foreground or background colour.
var colourSGR = regexp.MustCompile(`\x1b\[([0-9;]*;)?(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9;]*)?m`)

// The smallest and the largest terminal the issue names, with and without colour.
func TestE2ESizesAndNoColor(t *testing.T) {
	small := launchTUI(t, 60, 15, []string{"--sandbox"}, "NO_COLOR=1")
	big := launchTUI(t, 250, 70, []string{"--sandbox"})

	small.waitFor("[active 28]", "? help", "q quit")
	if sgr := colourSGR.FindString(small.screenWithEscapes()); sgr != "" {
		t.Errorf("NO_COLOR: a colour sequence %q on the screen", sgr)
	}
	if !strings.HasPrefix(strings.TrimSpace(small.selected()), "›") {
		t.Errorf("without colour the selected row has no marker: %q", small.selected())
	}
	small.send("Enter")
	small.waitFor("esc back", "ID")
	small.send("?")
	small.waitFor("Keys", "↑/↓ scroll")
	small.send("Escape")
	// "esc back" is in the help too: wait for the help to go, or q would follow the
	// escape so closely that the terminal reads the two as alt+q.
	small.waitUntil("the help closed", func(scr string) bool {
		return !strings.Contains(scr, "↑/↓ scroll") && strings.Contains(scr, "esc back")
	})
	small.send("q")
	small.waitExit(0)
	small.checkRestored()

	big.waitFor("[active 28]", "views", "created", "28 ")
	if colourSGR.FindString(big.screenWithEscapes()) == "" {
		t.Error("no colour on a colour terminal")
	}
	big.send("Enter")
	big.waitFor("Public page", "Contacts")
	big.waitUntil("the photo preview beside the facts", func(string) bool {
		return strings.Contains(big.line("ID  "), "▀")
	})
	big.send("q")
	big.waitExit(0)
	big.checkRestored()
}

// TestE2EPagesAcrossPages pages a seller's 250 listings in a real terminal: one End
// asks for the pages left, one after another, and lands on the last row, every row
// once. (The session above has fewer listings than a page.)
func TestE2EPagesAcrossPages(t *testing.T) {
	base := cmdtest.StartSandbox(t, sandbox.Grow{Key: "personal", Listings: 250})
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"}, "LISTINGS_API_KEY="+sandbox.KeyPersonal)
	s.waitFor("[active", "1/100+", "? help")
	s.send("End")
	s.waitUntil("the last row, the oldest clone", func(screen string) bool {
		m := regexp.MustCompile(`\b(2\d\d)/(2\d\d)\b`).FindStringSubmatch(screen)
		return m != nil && m[1] == m[2]
	})
	s.send("q")
	s.waitExit(0)
}
