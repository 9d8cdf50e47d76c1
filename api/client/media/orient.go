package media

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
	"io"
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

// ExifOrientation returns the orientation (1..8) that IFD0 of an Exif block's TIFF
// structure records (what follows "Exif\x00\x00" in a JPEG, the whole of a PNG eXIf
// or WebP EXIF chunk), 1 when there is none or the block is malformed.
func ExifOrientation(tiff []byte) int { return exifOrientation(tiff) }

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
// return img itself. The result starts at (0, 0) and keeps img's type when it is a
// *image.YCbCr (sampled 4:4:4, 4:2:2, 4:4:0 or 4:2:0; a quarter turn swaps 4:2:2 and
// 4:4:0), *image.Gray, *image.RGBA or *image.NRGBA: turning moves bytes and never
// blends them. Any other image comes back a *image.RGBA. It is meant for a picture
// already fitted in a few megapixels: it makes a copy of it.
func Orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dr := image.Rect(0, 0, w, h)
	if o >= 5 { // 5..8 swap the axes
		dr = image.Rect(0, 0, h, w)
	}
	switch m := img.(type) {
	case *image.YCbCr:
		if dst := orientYCbCr(m, o); dst != nil {
			return dst
		}
	case *image.Gray:
		dst := image.NewGray(dr)
		orientPlane(plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, w, h, 1}, dst.Pix, dst.Stride, o)
		return dst
	case *image.NRGBA:
		dst := image.NewNRGBA(dr)
		orientPlane(plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, w, h, 4}, dst.Pix, dst.Stride, o)
		return dst
	}
	src := toRGBA(img)
	dst := image.NewRGBA(dr)
	orientPlane(plane{src.Pix, src.Stride, w, h, 4}, dst.Pix, dst.Stride, o)
	return dst
}

// orientYCbCr turns each plane of m on its own; nil for an image not starting at
// (0, 0) or a subsampling that has no turned counterpart (4:1:1 and 4:1:0 on a
// quarter turn). When a side is not a multiple of the subsampling, a mirrored chroma
// plane lands up to one luma pixel off, far less than the chroma resolution.
func orientYCbCr(m *image.YCbCr, o int) *image.YCbCr {
	fx, fy, ok := chromaFactors(m.SubsampleRatio)
	if !ok || m.Rect.Min != (image.Point{}) {
		return nil
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dr, ratio := m.Rect, m.SubsampleRatio
	if o >= 5 {
		dr = image.Rect(0, 0, h, w)
		switch ratio {
		case image.YCbCrSubsampleRatio422:
			ratio = image.YCbCrSubsampleRatio440
		case image.YCbCrSubsampleRatio440:
			ratio = image.YCbCrSubsampleRatio422
		case image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410:
			return nil
		}
	}
	dst := image.NewYCbCr(dr, ratio)
	orientPlane(plane{m.Y, m.YStride, w, h, 1}, dst.Y, dst.YStride, o)
	cw, ch := (w+fx-1)/fx, (h+fy-1)/fy
	orientPlane(plane{m.Cb, m.CStride, cw, ch, 1}, dst.Cb, dst.CStride, o)
	orientPlane(plane{m.Cr, m.CStride, cw, ch, 1}, dst.Cr, dst.CStride, o)
	return dst
}

// orientPlane copies src into dst (rows dstride bytes apart, sides swapped for 5..8)
// turned as orientation o asks. Every orientation moves a pixel to dst offset
// o0 + x·ax + y·ay, which keeps the loop free of per-pixel branches.
func orientPlane(src plane, dst []byte, dstride, o int) {
	w, h, c := src.w, src.h, src.c
	var o0, ax, ay int
	switch o {
	case 2: // mirrored horizontally
		o0, ax, ay = (w-1)*c, -c, dstride
	case 3: // turned 180°
		o0, ax, ay = (h-1)*dstride+(w-1)*c, -c, -dstride
	case 4: // mirrored vertically
		o0, ax, ay = (h-1)*dstride, c, -dstride
	case 5: // mirrored along the main diagonal
		o0, ax, ay = 0, dstride, c
	case 6: // stored turned 90° counter-clockwise: turn it clockwise
		o0, ax, ay = (h-1)*c, dstride, -c
	case 7: // mirrored along the other diagonal
		o0, ax, ay = (w-1)*dstride+(h-1)*c, -dstride, -c
	case 8: // stored turned 90° clockwise: turn it counter-clockwise
		o0, ax, ay = (w-1)*dstride, -dstride, c
	default:
		return
	}
	for y := range h {
		row := src.row(y)
		at := o0 + y*ay
		if c == 1 {
			for _, v := range row {
				dst[at] = v
				at += ax
			}
			continue
		}
		for x := 0; x < len(row); x += 4 {
			copy(dst[at:at+4], row[x:x+4])
			at += ax
		}
	}
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
