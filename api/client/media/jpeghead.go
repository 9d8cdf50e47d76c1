package media

import (
	"bufio"
	"errors"
	"fmt"
	"image/color"
	"io"
)

// jpegFrame is what a JPEG's frame header (its SOF segment) says beyond the size and
// colour model that image/jpeg's DecodeConfig reports: whether the picture is
// progressive and how each component is sampled. Both change what the decoder holds:
// image/jpeg keeps a progressive picture's coefficients, 4 bytes a sample, next to its
// planes until the last scan, and a 4:4:4 picture has twice the samples of a 4:2:0 one.
type jpegFrame struct {
	progressive bool
	h, v        []int // each component's sampling factors
}

var errNoFrame = errors.New("jpeg: no frame header before the image data")

// readJPEGFrame walks the segments of a JPEG up to its frame header, skipping their
// contents, and reads that header.
func readJPEGFrame(r *bufio.Reader) (jpegFrame, error) {
	var soi [2]byte
	if _, err := io.ReadFull(r, soi[:]); err != nil {
		return jpegFrame{}, err
	}
	if soi != [2]byte{0xFF, 0xD8} {
		return jpegFrame{}, errors.New("jpeg: no start of image")
	}
	for {
		m, err := skipToMarker(r)
		if err != nil {
			return jpegFrame{}, err
		}
		switch {
		case m == 0x01 || (m >= 0xD0 && m <= 0xD8): // no length follows these
			continue
		case m == 0xD9 || m == 0xDA: // end of image, start of scan
			return jpegFrame{}, errNoFrame
		}
		var l [2]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return jpegFrame{}, err
		}
		n := int(l[0])<<8 | int(l[1]) - 2
		if n < 0 {
			return jpegFrame{}, errors.New("jpeg: short segment length")
		}
		// SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
		if m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC {
			return readSOF(r, n, m == 0xC2 || m == 0xC6 || m == 0xCA || m == 0xCE)
		}
		if _, err := r.Discard(n); err != nil {
			return jpegFrame{}, err
		}
	}
}

// skipToMarker reads up to and past the next marker and returns its code. Bytes
// before the 0xFF are skipped, as image/jpeg (like libjpeg) does, and so are fill
// bytes (repeated 0xFF); Orientation's nextMarker is stricter, since a wrong guess
// there only costs the turn.
func skipToMarker(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.ReadByte()
		if err != nil {
			return 0, err
		}
		if b != 0xFF {
			continue
		}
		for b == 0xFF {
			if b, err = r.ReadByte(); err != nil {
				return 0, err
			}
		}
		if b != 0 { // 0xFF00 is an escaped 0xFF, not a marker
			return b, nil
		}
	}
}

// readSOF reads a frame header of n bytes: precision, height, width, the number of
// components and three bytes for each.
func readSOF(r *bufio.Reader, n int, progressive bool) (jpegFrame, error) {
	if n < 6 || n > 6+3*4 {
		return jpegFrame{}, fmt.Errorf("jpeg: a frame header of %d bytes", n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return jpegFrame{}, err
	}
	nc := int(b[5])
	if nc < 1 || n != 6+3*nc {
		return jpegFrame{}, fmt.Errorf("jpeg: a frame header of %d bytes for %d components", n, nc)
	}
	fr := jpegFrame{progressive: progressive, h: make([]int, nc), v: make([]int, nc)}
	for i := range nc {
		hv := b[6+3*i+1]
		fr.h[i], fr.v[i] = max(1, int(hv>>4)), max(1, int(hv&0x0F))
	}
	if nc == 1 {
		// A single component is one block an MCU whatever its factors say (T.81
		// A.2), and image/jpeg sizes it so.
		fr.h[0], fr.v[0] = 1, 1
	}
	return fr, nil
}

// jpegCost counts what image/jpeg holds for the picture. It decodes into planes whole
// MCUs wide and high: one for a grey picture, three (YCbCr) for a colour one, a fourth
// for the black of a CMYK one. A progressive picture also keeps every block's 64
// coefficients as int32 until the last scan. An RGB or CMYK picture is then converted
// into a second, 4-bytes-a-pixel picture. Fitting keeps YCbCr and grey as they are and
// goes through RGBA for the others.
func (h *Header) jpegCost(m color.Model, fr jpegFrame) {
	hmax, vmax := 1, 1
	for i := range fr.h {
		hmax, vmax = max(hmax, fr.h[i]), max(vmax, fr.v[i])
	}
	mxx := (int64(h.Width) + 8*int64(hmax) - 1) / (8 * int64(hmax))
	myy := (int64(h.Height) + 8*int64(vmax) - 1) / (8 * int64(vmax))
	var samples int64
	for i := range fr.h {
		samples += 8 * int64(fr.h[i]) * mxx * 8 * int64(fr.v[i]) * myy
	}
	planes := samples
	coefficients := 4 * samples
	var convert int64
	model := "YCbCr " + subsampling(fr)
	outBPP, viaRGBA := float64(samples)/float64(64*mxx*myy*int64(hmax*vmax)), false
	switch m {
	case color.GrayModel:
		model = "grey"
	case color.RGBAModel:
		model, convert, outBPP, viaRGBA = "RGB", 4*h.Pixels(), 4, true
	case color.CMYKModel:
		model, convert, outBPP, viaRGBA = "CMYK", 4*h.Pixels(), 4, true
	}
	h.FitBytes = FitBytesOf(h.Width, h.Height, outBPP, viaRGBA)
	h.DecodeBytes = planes + convert
	h.Kind = "a baseline " + model + " JPEG"
	if fr.progressive {
		h.Alt, h.AltBytes = "as a baseline (not progressive) JPEG", h.DecodeBytes
		h.DecodeBytes += coefficients
		h.Kind = "a progressive " + model + " JPEG"
	}
}

// subsampling names the chroma subsampling of a three-component frame the usual way.
func subsampling(fr jpegFrame) string {
	if len(fr.h) < 3 {
		return ""
	}
	fx, fy := fr.h[0]/max(1, fr.h[1]), fr.v[0]/max(1, fr.v[1])
	switch [2]int{fx, fy} {
	case [2]int{1, 1}:
		return "4:4:4"
	case [2]int{2, 1}:
		return "4:2:2"
	case [2]int{2, 2}:
		return "4:2:0"
	case [2]int{1, 2}:
		return "4:4:0"
	case [2]int{4, 1}:
		return "4:1:1"
	case [2]int{4, 2}:
		return "4:1:0"
	}
	return fmt.Sprintf("%d×%d subsampled", fx, fy)
}
