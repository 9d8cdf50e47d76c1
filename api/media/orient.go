package media

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
	"io"

	xdraw "golang.org/x/image/draw"
)

// maxMarkers bounds how many JPEG segments Orientation looks through before giving up.
const maxMarkers = 64

// Orientation returns the EXIF orientation (1..8) of a JPEG, 1 when there is none.
// It reads only the segments before the image data, and any malformed or missing
// Exif block reads as 1 (upright), since a wrong turn is worse than none.
func Orientation(r io.Reader) int {
	br := bufio.NewReaderSize(r, 4096)
	var soi [2]byte
	if _, err := io.ReadFull(br, soi[:]); err != nil || soi != [2]byte{0xFF, 0xD8} {
		return 1
	}
	for range maxMarkers {
		marker, err := nextMarker(br)
		if err != nil {
			return 1
		}
		switch {
		case marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			continue // standalone markers carry no length
		case marker == 0xDA || marker == 0xD9:
			return 1 // image data or the end: no Exif before it
		}
		var lenb [2]byte
		if _, err := io.ReadFull(br, lenb[:]); err != nil {
			return 1
		}
		n := int(binary.BigEndian.Uint16(lenb[:])) - 2
		if n < 0 {
			return 1
		}
		if marker != 0xE1 {
			if _, err := br.Discard(n); err != nil {
				return 1
			}
			continue
		}
		seg := make([]byte, n) // at most 64 KiB by the 16-bit length
		if _, err := io.ReadFull(br, seg); err != nil {
			return 1
		}
		if bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return exifOrientation(seg[6:])
		}
	}
	return 1
}

// nextMarker skips to the next marker byte; 0xFF fill bytes may precede it.
func nextMarker(br *bufio.Reader) (byte, error) {
	b, err := br.ReadByte()
	if err != nil {
		return 0, err
	}
	if b != 0xFF {
		return 0, io.ErrUnexpectedEOF
	}
	for b == 0xFF {
		if b, err = br.ReadByte(); err != nil {
			return 0, err
		}
	}
	return b, nil
}

// exifOrientation reads tag 0x0112 from IFD0 of a TIFF structure in either byte order.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(tiff[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(bo.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > int64(len(tiff)) {
		return 1
	}
	count := int64(bo.Uint16(tiff[ifd:]))
	for i := range count {
		at := ifd + 2 + 12*i
		if at+12 > int64(len(tiff)) {
			return 1
		}
		e := tiff[at : at+12]
		if bo.Uint16(e) != 0x0112 {
			continue
		}
		// Type SHORT (3) is what the standard says; some writers use LONG (4).
		var v uint32
		switch bo.Uint16(e[2:]) {
		case 3:
			v = uint32(bo.Uint16(e[8:]))
		case 4:
			v = bo.Uint32(e[8:])
		default:
			return 1
		}
		if v < 1 || v > 8 {
			return 1
		}
		return int(v)
	}
	return 1
}

// Orient returns img turned as EXIF orientation o asks; orientations outside 2..8
// return img itself. The result starts at (0, 0).
func Orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	src := toRGBA(img)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := w, h
	if o >= 5 { // 5..8 swap the axes
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored horizontally
				dx, dy = w-1-x, y
			case 3: // turned 180°
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored vertically
				dx, dy = x, h-1-y
			case 5: // mirrored along the main diagonal
				dx, dy = y, x
			case 6: // stored turned 90° counter-clockwise: turn it clockwise
				dx, dy = h-1-y, x
			case 7: // mirrored along the other diagonal
				dx, dy = h-1-y, w-1-x
			case 8: // stored turned 90° clockwise: turn it counter-clockwise
				dx, dy = y, w-1-x
			}
			copy(dst.Pix[dy*dst.Stride+4*dx:dy*dst.Stride+4*dx+4], row[4*x:4*x+4])
		}
	}
	return dst
}

// toRGBA returns img as an *image.RGBA whose bounds start at (0, 0), copying only
// when it is not one already.
func toRGBA(img image.Image) *image.RGBA {
	if m, ok := img.(*image.RGBA); ok && m.Rect.Min == (image.Point{}) {
		return m
	}
	b := img.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	return m
}

// Fit returns img scaled so that its longer side is at most maxSide; never enlarged.
// It keeps the aspect ratio (each side at least 1 px) and uses Catmull-Rom, which
// stays sharp when a photo shrinks several times. An image that already fits, or a
// maxSide below 1, returns img itself.
func Fit(img image.Image, maxSide int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if maxSide < 1 || (w <= maxSide && h <= maxSide) {
		return img
	}
	dw, dh := maxSide, max(1, int((int64(h)*int64(maxSide)+int64(w)/2)/int64(w)))
	if h > w {
		dw, dh = max(1, int((int64(w)*int64(maxSide)+int64(h)/2)/int64(h))), maxSide
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	return dst
}
