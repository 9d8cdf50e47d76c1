package tui

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Goldens of the whole app at 80×24 (Ascii profile, TestMain), run as a real
// tea.Program through teatest. The output stream is only waited on; what is compared
// is the final model's View, which has no cursor movements in it (field notes).

// waitTime is generous: the 2-core CI machine runs other packages' tests meanwhile.
const waitTime = 20 * time.Second

// teaRun starts the root on f's sandbox in a test program of 80×24.
func teaRun(t *testing.T, f *fixture) *teatest.TestModel {
	t.Helper()
	return teaRunWith(t, f, func(*Options) {})
}

// teaRunWith runs the app on the fixture's options as change leaves them.
func teaRunWith(t *testing.T, f *fixture, change func(*Options)) *teatest.TestModel {
	t.Helper()
	opts := f.options()
	change(&opts)
	m := New(opts)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

// waitScreen waits until the program has drawn every one of the texts since the
// last wait (the renderer writes only the lines that changed).
func waitScreen(t *testing.T, tm *teatest.TestModel, texts ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, s := range texts {
			if !bytes.Contains(b, []byte(s)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(waitTime), teatest.WithCheckInterval(10*time.Millisecond))
}

// finalView quits and returns the last frame, with the sandbox's random address
// replaced so the golden does not change between runs.
func finalView(t *testing.T, tm *teatest.TestModel, f *fixture) []byte {
	t.Helper()
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm, ok := tm.FinalModel(t, teatest.WithFinalTimeout(waitTime)).(Model)
	if !ok {
		t.Fatal("the final model is not the root")
	}
	v := strings.ReplaceAll(fm.View(), f.ts.URL, "http://sandbox")
	tuitest.CheckSize(t, fm.View(), 80, 24)
	return []byte(v)
}

// A known meter: the ping's answer has arrived (no "~" before the counts).
func meterText(n int) string { return " " + strconv.Itoa(n) + "/60 min" }

func TestGoldenBrowser(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	tm := teaRun(t, f)
	waitScreen(t, tm, "1/28", meterText(2))
	golden.RequireEqual(t, finalView(t, tm, f))
}

func TestGoldenDetail(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	tm := teaRun(t, f)
	waitScreen(t, tm, "1/28", meterText(2))
	// The moderation tab is derived from status=all; the blocked ones come last.
	tm.Send(tuitest.Key("shift+tab"))
	waitScreen(t, tm, "[moderation 6]", meterText(3))
	tm.Send(tuitest.Key("end"))
	tm.Send(tuitest.Key("enter"))
	// The listing and its category's attributes (names and labels).
	waitScreen(t, tm, "Blocked by moderation", "prohibited word", meterText(5))
	golden.RequireEqual(t, finalView(t, tm, f))
}

func TestGoldenEmpty(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	g.set(func(r *http.Request) *fault {
		if r.URL.Path == "/api/v1/my/listings" {
			return &fault{status: 200, raw: `{"ok":true,"lang":"uk","count":0,"next_cursor":null,"listings":[]}`}
		}
		return nil
	})
	tm := teaRun(t, f)
	waitScreen(t, tm, "No active listings", meterText(2))
	golden.RequireEqual(t, finalView(t, tm, f))
}

// The list is refused as the foreign-ip key would be (the ping passes, so that one
// error, not two racing ones, makes the banner).
func TestGoldenErrorBanner(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	g.set(func(r *http.Request) *fault {
		if r.URL.Path != "/api/v1/my/listings" {
			return nil
		}
		return &fault{status: 403, code: api.CodeIPNotWhitelisted, extra: map[string]any{"your_ip": "127.0.0.1"},
			hint: "requests from 127.0.0.1 are not allowed for this key; add the IP to allowed_ips in account settings → API & integrations"}
	})
	tm := teaRun(t, f)
	waitScreen(t, tm, "your IP is 127.0.0.1", "esc: dismiss", meterText(2))
	golden.RequireEqual(t, finalView(t, tm, f))
}

func TestGoldenHelp(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	tm := teaRun(t, f)
	waitScreen(t, tm, "1/28", meterText(2))
	tm.Send(tuitest.Key("?"))
	waitScreen(t, tm, "Keys", "close help")
	golden.RequireEqual(t, finalView(t, tm, f))
}

// No golden holds a key, not even a sandbox one.
func TestGoldensHoldNoKey(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if len(files) < 5 {
		t.Fatalf("%d goldens", len(files))
	}
	shape := regexp.MustCompile(`sk_(live|test)_[0-9a-fA-F]{8,}`)
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if shape.Match(b) {
			t.Errorf("%s holds a key", p)
		}
	}
}
