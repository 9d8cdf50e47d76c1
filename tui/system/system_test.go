package system

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/tui/msgs"
)

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"https://example.com/l/1-x", "http://127.0.0.1:8080/l/2"} {
		if _, err := checkURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"file:///etc/passwd", "javascript:alert(1)", "--help", "", "https://", "/relative"} {
		if _, err := checkURL(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestBrowserCommand(t *testing.T) {
	env := func(k string) string { return map[string]string{"BROWSER": "firefox"}[k] }
	if c := browserCommand(env, "linux", "https://x"); !strings.HasSuffix(c.Path, "firefox") && c.Args[0] != "firefox" {
		t.Errorf("$BROWSER ignored: %v", c.Args)
	}
	none := func(string) string { return "" }
	for goos, want := range map[string]string{"linux": "xdg-open", "darwin": "open", "windows": "rundll32"} {
		if c := browserCommand(none, goos, "https://x"); c.Args[0] != want {
			t.Errorf("%s: %v", goos, c.Args)
		}
	}
}

func TestOpenURLRefusesBadURL(t *testing.T) {
	msg := OpenURL("file:///etc/passwd")()
	if e, ok := msg.(msgs.Error); !ok || e.Err == nil {
		t.Fatalf("got %#v", msg)
	}
	if e, ok := CopyURL("javascript:x")().(msgs.Error); !ok || e.Err == nil {
		t.Fatalf("copy of a bad URL: %#v", e)
	}
}

// A launcher that fails is said to have failed, with what to do; only one that
// succeeds gives "Opened".
func TestOpenURLTellsWhatHappened(t *testing.T) {
	t.Setenv("BROWSER", "false")
	msg := OpenURL("https://example.com/l/1")()
	e, ok := msg.(msgs.Error)
	if !ok || !strings.Contains(e.Err.Error(), "false failed") || !strings.Contains(e.Err.Error(), "set $BROWSER") {
		t.Fatalf("a failing launcher: %#v", msg)
	}
	t.Setenv("BROWSER", "/nonexistent/launcher")
	if e, ok := OpenURL("https://example.com/l/1")().(msgs.Error); !ok || !strings.Contains(e.Err.Error(), "no browser launcher found") {
		t.Fatalf("a missing launcher: %#v", e)
	}
	t.Setenv("BROWSER", "true")
	if n, ok := OpenURL("https://example.com/l/1")().(msgs.Notice); !ok || n.Text != "Opened https://example.com/l/1" {
		t.Fatalf("a launcher that works: %#v", n)
	}
}
