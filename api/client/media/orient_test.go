package media

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// byteOrder both reads and appends, as binary.LittleEndian and BigEndian do.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// exifJPEG returns a small JPEG with an Exif APP1 segment stating orientation o in the
// given byte order; o 0 leaves the Exif block without the tag.
func exifJPEG(t *testing.T, bo byteOrder, o uint16) []byte {
	t.Helper()
	var img bytes.Buffer
	if err := jpeg.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 2)), nil); err != nil {
		t.Fatal(err)
	}
	tiff := []byte("II*\x00")
	if bo == binary.BigEndian {
		tiff = []byte("MM\x00*")
	}
	tiff = bo.AppendUint32(tiff, 8)
	if o == 0 {
		tiff = bo.AppendUint16(tiff, 0)
	} else {
		tiff = bo.AppendUint16(tiff, 2)
		tiff = append(bo.AppendUint16(bo.AppendUint16(bo.AppendUint32(tiff, 0x010F0002), 0), 0), 0, 0, 0, 0) // Make, ignored
		tiff = bo.AppendUint16(tiff, 0x0112)
		tiff = bo.AppendUint16(tiff, 3)
		tiff = bo.AppendUint32(tiff, 1)
		tiff = bo.AppendUint16(bo.AppendUint16(tiff, o), 0)
	}
	tiff = bo.AppendUint32(tiff, 0)
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	seg := append([]byte{0xFF, 0xE1}, binary.BigEndian.AppendUint16(nil, uint16(len(app1)+2))...)
	out := append([]byte{0xFF, 0xD8}, seg...)
	out = append(out, app1...)
	return append(out, img.Bytes()[2:]...)
}

func TestOrientation(t *testing.T) {
	for _, bo := range []byteOrder{binary.LittleEndian, binary.BigEndian} {
		for o := uint16(1); o <= 8; o++ {
			b := exifJPEG(t, bo, o)
			if got := Orientation(bytes.NewReader(b)); got != int(o) {
				t.Errorf("%v orientation %d: got %d", bo, o, got)
			}
			if _, err := jpeg.Decode(bytes.NewReader(b)); err != nil {
				t.Fatalf("fixture is not a valid JPEG: %v", err)
			}
		}
	}
	good := exifJPEG(t, binary.BigEndian, 6)
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, image.NewGray(image.Rect(0, 0, 2, 2)), nil); err != nil {
		t.Fatal(err)
	}
	bad := map[string][]byte{
		"no exif":          plain.Bytes(),
		"exif without tag": exifJPEG(t, binary.LittleEndian, 0),
		"not a jpeg":       []byte("\x89PNG\r\n\x1a\n"),
		"empty":            nil,
		"truncated":        good[:20],
		"bad ifd offset":   bytes.Replace(good, []byte("MM\x00*\x00\x00\x00\x08"), []byte("MM\x00*\xff\x00\x00\x08"), 1),
		"out of range":     exifJPEG(t, binary.LittleEndian, 9),
	}
	for name, b := range bad {
		if got := Orientation(bytes.NewReader(b)); got != 1 {
			t.Errorf("%s: got %d, want 1", name, got)
		}
	}
}

func TestOrient(t *testing.T) {
	const w, h = 3, 2
	src := image.NewRGBA(image.Rect(10, 20, 10+w, 20+h)) // bounds not at 0,0 on purpose
	for y := range h {
		for x := range w {
			src.SetRGBA(10+x, 20+y, color.RGBA{uint8(x), uint8(y), 0, 255})
		}
	}
	// Where the source's top-left pixel and its right neighbour land.
	cases := []struct {
		o             int
		dw, dh        int
		origin, right image.Point
	}{
		{2, w, h, image.Pt(w-1, 0), image.Pt(w-2, 0)},
		{3, w, h, image.Pt(w-1, h-1), image.Pt(w-2, h-1)},
		{4, w, h, image.Pt(0, h-1), image.Pt(1, h-1)},
		{5, h, w, image.Pt(0, 0), image.Pt(0, 1)},
		{6, h, w, image.Pt(h-1, 0), image.Pt(h-1, 1)},
		{7, h, w, image.Pt(h-1, w-1), image.Pt(h-1, w-2)},
		{8, h, w, image.Pt(0, w-1), image.Pt(0, w-2)},
	}
	for _, c := range cases {
		got := Orient(src, c.o)
		if b := got.Bounds(); b != image.Rect(0, 0, c.dw, c.dh) {
			t.Errorf("o=%d: bounds %v", c.o, b)
			continue
		}
		if px := color.RGBAModel.Convert(got.At(c.origin.X, c.origin.Y)).(color.RGBA); px.R != 0 || px.G != 0 {
			t.Errorf("o=%d: origin pixel at %v is %v", c.o, c.origin, px)
		}
		if px := color.RGBAModel.Convert(got.At(c.right.X, c.right.Y)).(color.RGBA); px.R != 1 || px.G != 0 {
			t.Errorf("o=%d: right neighbour at %v is %v", c.o, c.right, px)
		}
	}
	for _, o := range []int{0, 1, 9, -3} {
		if Orient(src, o) != image.Image(src) {
			t.Errorf("o=%d should return the image itself", o)
		}
	}
}

func TestFit(t *testing.T) {
	cases := []struct {
		w, h, max, ww, wh int
	}{
		{400, 300, 160, 160, 120},
		{300, 400, 160, 120, 160},
		{1000, 333, 100, 100, 33},
		{1601, 10, 1600, 1600, 10},
		{5000, 1, 1600, 1600, 1},
		{1, 5000, 1600, 1, 1600},
	}
	for _, c := range cases {
		got := Fit(image.NewGray(image.Rect(0, 0, c.w, c.h)), c.max).Bounds()
		if got.Dx() != c.ww || got.Dy() != c.wh {
			t.Errorf("Fit(%dx%d, %d) = %v, want %dx%d", c.w, c.h, c.max, got, c.ww, c.wh)
		}
	}
	small := image.NewGray(image.Rect(0, 0, 100, 50))
	if Fit(small, 1600) != image.Image(small) || Fit(small, 0) != image.Image(small) {
		t.Error("an image that fits must come back unchanged")
	}
}
