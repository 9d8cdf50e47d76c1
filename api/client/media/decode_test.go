package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

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

// TestHeaderCountsTheDecode checks the cost model against what the decoders allocate
// for each kind of picture: never more than counted, and not far less either, so that
// the bound means what it says.
func TestHeaderCountsTheDecode(t *testing.T) {
	testrace.Heavy(t)
	files := map[string][]byte{}
	kinds := map[string]mediatest.Kind{"grey": mediatest.Gray, "420": mediatest.YCbCr420,
		"422": mediatest.YCbCr422, "444": mediatest.YCbCr444, "cmyk": mediatest.CMYK}
	for name, k := range kinds {
		files[name+".jpg"] = mediatest.JPEG(1651, 301, k, false)
		files[name+"-progressive.jpg"] = mediatest.JPEG(1651, 301, k, true)
	}
	r := image.Rect(0, 0, 1650, 300)
	gray16 := image.NewGray16(r)
	nrgba := image.NewNRGBA(r)
	nrgba.Pix[3] = 0x80 // not opaque, so the encoder keeps the alpha
	pal := image.NewPaletted(r, color.Palette{color.Black, color.White})
	for name, m := range map[string]image.Image{"rgba.png": image.NewRGBA(r), "nrgba.png": nrgba,
		"gray.png": image.NewGray(r), "gray16.png": gray16, "rgba64.png": image.NewRGBA64(r), "pal.png": pal} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, m); err != nil {
			t.Fatal(err)
		}
		files[name] = buf.Bytes()
	}
	for name, b := range files {
		f := Sniff(b)
		var h Header
		var err error
		n := allocated(func() {
			var img image.Image
			img, h, err = Decode(bytes.NewReader(b), f, MaxDecodeBytes)
			if err == nil {
				Orient(Fit(img, TargetSide), 6)
			}
		})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if n > uint64(h.Cost()) || n < uint64(h.DecodeBytes)*3/4 {
			t.Errorf("%s (%s): decoding, fitting and turning allocated %d bytes; the header counted %d (%d to decode)",
				name, h.Kind, n, h.Cost(), h.DecodeBytes)
		}
	}
}

// hostile is a picture that is small as a file and over the bound as a picture.
type hostile struct {
	name, format string
	data         []byte
	msg          string
}

func hostiles() []hostile {
	return []hostile{
		{"progressive CMYK", "jpeg", mediatest.JPEG(7000, 7000, mediatest.CMYK, true),
			"it is 7000×7000 px (49 megapixels, a progressive CMYK JPEG): decoding it would take 1.1 GiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 2150×2150 px or smaller (the service shrinks every photo to 1600 px anyway)"},
		{"progressive 4:4:4", "jpeg", mediatest.JPEG(7000, 7000, mediatest.YCbCr444, true),
			"it is 7000×7000 px (49 megapixels, a progressive YCbCr 4:4:4 JPEG): decoding it would take 716 MiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 2786×2786 px or smaller (the service shrinks every photo to 1600 px anyway)"},
		{"progressive 20 MP", "jpeg", mediatest.JPEG(5472, 3648, mediatest.YCbCr420, true),
			"it is 5472×3648 px (20 megapixels, a progressive YCbCr 4:2:0 JPEG): decoding it would take 148 MiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 5030×3353 px or smaller, " +
				"or save it as a baseline (not progressive) JPEG, which takes 34 MiB (the service shrinks every photo to 1600 px anyway)"},
		{"16-bit PNG", "png", mediatest.PNGHeader(7000, 7000, 16, 2, false),
			"it is 7000×7000 px (49 megapixels, a 16-bit colour PNG): decoding it would take 394 MiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 3725×3725 px or smaller (the service shrinks every photo to 1600 px anyway)"},
		{"lossless WebP", "webp", mediatest.WebPHeader(16383, 16383, true, false),
			"it is 16383×16383 px (268 megapixels, a lossless WebP): decoding it would take 1.0 GiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 5254×5254 px or smaller"},
		{"medium format", "jpeg", mediatest.JPEG(11648, 8736, mediatest.YCbCr420, false),
			"it is 11648×8736 px (102 megapixels, a baseline YCbCr 4:2:0 JPEG): decoding it would take 152 MiB of memory, " +
				"over the 128 MiB that a photo may take here; export it at 10578×7933 px or smaller"},
	}
}

// TestHostilePicturesAreRefusedFromTheHeader: a picture over the bound is refused
// with a message that says its size, what it would take, the bound and what to do,
// having allocated next to nothing (where decoding would take from 148 MB to 1.1 GB).
func TestHostilePicturesAreRefusedFromTheHeader(t *testing.T) {
	for _, c := range hostiles() {
		var err error
		n := allocated(func() { _, _, err = Decode(bytes.NewReader(c.data), Format(c.format), MaxDecodeBytes) })
		var tooBig *TooBigError
		if !errors.As(err, &tooBig) || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("%s: %v\nwant %s", c.name, err, c.msg)
		}
		if n > 256<<10 {
			t.Errorf("%s: refusing it allocated %d bytes", c.name, n)
		}
	}
}

// TestCameraPhotosFit: every photo a phone or a camera writes decodes within the
// bound, up to the 61 MP of the largest full-frame sensors in the 4:2:2 their cameras
// write, and so does a 12 MP progressive JPEG (as an editor exports one).
func TestCameraPhotosFit(t *testing.T) {
	for _, c := range []struct {
		w, h int
		k    mediatest.Kind
		prog bool
	}{
		{4032, 3024, mediatest.YCbCr420, false}, // 12 MP phone
		{8064, 6048, mediatest.YCbCr420, false}, // 48 MP phone
		{8192, 5464, mediatest.YCbCr422, false}, // 45 MP full frame
		{9504, 6336, mediatest.YCbCr422, false}, // 61 MP full frame
		{8256, 6192, mediatest.YCbCr422, false}, // 51 MP medium format
		{4000, 3000, mediatest.YCbCr420, true},  // 12 MP progressive
	} {
		h, err := ReadHeader(bytes.NewReader(mediatest.JPEG(c.w, c.h, c.k, c.prog)), JPEG)
		if err != nil || h.Fitted(MaxDecodeBytes) != nil {
			t.Errorf("%dx%d %s: %v %v", c.w, c.h, h.Kind, h.Fitted(MaxDecodeBytes), err)
		}
	}
}

// TestSuggestedSizeFits: the size a refusal suggests does decode within the bound.
func TestSuggestedSizeFits(t *testing.T) {
	for _, k := range []mediatest.Kind{mediatest.CMYK, mediatest.YCbCr420, mediatest.Gray} {
		for _, prog := range []bool{false, true} {
			h, err := ReadHeader(bytes.NewReader(mediatest.JPEG(15000, 9000, k, prog)), JPEG)
			var tooBig *TooBigError
			if err != nil || !errors.As(h.Fitted(MaxDecodeBytes), &tooBig) {
				t.Fatalf("%v %v: %v", k, prog, err)
			}
			w, ht := tooBig.fittingSize()
			small, err := ReadHeader(bytes.NewReader(mediatest.JPEG(w, ht, k, prog)), JPEG)
			if err != nil || small.Fitted(MaxDecodeBytes) != nil || small.Cost() < MaxDecodeBytes*9/10 {
				t.Errorf("%s: suggested %dx%d, which takes %d (%v)", h.Kind, w, ht, small.Cost(), err)
			}
		}
	}
}

// TestReadHeaderRefusesBrokenHeaders: a header that cannot be read is an error, not a
// guess, and never a panic.
func TestReadHeaderRefusesBrokenHeaders(t *testing.T) {
	good := mediatest.JPEG(64, 48, mediatest.YCbCr420, true)
	sof := bytes.Index(good, []byte{0xFF, 0xC2})
	cases := map[string]struct {
		f    Format
		data []byte
	}{
		"empty jpeg":       {JPEG, nil},
		"truncated jpeg":   {JPEG, good[:sof+6]},
		"no frame":         {JPEG, []byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9}},
		"zero width jpeg":  {JPEG, mediatest.JPEG(0, 48, mediatest.Gray, false)},
		"png without IHDR": {PNG, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIEND")},
		"png without IDAT": {PNG, bytes.TrimSuffix(mediatest.PNGHeader(10, 10, 8, 2, false), []byte("\x00\x00\x00\x00IDAT\x35\xaf\x06\x1e"))},
		"truncated webp":   {WebP, mediatest.WebPHeader(100, 100, false, false)[:20]},
		"gif":              {GIF, []byte("GIF89a")},
	}
	for name, c := range cases {
		if h, err := ReadHeader(bytes.NewReader(c.data), c.f); err == nil {
			t.Errorf("%s: read as %+v", name, h)
		}
	}
}

func FuzzReadHeader(f *testing.F) {
	f.Add([]byte(mediatest.JPEG(64, 48, mediatest.CMYK, true)))
	f.Add([]byte(mediatest.JPEG(17, 9, mediatest.YCbCr420, false)))
	f.Add(mediatest.PNGHeader(7000, 7000, 16, 6, true))
	f.Add(mediatest.WebPHeader(300, 200, false, true))
	f.Add(mediatest.WebPHeader(300, 200, true, false))
	f.Fuzz(func(t *testing.T, b []byte) {
		f := Sniff(b)
		h, err := ReadHeader(bytes.NewReader(b), f)
		if err != nil {
			return
		}
		if h.Width <= 0 || h.Height <= 0 || h.DecodeBytes <= 0 || h.FitBytes <= 0 {
			t.Fatalf("read %+v", h)
		}
		// What passes a small bound decodes, or fails, without a panic.
		_, _, _ = Decode(bytes.NewReader(b), f, 4<<20)
	})
}

// TestHeaderKinds: what the header walkers find where DecodeConfig says nothing, and
// the count that follows.
func TestHeaderKinds(t *testing.T) {
	base := mediatest.JPEG(64, 48, mediatest.YCbCr420, false)
	// Junk and fill bytes before a marker, and a marker without a length, are
	// skipped as image/jpeg skips them.
	junk := append([]byte{0xFF, 0xD8, 0x00, 0x12, 0xFF, 0xFF, 0xD0}, base[2:]...)
	sof := bytes.Index(base, []byte{0xFF, 0xC0})
	sampled := func(y, c byte) []byte {
		b := bytes.Clone(base)
		b[sof+11], b[sof+14], b[sof+17] = y, c, c
		return b
	}
	// An extended-format WebP whose picture is lossless, after an ICC chunk of odd size.
	vp8l := mediatest.WebPHeader(300, 200, true, false)
	ext := []byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x20\x00\x00\x00\x2b\x01\x00\xc7\x00\x00ICCP\x03\x00\x00\x00abc\x00")
	ext = riffSized(append(ext, vp8l[12:]...))
	// An animated one keeps its frames in ANMF chunks: counted as lossless.
	anim := riffSized([]byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x02\x00\x00\x00\x2b\x01\x00\xc7\x00\x00ANIM\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	trns := mediatest.PNGHeader(100, 100, 8, 0, false)
	trns = append(trns[:len(trns)-12], append([]byte("\x00\x00\x00\x02tRNS\x00\x00\x00\x00\x00\x00"), trns[len(trns)-12:]...)...)
	for _, c := range []struct {
		name   string
		f      Format
		data   []byte
		kind   string
		decode int64
	}{
		{"junk before markers", JPEG, junk, "a baseline YCbCr 4:2:0 JPEG", 64*48 + 2*32*24},
		{"4:4:0", JPEG, sampled(0x12, 0x11), "a baseline YCbCr 4:4:0 JPEG", 64*48 + 2*64*24},
		{"4:1:1", JPEG, sampled(0x41, 0x11), "a baseline YCbCr 4:1:1 JPEG", 64*48 + 2*16*48},
		{"4:1:0", JPEG, sampled(0x42, 0x11), "a baseline YCbCr 4:1:0 JPEG", 64*48 + 2*16*24},
		{"lossy webp", WebP, mediatest.WebPHeader(301, 201, false, false), "a lossy WebP", 301*201 + 2*151*101},
		{"lossy webp with alpha", WebP, mediatest.WebPHeader(300, 200, false, true), "a lossy WebP with transparency", 300*200*6 + 2*150*100},
		{"extended lossless webp", WebP, ext, "a lossless WebP", 300 * 200 * 4},
		{"animated webp", WebP, anim, "a lossless WebP", 300 * 200 * 4},
		{"grey png with tRNS", PNG, trns, "a grey PNG", 100 * 100 * 4},
		{"interlaced 16-bit png", PNG, mediatest.PNGHeader(100, 100, 16, 4, true), "a 16-bit colour PNG (interlaced)", 100 * 100 * 16},
		{"palette png", PNG, mediatest.PNGHeader(100, 100, 8, 3, false), "a palette PNG", 100 * 100},
	} {
		h, err := ReadHeader(bytes.NewReader(c.data), c.f)
		if err != nil || h.Kind != c.kind || h.DecodeBytes != c.decode {
			t.Errorf("%s: %q %d %v, want %q %d", c.name, h.Kind, h.DecodeBytes, err, c.kind, c.decode)
		}
	}
}

// riffSized sets the size of a RIFF file in its header.
func riffSized(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

func TestBytesAndMegapixels(t *testing.T) {
	for n, want := range map[int64]string{5 << 19: "2.5 MiB", 128 << 20: "128 MiB", 3 << 29: "1.5 GiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %s, want %s", n, got, want)
		}
	}
	for n, want := range map[int64]string{49_000_000: "49", 12_192_768: "12.2", 76_800: "0.1", 268_402_689: "268"} {
		if got := megapixels(n); got != want {
			t.Errorf("megapixels(%d) = %s, want %s", n, got, want)
		}
	}
	if w, h := (&TooBigError{Header: Header{Width: 10, Height: 10, DecodeBytes: 1 << 30, FitBytes: 2 << 20}, Limit: 1 << 20}).fittingSize(); w != 0 || h != 0 {
		t.Errorf("a bound below the fitting suggested %dx%d", w, h)
	}
}
