package main

import (
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// typeText pastes text into the app, as a terminal does (bracketed paste). Sent
// as plain keys in one write, a word such as "left" inside it would reach the app as
// one key press named like the arrow key.
func (s *tuiSession) typeText(text string) {
	s.t.Helper()
	s.tmux("set-buffer", "-b", "typed", "--", text)
	s.tmux("paste-buffer", "-p", "-d", "-b", "typed", "-t", s.target)
}

// appPID is the process id of the listings binary in the pane.
func (s *tuiSession) appPID() int {
	s.t.Helper()
	shell := strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.target, "#{pane_pid}"))
	if _, err := exec.LookPath("pgrep"); err != nil {
		s.t.Skip("pgrep is not installed (apt-get install procps; .ci/run does)")
	}
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		s.t.Fatalf("no app under the pane's shell %s: %v", shell, err)
	}
	pid, err := strconv.Atoi(strings.Fields(string(out))[0])
	if err != nil {
		s.t.Fatal(err)
	}
	return pid
}

func writePhoto(t *testing.T, path string, red uint8) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for y := range 240 {
		for x := range 320 {
			img.Set(x, y, color.RGBA{red, uint8(x), uint8(y), 255})
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := jpeg.Encode(f, img, nil); err != nil {
		t.Fatal(err)
	}
}

// TestE2ECreateListing is the editor issue's test in a real terminal: a listing in
// an auto-approve category with two photos from disk and a city found by search,
// created with keys only; then the service is asked whether it holds exactly that.
func TestE2ECreateListing(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	photos := t.TempDir()
	writePhoto(t, filepath.Join(photos, "bike-1.jpg"), 200)
	writePhoto(t, filepath.Join(photos, "bike-2.jpg"), 30)
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"},
		"LISTINGS_API_KEY="+sandbox.KeyPersonal, "LISTINGS_DATA_DIR="+t.TempDir())
	s.waitFor("[active", "? help")

	s.send("n")
	s.waitFor("New listing", "Title *")
	s.typeText("Trek Marlin 7 mountain bike")
	s.send("Tab")
	s.typeText("Hardtail, serviced in spring, new tyres and chain.")
	s.send("Tab")
	s.waitFor("Categories")
	s.send("/")
	s.typeText("bicy")
	s.waitFor("Bicycles")
	s.send("Enter")
	s.waitFor("Bike type *", "Price type")
	s.send("Tab")
	s.typeText("12500")
	s.send("Tab", "Tab", "Tab", "Down") // currency, condition; bike type: the first
	s.waitUntil("a bike type chosen", func(scr string) bool { return strings.Contains(scr, "> Mountain") })
	s.send("M-4")
	s.waitFor("city:")
	s.typeText("Kyiv")
	s.waitFor("warehouses")
	s.send("Enter")
	s.waitFor("Contact name")
	s.send("M-6")
	s.waitFor("Photos 0 of 12")
	s.send("p")
	s.typeText(filepath.Join(photos, "bike-*.jpg"))
	s.send("Enter")
	s.waitUntil("two photos uploaded", func(scr string) bool { return strings.Count(scr, "✓ uploaded") == 2 })
	s.send("C-s")
	s.waitFor("POST /api/v1/my/listings", "This costs 1 request(s): 1 create")
	s.send("Enter")
	scr := s.waitMatch(`listing (\d+) created`)
	id, _ := strconv.Atoi(strings.Fields(scr)[1])
	s.waitFor("● active", "Trek Marlin 7")

	c, err := api.New(base, api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		t.Fatal(err)
	}
	det, err := c.GetListing(t.Context(), id, "en")
	if err != nil {
		t.Fatal(err)
	}
	l := det.Listing
	if l.CategoryID != 1001 || l.Status != api.StatusActive || len(l.Photos) != 2 || len(l.PhotosWM) != 2 ||
		l.CityRef != "8d5a980d-391c-11dd-90d9-001a92567626" || string(l.Attributes["bike_type"]) != `"mountain"` {
		t.Errorf("the service holds %+v", l)
	}
	s.send("q")
	s.waitExit(0)
	s.checkRestored()
}

// TestE2EDraftSurvivesKill kills the app with SIGKILL in the middle of a form and
// finds the draft in the next session, as typed.
func TestE2EDraftSurvivesKill(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	data := t.TempDir()
	env := []string{"LISTINGS_API_KEY=" + sandbox.KeyPersonal, "LISTINGS_DATA_DIR=" + data}
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"}, env...)
	s.waitFor("[active", "? help")
	s.send("n")
	s.waitFor("Title *")
	s.typeText("Winter tyres Michelin, 4 pcs")
	s.send("Tab")
	s.typeText("Used one season, 7 mm of tread left")
	s.waitFor("✓ draft saved", "35/5000")
	if err := syscall.Kill(s.appPID(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	s.waitFor(exitMarker)

	r := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "en"}, env...)
	r.waitFor("[active", "? help")
	r.send("D")
	r.waitFor("Drafts (1)", "Winter tyres Michelin, 4 pcs")
	r.send("Enter")
	r.waitFor("New listing · Winter tyres Michelin, 4 pcs", "Used one season, 7 mm of tread left")
	// The draft is open and unsent: quitting asks first, and ctrl+c again quits.
	r.send("C-c")
	r.waitFor("Quit listings?", "the open draft is not sent")
	r.send("C-c")
	r.waitExit(0)
}
