package detail

import (
	"bytes"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api/client/media/mediatest"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func plainText(s string) string { return ansi.Strip(s) }

func TestPreviewWithColour(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	m, _, imgs := newModel(120, 60)
	m, _ = open(m, 10042)
	if len(imgs.calls) != 1 || imgs.calls[0] != "https://media.example/seed/1.webp" {
		t.Fatalf("image calls %v", imgs.calls)
	}
	v := m.View()
	tuitest.Contains(t, v, "▀", "\x1b[38;2;")
	// Wide: beside the facts, on the line of the ID.
	idLine := lineWith(ansi.Strip(v), "ID  ")
	if !strings.Contains(idLine, "▀") {
		t.Fatalf("preview not beside the facts: %q", idLine)
	}
	// 160×120 fits 40×30 pixels → 32 columns × 12 rows.
	if n := strings.Count(ansi.Strip(m.preview), "\n") + 1; n != 12 {
		t.Fatalf("preview has %d rows", n)
	}
	if w := ansi.StringWidth(strings.SplitN(m.preview, "\n", 2)[0]); w != 32 {
		t.Fatalf("preview row width %d", w)
	}
	tuitest.CheckExactSize(t, m.View(), 120, 60)

	// Narrow: below the facts, so that an 80×24 screen opens on the facts.
	m.SetSize(70, 60)
	v = tuitest.Screen(m)
	if strings.Index(v, "▀") < strings.Index(v, "Updated") {
		t.Fatal("preview not below the facts")
	}
	tuitest.CheckExactSize(t, m.View(), 70, 60)
	m.SetSize(80, 24)
	tuitest.Contains(t, tuitest.Screen(m), "ID  ", "Updated")
	// Narrowest: left out.
	m.SetSize(59, 60)
	tuitest.Lacks(t, m.View(), "▀")
	tuitest.CheckExactSize(t, m.View(), 59, 60)
	if len(imgs.calls) != 1 {
		t.Fatal("resizing fetched the image again")
	}
}

func lineWith(v, sub string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

func TestPreviewAsciiIsText(t *testing.T) {
	m, _, imgs := newModel(120, 60)
	m, _ = open(m, 10042)
	tuitest.Lacks(t, m.View(), "▀")
	tuitest.Contains(t, tuitest.Screen(m), "photo preview needs a colour terminal")
	if len(imgs.calls) != 0 {
		t.Fatal("fetched a preview that cannot be shown")
	}
}

func TestPreviewFailureIsAMutedLine(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	m, _, imgs := newModel(120, 60)
	imgs.err = errors.New("the server answered 404 Not Found")
	m, out := open(m, 10042)
	tuitest.Contains(t, tuitest.Screen(m), "photo preview unavailable: the server", "answered 404 Not Found")
	if len(out) != 1 { // only the ListingChanged of the load
		t.Fatalf("a failed preview reached the root: %#v", out)
	}
}

func TestHTTPImages(t *testing.T) {
	var pngBuf, jpgBuf bytes.Buffer
	_ = png.Encode(&pngBuf, gradient(8, 6))
	_ = jpeg.Encode(&jpgBuf, gradient(8, 6), nil)
	big := bytes.Repeat([]byte{0}, maxImageBytes+10)
	mux := http.NewServeMux()
	mux.HandleFunc("/a.png", func(w http.ResponseWriter, _ *http.Request) { w.Write(pngBuf.Bytes()) })
	mux.HandleFunc("/a.jpg", func(w http.ResponseWriter, _ *http.Request) { w.Write(jpgBuf.Bytes()) })
	mux.HandleFunc("/text", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("<html>hello</html>")) })
	mux.HandleFunc("/bad.png", func(w http.ResponseWriter, _ *http.Request) { w.Write(pngBuf.Bytes()[:40]) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, _ *http.Request) { w.Write(big) })
	ts := httptest.NewServer(mux)
	defer ts.Close()
	fetch := HTTPImages(ts.Client())
	for _, p := range []string{"/a.png", "/a.jpg"} {
		img, err := fetch(t.Context(), ts.URL+p)
		if err != nil || img.Bounds().Dx() != 8 {
			t.Fatalf("%s: %v", p, err)
		}
	}
	for p, want := range map[string]string{
		"/missing": "404", "/text": "not a JPEG, PNG or WebP", "/bad.png": "could not",
		"/big": "larger than 15 MB",
	} {
		_, err := fetch(t.Context(), ts.URL+p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", p, err, want)
		}
	}
	if _, err := fetch(t.Context(), "::nope"); err == nil {
		t.Error("bad URL accepted")
	}
}

// TestDecodeImageIsBounded: a photo whose picture would take more than the bound to
// decode is refused from its header, having allocated next to nothing (decoding this
// 0.4 MB progressive CMYK JPEG would take 1.1 GB).
func TestDecodeImageIsBounded(t *testing.T) {
	data := mediatest.JPEG(7000, 7000, mediatest.CMYK, true)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := decodeImage(data)
	runtime.ReadMemStats(&after)
	const want = "the photo is 7000×7000 px, a progressive CMYK JPEG that would take 1.1 GiB to decode; previews are decoded within 128 MiB"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing it allocated %.1f MB", float64(n)/(1<<20))
	}
	if img, err := decodeImage(mediatest.JPEG(1600, 1200, mediatest.YCbCr420, false)); err != nil || img.Bounds().Dx() != 1600 {
		t.Errorf("a 1600 px photo: %v", err)
	}
}

func BenchmarkView(b *testing.B) {
	for _, sz := range [][2]int{{80, 24}, {250, 70}} {
		m, _, _ := newModel(sz[0], sz[1])
		m, _ = open(m, 10042)
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}
