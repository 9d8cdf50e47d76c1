package mediapick

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSandboxUploads sends photos of three formats, a video and a 3D tour to the
// sandbox through the real client; the 61 s video is refused without a request.
func TestSandboxUploads(t *testing.T) {
	c := apitest.Serve(t, sandbox.Options{}).Client(t, sandbox.KeyPersonal)
	dir := t.TempDir()
	writeJPEG(t, dir, "a-front.jpg")
	writePNG(t, dir, "b-side.png")
	copyFile(t, testdata("photo.heic"), filepath.Join(dir, "c-detail.heic"))
	writeText(t, dir, "d-notes.jpg")
	tour := filepath.Join(dir, "tour")
	if err := os.Mkdir(tour, 0o755); err != nil {
		t.Fatal(err)
	}
	writeJPEG(t, tour, "f1.jpg")
	writeJPEG(t, tour, "f2.jpg")

	l := newLoop(t, c, dir, 80, 24)
	l.patience = 10 * time.Minute
	long, _ := filepath.Abs(testdata("clip61s.mp4"))
	l.addPath("v", long)
	l.settle()
	if used := c.Budget().UsedToday; used != 0 {
		t.Errorf("%d requests for a video refused by its duration", used)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "clip61s.mp4: 61 s is over the 60 s limit") {
		t.Errorf("long video not refused:\n%s", s)
	}
	l.addPath("p", "*")
	if s := tuitest.Screen(l.m); !strings.Contains(s, "d-notes.jpg: is not a JPG, PNG, WebP or HEIC image") {
		t.Errorf("text file not refused:\n%s", s)
	}
	short, _ := filepath.Abs(testdata("clip5s.mp4"))
	l.addPath("v", short)
	l.addPath("f", "tour")
	l.settle()

	photos, video, frames := l.m.Media()
	if l.m.Failed() != 0 || len(photos) != 3 || len(frames) != 2 || video == nil {
		t.Fatalf("failed %d, media %+v %+v %+v\n%s", l.m.Failed(), photos, video, frames, tuitest.Screen(l.m))
	}
	for i, want := range []string{"a-front.jpg", "b-side.png", "c-detail.heic"} {
		p := photos[i]
		if filepath.Base(p.Path) != want || p.URL == "" || p.URLWM == "" || p.URL == p.URLWM || p.Width == 0 {
			t.Errorf("photo %d: %+v", i, p)
		}
	}
	if video.URL == "" || video.Thumbnail == "" || video.Duration == 0 {
		t.Errorf("video %+v", video)
	}
	// Three photos, one video, two frames: one request each, nothing else.
	if used := c.Budget().UsedToday; used != 6 {
		t.Errorf("%d requests, want 6", used)
	}
	if len(tuitest.Of[msgs.Error](l.out)) != 0 {
		t.Errorf("errors %v", tuitest.Of[msgs.Error](l.out))
	}
	resp, err := http.Get(photos[0].URLWM)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(body) == 0 {
		t.Errorf("GET %s: %d, %d bytes", photos[0].URLWM, resp.StatusCode, len(body))
	}
}
