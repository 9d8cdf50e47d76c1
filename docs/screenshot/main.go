// Command screenshot makes docs/screenshot.png, the README's picture of the TUI: it runs
// `listings --sandbox --lang en` in a detached tmux session of 100×30, captures the screen with
// its colours (`tmux capture-pane -e`), renders that as an HTML page and has headless
// Chromium photograph the page. Run it with `make screenshot`; it needs tmux and
// chromium. Nothing is stored: --sandbox runs on an in-process sandbox.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

const (
	cols, rows = 100, 30
	fontPx     = 14
	linePx     = 17
	padPx      = 12
	// charPx is DejaVu Sans Mono's advance at 14 px; the window is cut to the screen.
	charPx = 8.43
)

func main() {
	out := flag.String("o", "docs/screenshot.png", "PNG to write")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	chromium, err := findChromium()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "listings-shot-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	bin := filepath.Join(tmp, "listings")
	if b, err := exec.Command("go", "build", "-o", bin, "./cmd/listings").CombinedOutput(); err != nil {
		return fmt.Errorf("build: %v\n%s", err, b)
	}
	screen, err := capture(bin, tmp)
	if err != nil {
		return err
	}
	page := filepath.Join(tmp, "screen.html")
	if err := os.WriteFile(page, []byte(pageHTML(screen)), 0o600); err != nil {
		return err
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	width := int(cols*charPx) + 2*padPx + 1
	height := rows*linePx + 2*padPx
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--force-device-scale-factor=2", fmt.Sprintf("--window-size=%d,%d", width, height),
		"--user-data-dir="+filepath.Join(tmp, "chromium"), "--screenshot="+abs, "file://"+page)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("chromium: %v\n%s", err, b)
	}
	fmt.Println("wrote", out)
	return nil
}

// capture starts the app in its own tmux server (its own socket, so no other session
// is touched), waits for the listings to show and returns the screen with its escapes.
func capture(bin, tmp string) (string, error) {
	socket := filepath.Join(tmp, "tmux.sock")
	tmux := func(args ...string) *exec.Cmd {
		return exec.Command("tmux", append([]string{"-S", socket, "-f", "/dev/null"}, args...)...)
	}
	start := tmux("new-session", "-d", "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows),
		"-e", "COLORTERM=truecolor", "-e", "LISTINGS_CONFIG_DIR="+filepath.Join(tmp, "config"),
		"-e", "LISTINGS_DATA_DIR="+filepath.Join(tmp, "data"), bin+" --sandbox --lang en")
	if b, err := start.CombinedOutput(); err != nil {
		return "", fmt.Errorf("tmux: %v\n%s", err, b)
	}
	defer func() { _ = tmux("kill-server").Run() }()

	// The first page of listings is there when a status shows in the rows; a second
	// look a moment later makes sure the screen has settled.
	deadline := time.Now().Add(30 * time.Second)
	var last []byte
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		plain, err := tmux("capture-pane", "-p").Output()
		if err != nil {
			return "", fmt.Errorf("tmux capture-pane: %v", err)
		}
		if bytes.Contains(plain, []byte("● active")) && bytes.Equal(plain, last) {
			b, err := tmux("capture-pane", "-p", "-e").Output()
			return string(b), err
		}
		last = plain
	}
	return "", fmt.Errorf("the listings did not show within 30 s; last screen:\n%s", last)
}

func pageHTML(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	for i, l := range lines {
		lines[i] = toHTML(l)
	}
	return fmt.Sprintf(`<!doctype html><meta charset="utf-8"><title>%s</title>
<style>
html,body{margin:0;background:%s}
pre{margin:0;padding:%dpx;color:%s;font:%dpx/%dpx "DejaVu Sans Mono",monospace;white-space:pre}
</style>
<pre>%s</pre>
`, html.EscapeString("listings --sandbox --lang en"), defaultBG, padPx, defaultFG, fontPx, linePx, strings.Join(lines, "\n"))
}

func findChromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on PATH (chromium, chromium-browser or google-chrome)")
}
