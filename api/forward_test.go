package api_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
)

// ForwardPhoto hands back every answer as it came, 4xx included, sends once, and keeps
// the budget and the trace informed.
func TestForwardPhotoPassesAnswersOn(t *testing.T) {
	png := pngBytes(t, 8, 8, false)
	for _, tc := range []struct {
		status int
		body   string
	}{
		{http.StatusCreated, `{"ok":true,"url":"http://m/1.webp","url_wm":"http://m/1-wm.webp","width":8,"height":8}`},
		{http.StatusUnprocessableEntity, `{"ok":false,"error":"required","hint":"send the file"}`},
		{http.StatusInternalServerError, `<html>gateway</html>`},
	} {
		var gotName, gotType, gotAuth string
		var gotBody []byte
		srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
			gotAuth = r.Header.Get("Authorization")
			if _, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil {
				mr := multipart.NewReader(r.Body, params["boundary"])
				if p, err := mr.NextPart(); err == nil {
					gotName, gotType = p.FileName(), p.Header.Get("Content-Type")
					gotBody, _ = io.ReadAll(p)
				}
			}
			w.Header().Set("X-Extra", "kept")
			reply(w, tc.status, tc.body)
		})
		var trace bytes.Buffer
		c := newClient(t, srv.URL, newClock(), api.WithTrace(&trace))
		fw, err := c.ForwardPhoto(context.Background(), `frame "1".png`, bytes.NewReader(png), int64(len(png)))
		if err != nil {
			t.Fatalf("status %d: ForwardPhoto: %v", tc.status, err)
		}
		if fw.Status != tc.status || string(fw.Body) != tc.body || fw.Header.Get("X-Extra") != "kept" {
			t.Errorf("forwarded %d %q (X-Extra %q), want %d %q", fw.Status, fw.Body, fw.Header.Get("X-Extra"), tc.status, tc.body)
		}
		if n.Load() != 1 {
			t.Errorf("status %d: %d requests, want exactly 1 (no retries)", tc.status, n.Load())
		}
		if gotAuth != "Bearer "+testKey || gotName != `frame "1".png` || gotType != "image/png" || !bytes.Equal(gotBody, png) {
			t.Errorf("sent auth %v, part %q %q, %d bytes; want the key, the name, image/png and the photo",
				gotAuth == "Bearer "+testKey, gotName, gotType, len(gotBody))
		}
		if !strings.Contains(trace.String(), "POST /api/v1/upload/photo "+strconv.Itoa(tc.status)) || strings.Contains(trace.String(), testKey) {
			t.Errorf("trace %q: want one POST line with the status and no key", trace.String())
		}
		if b := c.Budget(); b.UsedMinute != 1 {
			t.Errorf("budget used %d, want 1", b.UsedMinute)
		}
	}
}

func TestForwardPhotoScrubsEchoedKey(t *testing.T) {
	png := pngBytes(t, 4, 4, false)
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Echo", r.Header.Get("Authorization"))
		reply(w, http.StatusForbidden, `{"ok":false,"error":"invalid_key","hint":"`+r.Header.Get("Authorization")+`"}`)
	})
	fw, err := newClient(t, srv.URL, newClock()).ForwardPhoto(context.Background(), "a.png", bytes.NewReader(png), int64(len(png)))
	if err != nil {
		t.Fatal(err)
	}
	if fw.Status != http.StatusForbidden || bytes.Contains(fw.Body, []byte(testKey)) || strings.Contains(fw.Header.Get("X-Echo"), testKey) {
		t.Errorf("answer %d %q, X-Echo %q: the key must be scrubbed", fw.Status, fw.Body, fw.Header.Get("X-Echo"))
	}
}

func TestForwardPhotoFailures(t *testing.T) {
	png := pngBytes(t, 4, 4, false)
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		reply(w, http.StatusTooManyRequests, `{"ok":false,"error":"rate_limit_exceeded","hint":"slow down"}`)
	})
	c := newClient(t, srv.URL, newClock())
	fw, err := c.ForwardPhoto(context.Background(), "a.png", bytes.NewReader(png), int64(len(png)))
	if err != nil || fw.Status != http.StatusTooManyRequests {
		t.Fatalf("first forward: %v, %+v; want the 429 passed on", err, fw)
	}
	// The service said to wait 30 s; a caller that cannot wait that long is refused locally.
	ctx, cancel := context.WithTimeout(context.Background(), 1)
	defer cancel()
	_, err = c.ForwardPhoto(ctx, "a.png", bytes.NewReader(png), int64(len(png)))
	if n.Load() != 1 || err == nil {
		t.Errorf("after a 429: %d requests, error %v; want the second refused without sending", n.Load(), err)
	}

	if _, err := c.ForwardPhoto(context.Background(), "a.txt", strings.NewReader("hello, world"), 12); err == nil ||
		!strings.Contains(err.Error(), "not a JPG, PNG, WebP or HEIC") {
		t.Errorf("text file: %v, want a format refusal", err)
	}

	srv.Close()
	c2 := newClient(t, srv.URL, newClock())
	_, err = c2.ForwardPhoto(context.Background(), "a.png", bytes.NewReader(png), int64(len(png)))
	if !api.IsUnreachable(err) || strings.Contains(err.Error(), testKey) {
		t.Errorf("closed server: %v, want an UnreachableError without the key", err)
	}
}
