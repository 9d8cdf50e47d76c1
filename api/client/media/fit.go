package media

import (
	"image"
	"image/draw"
)

// stripRows is how many rows of an image of another type are converted to RGBA at a
// time on their way to the scaler: enough to amortise the conversion's per-call work,
// few enough that a 4000 px wide strip is 256 KB.
const stripRows = 16

// Fit returns img scaled so that its longer side is at most maxSide; never enlarged.
// It keeps the aspect ratio (each side at least 1 px) and averages areas, which leaves
// no aliasing however far a photo shrinks, without ever holding a full-size copy: a
// *image.YCbCr (what image/jpeg decodes to) comes back a *image.YCbCr of the same
// subsampling, scaled plane by plane; an opaque *image.NYCbCrA a *image.YCbCr too; a
// *image.Gray a *image.Gray; any other image a premultiplied *image.RGBA, which is
// what averaging transparent pixels needs. An image that already fits, or a maxSide
// below 1, returns img itself.
func Fit(img image.Image, maxSide int) image.Image {
	b := img.Bounds()
	dw, dh, ok := fitSize(b.Dx(), b.Dy(), maxSide)
	if !ok {
		return img
	}
	return scale(img, dw, dh)
}

// fitSize returns the size of a w×h picture fitted in maxSide; ok is false when it
// fits already or maxSide is below 1.
func fitSize(w, h, maxSide int) (dw, dh int, ok bool) {
	if maxSide < 1 || (w <= maxSide && h <= maxSide) {
		return w, h, false
	}
	if h > w {
		return max(1, int((int64(w)*int64(maxSide)+int64(h)/2)/int64(h))), maxSide, true
	}
	return maxSide, max(1, int((int64(h)*int64(maxSide)+int64(w)/2)/int64(w))), true
}

// scale area-averages img into a dw×dh image of the kind Fit describes.
func scale(img image.Image, dw, dh int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	sx, sy := ratio{w, dw}, ratio{h, dh}
	switch m := img.(type) {
	case *image.YCbCr:
		if dst := scaleYCbCr(m, dw, dh); dst != nil {
			return dst
		}
	case *image.NYCbCrA:
		// Only when opaque: averaging colours that are not premultiplied would let
		// the invisible colour of transparent pixels bleed into their neighbours.
		if m.Opaque() {
			if dst := scaleYCbCr(&m.YCbCr, dw, dh); dst != nil {
				return dst
			}
		}
	case *image.Gray:
		dst := image.NewGray(image.Rect(0, 0, dw, dh))
		src := plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, w, h, 1}
		scalePlane(src, plane{dst.Pix, dst.Stride, dw, dh, 1}, sx, sy)
		return dst
	case *image.RGBA:
		dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
		src := plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, w, h, 4}
		scalePlane(src, plane{dst.Pix, dst.Stride, dw, dh, 4}, sx, sy)
		return dst
	}
	return scaleStrips(img, dw, dh)
}

// scaleYCbCr scales each plane of m on its own, so that the picture is never
// converted to RGB at full size. It returns nil for what it does not handle: an image
// not starting at (0, 0) (its chroma samples need not line up with the planes' first
// bytes) or an unknown subsampling.
func scaleYCbCr(m *image.YCbCr, dw, dh int) *image.YCbCr {
	if _, _, ok := chromaFactors(m.SubsampleRatio); !ok || m.Rect.Min != (image.Point{}) {
		return nil
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dst, ys, cbs, crs := newYCbCrScalers(w, h, dw, dh, m.SubsampleRatio)
	for y := range h {
		ys.push(m.Y[y*m.YStride : y*m.YStride+w])
	}
	cw := cbs.srcW
	for y := range cbs.srcH {
		cbs.push(m.Cb[y*m.CStride : y*m.CStride+cw])
		crs.push(m.Cr[y*m.CStride : y*m.CStride+cw])
	}
	return dst
}

// newYCbCrScalers returns a dw×dh *image.YCbCr of subsampling r and the scalers that
// fill its planes from those of a w×h picture sampled alike.
func newYCbCrScalers(w, h, dw, dh int, r image.YCbCrSubsampleRatio) (dst *image.YCbCr, ys, cbs, crs *scaler) {
	fx, fy, _ := chromaFactors(r)
	sx, sy := ratio{w, dw}, ratio{h, dh}
	dst = image.NewYCbCr(image.Rect(0, 0, dw, dh), r)
	cw, ch := (w+fx-1)/fx, (h+fy-1)/fy
	dcw, dch := (dw+fx-1)/fx, (dh+fy-1)/fy
	ys = newScaler(plane{dst.Y, dst.YStride, dw, dh, 1}, w, h, sx, sy)
	cbs = newScaler(plane{dst.Cb, dst.CStride, dcw, dch, 1}, cw, ch, sx, sy)
	crs = newScaler(plane{dst.Cr, dst.CStride, dcw, dch, 1}, cw, ch, sx, sy)
	return dst, ys, cbs, crs
}

// chromaFactors returns how many luma pixels share one chroma sample across and down.
func chromaFactors(r image.YCbCrSubsampleRatio) (fx, fy int, ok bool) {
	switch r {
	case image.YCbCrSubsampleRatio444:
		return 1, 1, true
	case image.YCbCrSubsampleRatio422:
		return 2, 1, true
	case image.YCbCrSubsampleRatio420:
		return 2, 2, true
	case image.YCbCrSubsampleRatio440:
		return 1, 2, true
	case image.YCbCrSubsampleRatio411:
		return 4, 1, true
	case image.YCbCrSubsampleRatio410:
		return 4, 2, true
	}
	return 0, 0, false
}

// scaleStrips scales any image through premultiplied RGBA, converting stripRows rows
// at a time (image/draw has fast paths for the common types, *image.NRGBA among them),
// so the only full-size picture in memory is img itself.
func scaleStrips(img image.Image, dw, dh int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	s := newScaler(plane{dst.Pix, dst.Stride, dw, dh, 4}, w, h, ratio{w, dw}, ratio{h, dh})
	strip := image.NewRGBA(image.Rect(0, 0, w, min(stripRows, h)))
	for y0 := 0; y0 < h; y0 += stripRows {
		n := min(stripRows, h-y0)
		draw.Draw(strip, image.Rect(0, 0, w, n), img, image.Pt(b.Min.X, b.Min.Y+y0), draw.Src)
		for y := range n {
			s.push(strip.Pix[y*strip.Stride : y*strip.Stride+4*w])
		}
	}
	return dst
}
