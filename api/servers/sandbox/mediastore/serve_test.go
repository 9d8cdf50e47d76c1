package mediastore

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

func TestServe(t *testing.T) {
	s := mustNew(t, "")
	v, err := s.PutVideo(bytes.NewReader(fixture(t, "phones/h264.webm")))
	if err != nil {
		t.Fatal(err)
	}
	mov, err := s.PutVideo(bytes.NewReader(fixture(t, "clip5s.mov")))
	if err != nil {
		t.Fatal(err)
	}
	for name, ct := range map[string]string{v.Name: "video/webm", mov.Name: "video/quicktime", v.Thumbnail: "image/png"} {
		body, resp := get(t, s, name, nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != ct ||
			resp.Header.Get("Content-Length") != strconv.Itoa(len(body)) ||
			resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %d %v", name, resp.StatusCode, resp.Header)
		}
	}

	whole := fixture(t, "phones/h264.webm")
	body, resp := get(t, s, v.Name, http.Header{"Range": {"bytes=4-11"}})
	if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, whole[4:12]) ||
		resp.Header.Get("Content-Range") != "bytes 4-11/"+strconv.Itoa(len(whole)) {
		t.Errorf("range: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	etag := resp.Header.Get("ETag")
	if _, resp = get(t, s, v.Name, http.Header{"If-None-Match": {etag}}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", resp.StatusCode)
	}

	const notFound = `{"ok":false,"error":"not_found","hint":"no media at this path"}`
	for _, path := range []string{
		"/media/p/0123456789abcdef0123456789abcdef.webp", // well-formed, absent
		"/media/../mediastore.go", "/media/p/../../etc/passwd", "/media/p/%2e%2e/x.webp",
		"/media/", "/media/seed/01.webp", "/media/seed/1000000.webp", "/media/seed/-1.webp",
		"/elsewhere/" + v.Name, "/media/" + v.Name + "/",
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path = path
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || rec.Body.String() != notFound || rec.Header().Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}

	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(m, "/media/"+v.Name, nil))
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" ||
			!bytes.Contains(rec.Body.Bytes(), []byte(`"error":"method_not_allowed"`)) {
			t.Errorf("%s: %d %v %s", m, rec.Code, rec.Header(), rec.Body)
		}
	}

	srv := httptest.NewServer(s)
	defer srv.Close()
	head, err := http.Head(srv.URL + "/media/" + v.Name)
	if err != nil {
		t.Fatal(err)
	}
	_ = head.Body.Close()
	if head.StatusCode != 200 || head.ContentLength != int64(len(whole)) {
		t.Errorf("HEAD: %d, length %d", head.StatusCode, head.ContentLength)
	}
}

func TestSeedPhoto(t *testing.T) {
	s := mustNew(t, "")
	name, wm := s.SeedPhoto(3)
	if name != "seed/3.webp" || wm != "seed/3_wm.webp" {
		t.Fatalf("names %q %q", name, wm)
	}
	if n, _ := s.SeedPhoto(-1); n != "seed/999999.webp" {
		t.Errorf("SeedPhoto(-1) = %q", n)
	}
	img := fetchWebP(t, s, name)
	if img.Bounds().Dx() != seedW || img.Bounds().Dy() != seedH {
		t.Errorf("seed size %v", img.Bounds())
	}
	assertMarked(t, img, fetchWebP(t, s, wm))

	// Concurrent first requests render once and agree; other numbers differ; a new
	// store renders the same bytes.
	var wg sync.WaitGroup
	bodies := make([][]byte, 6)
	for i := range bodies {
		wg.Go(func() { bodies[i], _ = get(t, s, "seed/5.webp", nil) })
	}
	wg.Wait()
	for _, b := range bodies[1:] {
		if !bytes.Equal(b, bodies[0]) {
			t.Fatal("concurrent renders differ")
		}
	}
	again, _ := get(t, mustNew(t, ""), "seed/5.webp", nil)
	other, _ := get(t, s, "seed/6.webp", nil)
	if !bytes.Equal(again, bodies[0]) || bytes.Equal(other, bodies[0]) {
		t.Error("seed photos must be deterministic per n and differ between n")
	}
}

func TestPersistence(t *testing.T) {
	dir := t.TempDir()
	s := mustNew(t, dir)
	p, err := s.PutPhoto(bytes.NewReader(encodePNG(t, halves(50, 30))))
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.PutVideo(bytes.NewReader(fixture(t, "clip5s.mp4")))
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, photoDir, tmpPref+"123")
	if err := os.WriteFile(stale, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}

	reopened := mustNew(t, dir)
	for _, name := range []string{p.Name, p.NameWM, v.Name, v.Thumbnail} {
		if _, resp := get(t, reopened, name, nil); resp.StatusCode != http.StatusOK {
			t.Errorf("%s after reopening: %d", name, resp.StatusCode)
		}
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary file kept: %v", err)
	}
	if _, resp := get(t, mustNew(t, ""), p.Name, nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a memory store must not see another store's files: %d", resp.StatusCode)
	}
}

func BenchmarkSeedRender(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := encodeWebP(renderSeed(i)); err != nil {
			b.Fatal(err)
		}
	}
}
