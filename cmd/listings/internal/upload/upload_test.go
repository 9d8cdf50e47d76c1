package upload_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

func TestUploadPhotoBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	dir := t.TempDir()
	a := clitest.WritePNG(t, dir, "front.png", 64, 48)
	b := clitest.WritePNG(t, dir, "back.png", 32, 32)

	var res []struct {
		File   string `json:"file"`
		URL    string `json:"url"`
		URLWM  string `json:"url_wm"`
		Width  int    `json:"width"`
		Height int    `json:"height"`
	}
	c.OKJSON(&res, "", "upload", "photo", a, b, "--json")
	if len(res) != 2 || res[0].File != a || res[1].File != b {
		t.Fatalf("upload photo --json: %+v", res)
	}
	if res[0].URL == "" || res[0].URLWM == "" || res[0].URL == res[0].URLWM || res[0].Width != 64 || res[0].Height != 48 {
		t.Errorf("first photo: %+v", res[0])
	}

	r := c.Run("", "upload", "photo", a)
	lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	if r.Code != cmdutil.ExitOK || len(lines) != 2 || strings.Join(strings.Fields(lines[0]), " ") != "FILE URL URL_WM SIZE" ||
		!strings.HasSuffix(lines[1], "64x48") {
		t.Errorf("upload photo text: exit %d\n%s", r.Code, r.Stdout)
	}
	if r.Stderr != "" {
		t.Errorf("a progress bar was drawn on a non-terminal: %q", r.Stderr)
	}
	if n := c.Uploads.Load(); n != 3 {
		t.Errorf("%d uploads, want 3", n)
	}
}

func TestUploadRefusesBadFilesBeforeSending(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	dir := t.TempDir()
	good := clitest.WritePNG(t, dir, "good.png", 16, 16)
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a photo at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A file refused before sending is the caller's to change, like a bad --file: exit 2.
	// The good one is uploaded all the same: every file gets its own result.
	r := c.Fails(cmdutil.ExitUsage, "", "upload", "photo", good, text, filepath.Join(dir, "missing.jpg"))
	for _, want := range []string{"2 of 3 photos failed", "not sent: notes.txt", "not sent: missing.jpg"} {
		if !strings.Contains(r.Stderr, want) {
			t.Errorf("the message lacks %q:\n%s", want, r.Stderr)
		}
	}
	if !strings.Contains(r.Stdout, "good.png") || strings.Contains(r.Stdout, "notes.txt") {
		t.Errorf("stdout should list the uploaded photo only:\n%s", r.Stdout)
	}
	if n := c.Uploads.Load(); n != 1 {
		t.Errorf("%d uploads, want the good photo's 1", n)
	}
	c.Uploads.Store(0)
	c.Fails(cmdutil.ExitUsage, "", "upload", "photo", text)
	r = c.Fails(cmdutil.ExitUsage, "", "upload", "video", clitest.RepoFile(t, "api/testdata/clip61s.mp4"))
	if !strings.Contains(r.Stderr, "clip61s.mp4") {
		t.Errorf("a 61 s video:\n%s", r.Stderr)
	}
	c.Fails(cmdutil.ExitUsage, "", "upload", "video", good)
	if n := c.Uploads.Load(); n != 0 {
		t.Errorf("%d uploads were sent for refused files", n)
	}
}

func TestUploadVideoBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	clip := clitest.RepoFile(t, "api/testdata/clip5s.mp4")
	var res struct {
		File      string `json:"file"`
		URL       string `json:"url"`
		Thumbnail string `json:"thumbnail"`
	}
	c.OKJSON(&res, "", "upload", "video", clip, "--json")
	if res.File != clip || res.URL == "" || res.Thumbnail == "" {
		t.Errorf("upload video --json: %+v", res)
	}
	out := c.OK("", "upload", "video", clip)
	if !strings.HasPrefix(out, "url ") || !strings.Contains(out, "\nthumbnail ") {
		t.Errorf("upload video text:\n%s", out)
	}
}

// On a terminal every photo leaves a line on stderr with its size and URL; off one,
// only failures are written there.
func TestUploadPhotoLinesOnATerminal(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	c.StderrTTY = true
	dir := t.TempDir()
	a := clitest.WritePNG(t, dir, "front.png", 64, 48)
	b := clitest.WritePNG(t, dir, "back.png", 32, 32)
	r := c.Run("", "upload", "photo", a, b)
	if r.Code != cmdutil.ExitOK {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	for _, want := range []string{"✓ front.png", "64x48", "✓ back.png", "32x32", "/media/"} {
		if !strings.Contains(r.Stderr, want) {
			t.Errorf("stderr lacks %q:\n%q", want, r.Stderr)
		}
	}
}
