package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
)

func writePNG(t *testing.T, dir, name string, w, h int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestUploadPhotoBothForms(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	dir := t.TempDir()
	a := writePNG(t, dir, "front.png", 64, 48)
	b := writePNG(t, dir, "back.png", 32, 32)

	var res []struct {
		File   string `json:"file"`
		URL    string `json:"url"`
		URLWM  string `json:"url_wm"`
		Width  int    `json:"width"`
		Height int    `json:"height"`
	}
	c.okJSON(&res, "", "upload", "photo", a, b, "--json")
	if len(res) != 2 || res[0].File != a || res[1].File != b {
		t.Fatalf("upload photo --json: %+v", res)
	}
	if res[0].URL == "" || res[0].URLWM == "" || res[0].URL == res[0].URLWM || res[0].Width != 64 || res[0].Height != 48 {
		t.Errorf("first photo: %+v", res[0])
	}

	r := c.run("", "upload", "photo", a)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != exitOK || len(lines) != 2 || strings.Join(strings.Fields(lines[0]), " ") != "FILE URL URL_WM SIZE" ||
		!strings.HasSuffix(lines[1], "64x48") {
		t.Errorf("upload photo text: exit %d\n%s", r.code, r.stdout)
	}
	if r.stderr != "" {
		t.Errorf("a progress bar was drawn on a non-terminal: %q", r.stderr)
	}
	if n := c.uploads.Load(); n != 3 {
		t.Errorf("%d uploads, want 3", n)
	}
}

func TestUploadRefusesBadFilesBeforeSending(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	dir := t.TempDir()
	good := writePNG(t, dir, "good.png", 16, 16)
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a photo at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A file refused before sending is the caller's to change, like a bad --file: exit 2.
	// The good one is uploaded all the same: every file gets its own result.
	r := c.fails(exitUsage, "", "upload", "photo", good, text, filepath.Join(dir, "missing.jpg"))
	for _, want := range []string{"2 of 3 photos failed", "not sent: notes.txt", "not sent: missing.jpg"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the message lacks %q:\n%s", want, r.stderr)
		}
	}
	if !strings.Contains(r.stdout, "good.png") || strings.Contains(r.stdout, "notes.txt") {
		t.Errorf("stdout should list the uploaded photo only:\n%s", r.stdout)
	}
	if n := c.uploads.Load(); n != 1 {
		t.Errorf("%d uploads, want the good photo's 1", n)
	}
	c.uploads.Store(0)
	c.fails(exitUsage, "", "upload", "photo", text)
	r = c.fails(exitUsage, "", "upload", "video", "../../api/testdata/clip61s.mp4")
	if !strings.Contains(r.stderr, "clip61s.mp4") {
		t.Errorf("a 61 s video:\n%s", r.stderr)
	}
	c.fails(exitUsage, "", "upload", "video", good)
	if n := c.uploads.Load(); n != 0 {
		t.Errorf("%d uploads were sent for refused files", n)
	}
}

func TestUploadVideoBothForms(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	clip := "../../api/testdata/clip5s.mp4"
	var res struct {
		File      string `json:"file"`
		URL       string `json:"url"`
		Thumbnail string `json:"thumbnail"`
	}
	c.okJSON(&res, "", "upload", "video", clip, "--json")
	if res.File != clip || res.URL == "" || res.Thumbnail == "" {
		t.Errorf("upload video --json: %+v", res)
	}
	out := c.ok("", "upload", "video", clip)
	if !strings.HasPrefix(out, "url ") || !strings.Contains(out, "\nthumbnail ") {
		t.Errorf("upload video text:\n%s", out)
	}
}

// TestProgressBar: on a terminal the bar redraws one line in place, only when the
// percentage moves, and ends it so that the table starts on a fresh line.
func TestProgressBar(t *testing.T) {
	t.Parallel()
	var term strings.Builder
	b := newProgressBar(&term, "/photos/front.jpg")
	if b.w != nil {
		t.Fatal("a strings.Builder was taken for a terminal")
	}
	b.w = &term // as newProgressBar does for a terminal
	for _, sent := range []int64{0, 1 << 20, 1<<20 + 1, 4 << 20} {
		b.update(sent, 4<<20)
	}
	b.done()
	out := term.String()
	if n := strings.Count(out, "\r"); n != 3 {
		t.Errorf("%d redraws, want 3 (0%%, 25%%, 100%%):\n%q", n, out)
	}
	for _, want := range []string{"front.jpg", "[======                  ]  25%  1.0 MB / 4.0 MB", "100%", "4.0 MB / 4.0 MB\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the bar lacks %q:\n%q", want, out)
		}
	}
}
