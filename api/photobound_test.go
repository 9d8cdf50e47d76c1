package api_test

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media/mediatest"
)

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A photo whose picture is over the decoding bound is never decoded: over 12 MB it is
// refused with the reason and what to do, within 12 MB it is sent as it is (the
// service shrinks it). Decoding the progressive CMYK JPEG here would take 1.1 GB,
// the 16-bit PNG 394 MB; either way next to nothing is allocated.
func TestUploadNeverDecodesAPictureOverTheBound(t *testing.T) {
	rec, url, count := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":1600,"height":1600}`)
	c := newClient(t, url, newClock())
	upload := func(p string) (err error) {
		n := allocated(func() { _, err = c.UploadPhoto(context.Background(), p, nil) })
		if n > 4<<20 {
			t.Errorf("%s: the upload allocated %.1f MB", p, float64(n)/(1<<20))
		}
		return err
	}
	cmyk := mediatest.JPEG(7000, 7000, mediatest.CMYK, true)
	deep := mediatest.PNGHeader(7000, 7000, 16, 2, false)
	for _, tt := range []struct{ name, msg string }{
		{"cmyk.jpg", "cmyk.jpg: 15.2 MB is over the 12 MB limit, and it cannot be shrunk here: it is 7000×7000 px " +
			"(49 megapixels, a progressive CMYK JPEG): decoding it would take 1.1 GiB of memory, over the 128 MiB " +
			"that a photo may take here; export it at 2150×2150 px or smaller (the service shrinks every photo to 1600 px anyway)"},
		{"deep.png", "deep.png: 15.2 MB is over the 12 MB limit, and it cannot be shrunk here: it is 7000×7000 px " +
			"(49 megapixels, a 16-bit colour PNG): decoding it would take 394 MiB of memory"},
	} {
		head := cmyk
		if strings.HasSuffix(tt.name, ".png") {
			head = deep
		}
		err := upload(sparse(t, tt.name, head, 14*(1<<20)+(1<<19)))
		if !api.IsFileRule(err, api.RuleSize) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v\nwant %s", tt.name, err, tt.msg)
		}
	}
	if count() != 0 {
		t.Errorf("%d requests spent on refused photos", count())
	}
	for name, data := range map[string][]byte{"cmyk.jpg": cmyk, "deep.png": deep} {
		p := writeFile(t, name, data)
		chk, err := api.CheckPhoto(p)
		if err != nil || chk.Shrink || chk.Width != 7000 {
			t.Errorf("%s within 12 MB: %+v %v", name, chk, err)
		}
		if err := upload(p); err != nil {
			t.Fatal(err)
		}
		sent, _ := os.ReadFile(p)
		if !bytes.Equal(rec.data, sent) {
			t.Errorf("%s within 12 MB was not sent as it is", name)
		}
	}
}

// A 48 MP phone photo is within the bound: it is shrunk (over 12 MB as phones'
// 48 MP JPEGs can be, or not).
func TestUploadShrinksA48MPPhoto(t *testing.T) {
	testrace.Heavy(t)
	rec, url, _ := uploadServer(t, `{"ok":true,"url":"u","url_wm":"w","width":1600,"height":1200}`)
	c := newClient(t, url, newClock())
	p := sparse(t, "48mp.jpg", mediatest.JPEG(8064, 6048, mediatest.YCbCr420, false), 13<<20)
	chk, err := api.CheckPhoto(p)
	if err != nil || !chk.Shrink {
		t.Fatalf("%+v %v", chk, err)
	}
	if _, err := c.UploadPhoto(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	if img, format := decodeSent(t, rec); format != "jpeg" || img.Bounds().Dx() != 1600 || img.Bounds().Dy() != 1200 {
		t.Errorf("sent %s %v", format, img.Bounds())
	}
}
