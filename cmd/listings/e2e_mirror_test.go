package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// TestE2EMirror tries the local mirror as a new user would, on a shop of 10 000
// listings: listings sync, then the app opens with every listing of the mirror (the
// tabs count every listing before the service paged them), / finds an old listing
// that was never paged in, and its detail charts views counted from the syncs.
func TestE2EMirror(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: install it (apt-get install tmux; .ci/run does)")
	}
	base := cmdtest.StartSandbox(t, sandbox.Grow{Key: "business", Listings: 10_000})
	data := t.TempDir()
	env := []string{"LISTINGS_API_KEY=" + sandbox.KeyBusiness, "LISTINGS_DATA_DIR=" + data}
	sync := exec.Command(binary, "--base-url", base, "sync")
	sync.Env = append(os.Environ(), append(env, "LISTINGS_CONFIG_DIR="+t.TempDir(), "LISTINGS_CACHE_DIR="+t.TempDir())...)
	out, err := sync.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Synced 10,000 listings") {
		t.Fatalf("sync: %v\n%s", err, out)
	}

	s := launchTUI(t, 200, 30, []string{"--base-url", base}, env...)
	s.waitFor("all 10000", "+7d", "[active 99") // 10 000 less the seeded ones of other statuses
	s.send("/")
	s.typeText("a55 17")
	// The matches among every row, once they are read; then the filter is kept and
	// End goes to the oldest clone, last in the service's order.
	s.waitMatch(`a55 17\s+1/\d+`)
	s.send("Enter")
	s.send("End")
	s.waitFor("Samsung Galaxy A55 8/256 ГБ, офіційна гарантія #17 ")
	s.send("Enter") // open the listing
	s.waitFor("Views over time", "counted from this app's syncs", "Last 7 days")
	s.send("Escape", "Escape", "q")
	s.waitExit(0)
}
