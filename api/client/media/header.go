package media

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// Header is what a photo's header says about decoding it, read before any pixel is:
// its size, what kind of picture the decoder will make of it, and the memory that
// decoding it and fitting it in TargetSide will hold at their peak.
type Header struct {
	Format        Format
	Width, Height int
	// Kind names the picture for messages: "a baseline JPEG (YCbCr 4:2:0)".
	Kind string
	// DecodeBytes is what the decoder holds for the whole picture: its planes, and
	// for a progressive JPEG its coefficients, and any conversion it makes at the
	// end (a CMYK or RGB JPEG is converted to a second full-size picture).
	DecodeBytes int64
	// FitBytes is what fitting in TargetSide and turning upright add: the fitted
	// picture twice and, for a picture scaled through RGBA, a strip of rows.
	FitBytes int64
	// Alt is another way to save the same picture that takes less to decode ("as a
	// baseline (not progressive) JPEG"), and AltBytes what decoding it so takes, as
	// DecodeBytes; a refusal suggests it when it fits.
	Alt      string
	AltBytes int64
}

// decoderSlack is what decoding and fitting hold besides the pictures, whatever their
// size: the reading buffer (64 KB), the decoder's tables, the scalers' spans and rows.
// TestHeaderCountsTheDecode measures about 300 KB.
const decoderSlack = 512 << 10

// Cost is the memory, in bytes, that decoding the photo and fitting it take.
func (h Header) Cost() int64 { return h.DecodeBytes + h.FitBytes + decoderSlack }

// Pixels is Width×Height.
func (h Header) Pixels() int64 { return int64(h.Width) * int64(h.Height) }

// ReadHeader reads the header of a JPEG, PNG or WebP from r, and nothing past it:
// the dimensions and colour model from the format's own DecodeConfig, and what that
// leaves out from the header itself (a JPEG's sampling factors and whether it is
// progressive, a PNG's bit depth, interlacing and transparency), since they change
// the memory the decoder takes several times over. r is read from where it is and
// left past the header.
func ReadHeader(r io.ReadSeeker, f Format) (Header, error) {
	at, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return Header{}, err
	}
	var cfg image.Config
	switch f {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(bufio.NewReader(r))
	case PNG:
		cfg, err = png.DecodeConfig(bufio.NewReader(r))
	case WebP:
		cfg, err = webp.DecodeConfig(bufio.NewReader(r))
	default:
		return Header{}, fmt.Errorf("no decoder for %s here", f)
	}
	if err != nil {
		return Header{}, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return Header{}, fmt.Errorf("it states a size of %d×%d", cfg.Width, cfg.Height)
	}
	if _, err := r.Seek(at, io.SeekStart); err != nil {
		return Header{}, err
	}
	h := Header{Format: f, Width: cfg.Width, Height: cfg.Height}
	switch f {
	case JPEG:
		fr, err := readJPEGFrame(bufio.NewReader(r))
		if err != nil {
			return Header{}, err
		}
		h.jpegCost(cfg.ColorModel, fr)
	case PNG:
		ph, err := readPNGHeader(bufio.NewReader(r))
		if err != nil {
			return Header{}, err
		}
		h.pngCost(ph)
	case WebP:
		h.webpCost(cfg.ColorModel, webpLossless(bufio.NewReader(r)))
	}
	return h, nil
}

// Fitted reports whether the photo is decoded within limit bytes: nil, or a
// *TooBigError that says so and what to do.
func (h Header) Fitted(limit int64) error {
	if h.Cost() <= limit {
		return nil
	}
	return &TooBigError{Header: h, Limit: limit}
}

// FitBytesOf returns what fitting a w×h picture in TargetSide and turning it upright
// hold: the fitted picture and its turned copy, each of outBPP bytes a pixel (1 for
// gray, 1.5 for YCbCr 4:2:0, 4 for RGBA), and, when the picture goes through RGBA, a
// strip of stripRows rows at full width.
func FitBytesOf(w, h int, outBPP float64, viaRGBA bool) int64 {
	dw, dh, scaled := fitSize(w, h, TargetSide)
	n := int64(float64(dw) * float64(dh) * outBPP)
	if !scaled {
		return n // Fit returns the picture itself; only the turn copies it
	}
	n *= 2
	if viaRGBA {
		n += int64(w) * int64(min(h, stripRows)) * 4
	}
	return n
}

// webpLossless reports whether the first picture chunk of a WebP is lossless (VP8L)
// rather than lossy (VP8), which DecodeConfig does not say of the extended format
// (VP8X): it walks the chunks. A file with neither at the top (an animated one keeps
// its frames in ANMF chunks) counts as lossless, the dearer.
func webpLossless(r *bufio.Reader) bool {
	if _, err := r.Discard(12); err != nil { // RIFF, its size, WEBP
		return true
	}
	for range 64 {
		var head [8]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return true
		}
		switch string(head[:4]) {
		case "VP8 ":
			return false
		case "VP8L":
			return true
		}
		n := int(binary.LittleEndian.Uint32(head[4:]))
		if _, err := r.Discard(n + n&1); err != nil {
			return true
		}
	}
	return true
}

// webpCost counts what golang.org/x/image/webp holds: a lossy picture is YCbCr 4:2:0;
// one with alpha adds the alpha plane and, when the alpha is compressed losslessly
// (which the header does not tell), the NRGBA picture that plane is taken from; a
// lossless picture is NRGBA.
func (h *Header) webpCost(m color.Model, lossless bool) {
	w, ht := int64(h.Width), int64(h.Height)
	chroma := 2 * ((w + 1) / 2) * ((ht + 1) / 2)
	switch {
	case lossless || m == color.NRGBAModel:
		h.Kind, h.DecodeBytes = "a lossless WebP", 4*w*ht
		h.FitBytes = FitBytesOf(h.Width, h.Height, 4, true)
	case m == color.YCbCrModel:
		h.Kind, h.DecodeBytes = "a lossy WebP", w*ht+chroma
		h.FitBytes = FitBytesOf(h.Width, h.Height, 1.5, false)
	default: // with alpha
		h.Kind, h.DecodeBytes = "a lossy WebP with transparency", w*ht*(1+1+4)+chroma
		h.FitBytes = FitBytesOf(h.Width, h.Height, 4, true)
	}
}

// pngHeader is what image/png's DecodeConfig does not tell about a PNG: the chunks
// before the first IDAT say it.
type pngHeader struct {
	depth, colorType byte
	interlaced       bool
	transparent      bool // a tRNS chunk: image/png then decodes to NRGBA or NRGBA64
}

// readPNGHeader walks the chunks of a PNG up to its first IDAT, skipping their
// contents.
func readPNGHeader(r *bufio.Reader) (pngHeader, error) {
	var ph pngHeader
	var buf [8 + 8 + 13]byte
	if _, err := io.ReadFull(r, buf[:]); err != nil {
		return ph, err
	}
	if string(buf[12:16]) != "IHDR" {
		return ph, errors.New("png: IHDR is not the first chunk")
	}
	ph.depth, ph.colorType, ph.interlaced = buf[24], buf[25], buf[28] != 0
	if _, err := r.Discard(4); err != nil { // IHDR's CRC
		return ph, err
	}
	for {
		var head [8]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return ph, fmt.Errorf("png: no IDAT chunk: %w", err)
		}
		switch string(head[4:]) {
		case "IDAT":
			return ph, nil
		case "tRNS":
			ph.transparent = true
		}
		if _, err := r.Discard(int(binary.BigEndian.Uint32(head[:4])) + 4); err != nil {
			return ph, fmt.Errorf("png: truncated before IDAT: %w", err)
		}
	}
}

// pngCost counts what image/png holds: the picture in the type it decodes to, and for
// an interlaced PNG the seven passes besides it, which add up to a second picture.
func (h *Header) pngCost(ph pngHeader) {
	deep := ph.depth == 16
	var bpp int64
	var kind string
	switch ph.colorType {
	case 0:
		kind, bpp = "a grey PNG", 1
		if ph.transparent {
			bpp = 4
		}
		if deep {
			kind, bpp = "a 16-bit grey PNG", 2
			if ph.transparent {
				bpp = 8
			}
		}
	case 3:
		kind, bpp = "a palette PNG", 1
	default: // truecolour, with or without alpha, and grey with alpha
		kind, bpp = "an 8-bit colour PNG", 4
		if deep {
			kind, bpp = "a 16-bit colour PNG", 8
		}
	}
	if ph.interlaced {
		kind += " (interlaced)"
	}
	h.Kind = kind
	h.DecodeBytes = bpp * h.Pixels()
	if bpp == 1 && ph.colorType == 0 {
		h.FitBytes = FitBytesOf(h.Width, h.Height, 1, false)
	} else {
		h.FitBytes = FitBytesOf(h.Width, h.Height, 4, true)
	}
	if deep && !ph.interlaced {
		h.Alt, h.AltBytes = "as an 8-bit PNG", h.DecodeBytes/2
	}
	if ph.interlaced {
		h.DecodeBytes *= 2
		h.Alt, h.AltBytes = "as a PNG that is not interlaced", h.DecodeBytes/2
	}
}
