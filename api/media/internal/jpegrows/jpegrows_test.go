package jpegrows

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// The fixtures in testdata are image/jpeg's own (Go's src/image/testdata): every
// subsampling it decodes, restart markers, grayscale, and the kinds this package
// leaves to it.

// assemble decodes b band by band into one picture, checking the bands on the way.
func assemble(t testing.TB, b []byte) (image.Image, error) {
	var (
		whole image.Image
		next  int // the first row the next band must start at
		frame Frame
	)
	err := Decode(bytes.NewReader(b), func(f Frame) error {
		frame = f
		if f.Gray {
			whole = image.NewGray(image.Rect(0, 0, f.Width, f.Height))
		} else {
			whole = image.NewYCbCr(image.Rect(0, 0, f.Width, f.Height), f.Ratio)
		}
		return nil
	}, func(band image.Image) error {
		r := band.Bounds()
		if r.Min.Y != next || r.Min.X != 0 || r.Max.X != frame.Width || r.Dy() > 32 || r.Max.Y > frame.Height {
			t.Fatalf("band %v after row %d of a %dx%d picture", r, next, frame.Width, frame.Height)
		}
		next = r.Max.Y
		switch m := band.(type) {
		case *image.Gray:
			dst := whole.(*image.Gray)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				copy(dst.Pix[dst.PixOffset(0, y):dst.PixOffset(r.Max.X, y)], m.Pix[m.PixOffset(0, y):])
			}
		case *image.YCbCr:
			dst := whole.(*image.YCbCr)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				copy(dst.Y[dst.YOffset(0, y):dst.YOffset(0, y)+r.Dx()], m.Y[m.YOffset(0, y):])
				for x := 0; x < r.Max.X; x++ {
					dst.Cb[dst.COffset(x, y)] = m.Cb[m.COffset(x, y)]
					dst.Cr[dst.COffset(x, y)] = m.Cr[m.COffset(x, y)]
				}
			}
		}
		return nil
	})
	if err == nil && next != frame.Height {
		t.Fatalf("bands ended at row %d of %d", next, frame.Height)
	}
	if err != nil && whole != nil && next > 0 && isUnsupported(err) {
		t.Fatalf("unsupported (%v) after %d rows were handed over", err, next)
	}
	return whole, err
}

func isUnsupported(err error) bool {
	var u UnsupportedError
	return errors.As(err, &u)
}

// same reports how a and b (image/jpeg's) differ, sample for sample.
func same(a, b image.Image) string {
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("bounds %v, want %v", a.Bounds(), b.Bounds())
	}
	r := b.Bounds()
	switch w := b.(type) {
	case *image.Gray:
		g, ok := a.(*image.Gray)
		if !ok {
			return fmt.Sprintf("%T, want *image.Gray", a)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if g.GrayAt(x, y) != w.GrayAt(x, y) {
					return fmt.Sprintf("(%d,%d) is %v, want %v", x, y, g.GrayAt(x, y), w.GrayAt(x, y))
				}
			}
		}
	case *image.YCbCr:
		m, ok := a.(*image.YCbCr)
		if !ok || m.SubsampleRatio != w.SubsampleRatio {
			return fmt.Sprintf("%T, want %v", a, w.SubsampleRatio)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if m.YCbCrAt(x, y) != w.YCbCrAt(x, y) {
					return fmt.Sprintf("(%d,%d) is %v, want %v", x, y, m.YCbCrAt(x, y), w.YCbCrAt(x, y))
				}
			}
		}
	default:
		return fmt.Sprintf("image/jpeg gave a %T", b)
	}
	return ""
}

// encoded returns Go-encoded JPEGs of sizes that are not whole MCUs.
func encoded(t testing.TB) map[string][]byte {
	rng := rand.New(rand.NewPCG(5, 6))
	out := map[string][]byte{}
	for _, sz := range [][2]int{{333, 251}, {17, 9}, {1, 1}, {640, 16}} {
		ycc := image.NewYCbCr(image.Rect(0, 0, sz[0], sz[1]), image.YCbCrSubsampleRatio444)
		gray := image.NewGray(ycc.Rect)
		for i := range ycc.Y {
			ycc.Y[i], ycc.Cb[i], ycc.Cr[i] = uint8(i%251), uint8(rng.IntN(256)), uint8(i/7%256)
			gray.Pix[i] = uint8(rng.IntN(256))
		}
		for name, m := range map[string]image.Image{"ycbcr": ycc, "gray": gray} {
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("%s %dx%d", name, sz[0], sz[1])] = buf.Bytes()
		}
	}
	return out
}

func TestMatchesImageJPEG(t *testing.T) {
	inputs := encoded(t)
	names, _ := filepath.Glob("testdata/*.jpeg")
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(n)] = b
	}
	unsupported := map[string]bool{
		"video-001.q50.420.progressive.jpeg":     true,
		"video-001.rgb.jpeg":                     true,
		"video-001.cmyk.jpeg":                    true,
		"video-001.separate.dc.progression.jpeg": true, // a scan per component
	}
	for name, b := range inputs {
		want, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: image/jpeg: %v", name, err)
		}
		got, err := assemble(t, b)
		if unsupported[name] {
			if !isUnsupported(err) {
				t.Errorf("%s: err %v, want an UnsupportedError", name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if msg := same(got, want); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
	}
}

func TestBandsAreReused(t *testing.T) {
	b := encoded(t)["ycbcr 333x251"]
	var first *byte
	bands := 0
	err := Decode(bytes.NewReader(b), func(Frame) error { return nil }, func(m image.Image) error {
		y := m.(*image.YCbCr).Y
		if first == nil {
			first = &y[0]
		} else if &y[0] != first {
			t.Fatal("each band has new memory")
		}
		bands++
		return nil
	})
	if err != nil || bands != (251+15)/16 {
		t.Errorf("err %v, %d bands", err, bands)
	}
}

func TestErrors(t *testing.T) {
	b := encoded(t)["ycbcr 333x251"]
	stop := errors.New("stop")
	bands := 0
	count := func(image.Image) error { bands++; return nil }
	if err := Decode(bytes.NewReader(b), func(Frame) error { return stop }, count); err != stop || bands != 0 {
		t.Errorf("start's error: got %v after %d bands", err, bands)
	}
	if err := Decode(bytes.NewReader(b), func(Frame) error { return nil }, func(image.Image) error { return stop }); err != stop {
		t.Errorf("band's error: got %v", err)
	}
	for _, n := range []int{0, 2, 100, len(b) / 2, len(b) - 3} {
		if err := Decode(bytes.NewReader(b[:n]), func(Frame) error { return nil }, count); err == nil {
			t.Errorf("truncated at %d of %d: no error", n, len(b))
		}
	}
}

// FuzzDecode checks that whatever image/jpeg decodes to YCbCr or Gray, this package
// either refuses as unsupported or decodes to the same samples, and that it never
// panics.
func FuzzDecode(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.jpeg")
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if c, err := jpeg.DecodeConfig(bytes.NewReader(b)); err != nil || c.Width*c.Height > 1<<20 {
			return
		}
		got, err := assemble(t, b)
		want, werr := jpeg.Decode(bytes.NewReader(b))
		if werr != nil || err != nil {
			return // it may stop earlier or later than image/jpeg on broken data
		}
		if msg := same(got, want); msg != "" {
			if _, ok := want.(*image.RGBA); ok {
				t.Fatalf("decoded an RGB picture that image/jpeg converts: %s", msg)
			}
			t.Fatal(msg)
		}
	})
}
