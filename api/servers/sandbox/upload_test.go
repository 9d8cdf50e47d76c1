package sandbox

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/mediatest"
)

// multipartBody builds a multipart/form-data body with one part named field.
func multipartBody(t *testing.T, field string, data []byte, extra map[string]string) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range extra {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if field != "" {
		w, err := mw.CreateFormFile(field, "upload.bin")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

func (e *env) upload(path, field string, data []byte) resp {
	e.t.Helper()
	body, ct := multipartBody(e.t, field, data, map[string]string{"note": "ignored"})
	r := httptest.NewRequest("POST", path, body)
	r.RemoteAddr = "127.0.0.1:1234"
	r.Header.Set("Authorization", "Bearer "+KeyBusiness)
	r.Header.Set("Content-Type", ct)
	return e.do(r)
}

func pngImage(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestUploadPhoto(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.upload("/api/v1/upload/photo", "file", pngImage(t, 320, 200))
	wantOK(t, r, 201)
	if r.num("width") != 320 || r.num("height") != 200 ||
		!strings.HasPrefix(r.str("url"), "http://example.com/media/") ||
		!strings.HasPrefix(r.str("url_wm"), "http://example.com/media/") {
		t.Fatalf("upload: %s", r.raw)
	}
	got := e.get(strings.TrimPrefix(r.str("url"), "http://example.com"), "")
	if got.code != 200 || !bytes.HasPrefix(got.raw, []byte("RIFF")) {
		t.Fatalf("GET url: %d %.20q", got.code, got.raw)
	}
	// The upload's URLs go straight into a listing.
	b := e.validBody("Phone with uploaded photo")
	b["photos"] = []string{r.str("url")}
	b["photos_wm"] = []string{r.str("url_wm")}
	id := e.create(KeyBusiness, b)
	d := e.get(path(id), KeyBusiness).obj("listing")
	if d["photo"] != r.str("url") {
		t.Fatalf("photo %v", d["photo"])
	}
}

func TestUploadErrors(t *testing.T) {
	e := newEnv(t, Options{})
	wantErr(t, e.upload("/api/v1/upload/photo", "", nil), 400, "required")
	wantErr(t, e.upload("/api/v1/upload/photo", "photo", pngImage(t, 4, 4)), 400, "required")
	wantErr(t, e.upload("/api/v1/upload/photo", "file", []byte("GIF89a not really an image at all")), 415, "unsupported_image_format")
	wantErr(t, e.upload("/api/v1/upload/video", "file", pngImage(t, 4, 4)), 415, "unsupported_video_format")
	wantErr(t, e.req("POST", "/api/v1/upload/photo", KeyBusiness, "{}"), 415, "unsupported_media_type")

	// A file over 12 MB: 413, whether or not Content-Length announces it.
	big := make([]byte, media.MaxPhotoBytes+1)
	copy(big, pngImage(t, 4, 4))
	wantErr(t, e.upload("/api/v1/upload/photo", "file", big), 413, "payload_too_large")
	body, ct := multipartBody(t, "file", big, nil)
	r := httptest.NewRequest("POST", "/api/v1/upload/photo", io.MultiReader(body)) // no length
	r.RemoteAddr = "127.0.0.1:1"
	r.Header.Set("Authorization", "Bearer "+KeyBusiness)
	r.Header.Set("Content-Type", ct)
	if r.ContentLength > 0 {
		t.Fatal("request has a length")
	}
	wantErr(t, e.do(r), 413, "payload_too_large")

	r = httptest.NewRequest("POST", "/api/v1/upload/photo", strings.NewReader("--x\r\nbroken"))
	r.RemoteAddr = "127.0.0.1:1"
	r.Header.Set("Authorization", "Bearer "+KeyBusiness)
	r.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	got := e.do(r)
	if got.code != 400 {
		t.Fatalf("broken multipart: %d %s", got.code, got.raw)
	}
}

// A photo within 12 MB whose picture is too large to convert is refused with 413 and
// a hint that says why and what to send instead, not the file size limit it is within.
// The progressive CMYK JPEG of 7000×7000 px is 0.4 MB; decoding it would take 1.1 GB.
func TestUploadPhotoTooLargeToConvert(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.upload("/api/v1/upload/photo", "file", mediatest.JPEG(7000, 7000, mediatest.CMYK, true))
	wantErr(t, r, 413, "payload_too_large")
	const want = "the photo is within 12 MB but too large to convert: it is 7000×7000 px (49 megapixels, " +
		"a progressive CMYK JPEG): decoding it would take 1.1 GiB of memory, over the 128 MiB that a photo may take here; " +
		"export it at 2150×2150 px or smaller (the service shrinks every photo to 1600 px anyway)"
	if r.str("hint") != want {
		t.Errorf("hint %q\nwant %q", r.str("hint"), want)
	}
}

func TestUploadVideo(t *testing.T) {
	e := newEnv(t, Options{})
	short, err := os.ReadFile("../../client/media/testdata/clip5s.mp4")
	if err != nil {
		t.Skip("video fixtures absent:", err)
	}
	r := e.upload("/api/v1/upload/video", "file", short)
	wantOK(t, r, 201)
	if !strings.HasPrefix(r.str("url"), "http://example.com/media/") ||
		!strings.HasPrefix(r.str("thumbnail"), "http://example.com/media/") {
		t.Fatalf("video: %s", r.raw)
	}
	for _, f := range []string{"clip61s.mp4", "clip61s.webm", "clip61s.mov"} {
		long, err := os.ReadFile("../../client/media/testdata/" + f)
		if err != nil {
			t.Skip("video fixtures absent:", err)
		}
		r = e.upload("/api/v1/upload/video", "file", long)
		wantErr(t, r, 422, "video_too_long")
		if r.str("field") != "file" || !strings.Contains(r.str("hint"), "1m1") {
			t.Fatalf("%s: %s", f, r.raw)
		}
	}
}
