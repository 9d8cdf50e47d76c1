package termimg

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// ColourTerminal reports whether half-block colours can be shown at all.
func ColourTerminal() bool {
	return lipgloss.ColorProfile() != termenv.Ascii
}

// Fit returns the pixel size of an image w×h scaled to fit maxW×maxH with its
// aspect kept (a half-block pixel is about square), at least 1×1.
func Fit(w, h, maxW, maxH int) (int, int) {
	if w <= 0 || h <= 0 || maxW <= 0 || maxH <= 0 {
		return 0, 0
	}
	pw, ph := maxW, h*maxW/w
	if ph > maxH {
		pw, ph = w*maxH/h, maxH
	}
	return max(pw, 1), max(ph, 1)
}

// samplesPerAxis bounds the work of a downscale: each target pixel averages at most
// this many source pixels a side, spread over its box, whatever the source size.
const samplesPerAxis = 4

// downscale averages img into a pw×ph grid (row-major).
func downscale(img image.Image, pw, ph int) []color.RGBA {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	out := make([]color.RGBA, pw*ph)
	xs := make([][]int, pw)
	for x := range pw {
		xs[x] = spread(b.Min.X, x, pw, sw)
	}
	for y := range ph {
		ys := spread(b.Min.Y, y, ph, sh)
		for x := range pw {
			var r, g, bl, n uint32
			for _, sy := range ys {
				for _, sx := range xs[x] {
					pr, pg, pb := rgbAt(img, sx, sy)
					r, g, bl, n = r+pr, g+pg, bl+pb, n+1
				}
			}
			out[y*pw+x] = color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 0xff}
		}
	}
	return out
}

// spread returns the source coordinates sampled for target cell i of n over a source
// length of size starting at origin.
func spread(origin, i, n, size int) []int {
	lo, hi := i*size/n, (i+1)*size/n
	if hi <= lo {
		hi = lo + 1
	}
	k := min(samplesPerAxis, hi-lo)
	out := make([]int, k)
	for j := range k {
		out[j] = origin + lo + (2*j+1)*(hi-lo)/(2*k)
	}
	return out
}

// rgbAt reads one pixel as 8-bit RGB over black; the common decoded types are read
// without going through the color.Color interface.
func rgbAt(img image.Image, x, y int) (uint32, uint32, uint32) {
	switch im := img.(type) {
	case *image.YCbCr:
		c := im.YCbCrAt(x, y)
		r, g, b := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
		return uint32(r), uint32(g), uint32(b)
	case *image.RGBA:
		c := im.RGBAAt(x, y)
		return uint32(c.R), uint32(c.G), uint32(c.B)
	case *image.NRGBA:
		c := im.NRGBAAt(x, y)
		a := uint32(c.A)
		return uint32(c.R) * a / 255, uint32(c.G) * a / 255, uint32(c.B) * a / 255
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return r >> 8, g >> 8, b >> 8
}

// Box is the cells a picture of w×h px takes in at most cols×rows cells, the same for
// half-blocks and for the protocols: a half-block pixel is about square, so the
// protocols' pictures, stretched to the box, keep their aspect too.
func Box(w, h, cols, rows int) (int, int) {
	pw, ph := Fit(w, h, cols, rows*2)
	return pw, (ph + 1) / 2
}

// HalfBlocks draws img in at most cols×rows cells of "▀": the foreground is the top
// pixel, the background the bottom one. Colours are lipgloss hex colours turned into
// sequences by the given profile, which degrades them to 256 or 16 colours as
// lipgloss would. Repeated colours are not re-sent. An Ascii profile gives "".
func HalfBlocks(img image.Image, cols, rows int, p termenv.Profile) string {
	if img == nil || p == termenv.Ascii {
		return ""
	}
	b := img.Bounds()
	pw, ph := Fit(b.Dx(), b.Dy(), cols, rows*2)
	if pw == 0 {
		return ""
	}
	px := downscale(img, pw, ph)
	seqs := map[color.RGBA][2]string{}
	seq := func(c color.RGBA) [2]string {
		s, ok := seqs[c]
		if !ok {
			tc := p.Color(string(lipgloss.Color(fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B))))
			s = [2]string{tc.Sequence(false), tc.Sequence(true)}
			seqs[c] = s
		}
		return s
	}
	var sb strings.Builder
	sb.Grow(pw * (ph + 1) / 2 * 40)
	for y := 0; y < ph; y += 2 {
		if y > 0 {
			sb.WriteByte('\n')
		}
		var lastFg, lastBg string
		for x := range pw {
			fg := seq(px[y*pw+x])[0]
			bg := ""
			if y+1 < ph {
				bg = seq(px[(y+1)*pw+x])[1]
			}
			if fg != lastFg || bg != lastBg {
				sb.WriteString(termenv.CSI)
				if bg == "" {
					sb.WriteString("0;")
				}
				sb.WriteString(fg)
				if bg != "" {
					sb.WriteByte(';')
					sb.WriteString(bg)
				}
				sb.WriteByte('m')
				lastFg, lastBg = fg, bg
			}
			sb.WriteString("▀")
		}
		sb.WriteString(termenv.CSI + termenv.ResetSeq + "m")
	}
	return sb.String()
}
