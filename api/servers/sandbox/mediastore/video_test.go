package mediastore

import (
	"bytes"
	"errors"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/client/media"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "client", "media", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPutVideo(t *testing.T) {
	for _, mode := range []string{"memory", "dir"} {
		t.Run(mode, func(t *testing.T) {
			dir := ""
			if mode == "dir" {
				dir = t.TempDir()
			}
			s := mustNew(t, dir)
			ok := map[string]string{
				"clip5s.mp4": ".mp4", "clip5s-hevc.mp4": ".mp4", "clip5s.mov": ".mov",
				"frag5s.mp4": ".mp4",
			}
			for name, ext := range ok {
				file := fixture(t, name)
				v, err := s.PutVideo(bytes.NewReader(file))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if v.Duration.Round(10*time.Millisecond) != 5*time.Second || !strings.HasPrefix(v.Name, "v/") ||
					filepath.Ext(v.Name) != ext || v.Thumbnail != strings.TrimSuffix(v.Name, ext)+"_thumb.png" {
					t.Errorf("%s: %+v", name, v)
				}
				body, resp := get(t, s, v.Name, nil)
				if resp.StatusCode != http.StatusOK || !bytes.Equal(body, file) {
					t.Errorf("%s: served %d, %d bytes", name, resp.StatusCode, len(body))
				}
				body, resp = get(t, s, v.Thumbnail, nil)
				if resp.Header.Get("Content-Type") != "image/png" {
					t.Errorf("%s poster: %s", name, resp.Header.Get("Content-Type"))
				}
				if cfg, err := png.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != posterW {
					t.Errorf("%s poster: %v %+v", name, err, cfg)
				}
			}
			for _, name := range []string{"clip61s.mp4", "clip61s.mov", "clip61s.webm", "frag61s.mp4"} {
				_, err := s.PutVideo(bytes.NewReader(fixture(t, name)))
				var long *VideoTooLongError
				if !errors.As(err, &long) || long.Duration.Round(10*time.Millisecond) != 61*time.Second {
					t.Errorf("%s: err = %v, want VideoTooLongError of 61s", name, err)
				}
			}
			if dir != "" {
				assertNoTemp(t, dir)
			}
		})
	}
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(dir, "*", tmpPref+"*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestPutVideoRefused(t *testing.T) {
	dir := t.TempDir()
	s := mustNew(t, dir)
	cases := map[string]struct {
		file []byte
		says string
	}{
		"photo":       {fixture(t, "photo.heic"), "HEIC, not MP4"},
		"text":        {[]byte("not a video at all"), "not a recognised video"},
		"no moov":     {append([]byte("\x00\x00\x00\x14ftypisom\x00\x00\x00\x00isom"), make([]byte, 32)...), "MP4 container has no readable duration"},
		"matroska":    {[]byte("\x1a\x45\xdf\xa3\x8b\x42\x82\x88matroska\x18\x53\x80\x67\x80"), "MATROSKA, not MP4"},
		"webm header": {fixture(t, "clip5s.webm")[:60], "WEBM container has no readable duration"},
	}
	for name, c := range cases {
		_, err := s.PutVideo(bytes.NewReader(c.file))
		if !errors.Is(err, ErrUnsupportedVideo) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: err = %v, want ErrUnsupportedVideo saying %q", name, err, c.says)
		}
	}
	assertNoTemp(t, dir)
}

func TestPutVideoTooLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MiB")
	}
	s := mustNew(t, "")
	r := &countingReader{prefix: fixture(t, "clip5s.mp4")}
	if _, err := s.PutVideo(r); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if r.n > media.MaxVideoBytes+1 {
		t.Errorf("read %d bytes, want at most %d", r.n, media.MaxVideoBytes+1)
	}
}
