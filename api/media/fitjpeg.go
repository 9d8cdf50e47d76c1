package media

import (
	"bufio"
	"errors"
	"image"
	"image/jpeg"
	"io"

	"github.com/listings-tui/listings/api/media/internal/jpegrows"
)

// errFits stops the band decoder for a picture that needs no scaling.
var errFits = errors.New("the picture fits already")

// FitJPEG decodes the JPEG read from r fitted in maxSide: the same picture, sample for
// sample, as Fit(jpeg.Decode(r), maxSide). A sequential JPEG, what cameras and phones
// write, is decoded a band of 8 or 16 rows at a time straight into the scalers, so
// the picture is never held at full size: for a 12 MP photo the 1600 px result
// (2.9 MB) is about all it allocates, where jpeg.Decode alone takes 18 MB. Any other
// JPEG (progressive, RGB, CMYK, one that fits already, or one the band decoder finds
// broken) is decoded whole by image/jpeg, reading r again from where it started: r
// must seek back.
func FitJPEG(r io.ReadSeeker, maxSide int) (image.Image, error) {
	at, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	if img, err := fitJPEGBands(bufio.NewReaderSize(r, 64<<10), maxSide); err == nil {
		return img, nil
	}
	if _, err := r.Seek(at, io.SeekStart); err != nil {
		return nil, err
	}
	img, err := jpeg.Decode(bufio.NewReaderSize(r, 64<<10))
	if err != nil {
		return nil, err
	}
	return Fit(img, maxSide), nil
}

// fitJPEGBands scales a sequential JPEG as jpegrows decodes it. The bands arrive top
// to bottom, which is the order the scalers take their rows in.
func fitJPEGBands(r io.Reader, maxSide int) (image.Image, error) {
	var (
		dst          image.Image
		ys, cbs, crs *scaler
		fy           int
	)
	start := func(f jpegrows.Frame) error {
		dw, dh, ok := fitSize(f.Width, f.Height, maxSide)
		if !ok {
			return errFits
		}
		if f.Gray {
			g := image.NewGray(image.Rect(0, 0, dw, dh))
			ys = newScaler(plane{g.Pix, g.Stride, dw, dh, 1}, f.Width, f.Height, ratio{f.Width, dw}, ratio{f.Height, dh})
			dst = g
			return nil
		}
		_, fy, _ = chromaFactors(f.Ratio)
		dst, ys, cbs, crs = newYCbCrScalers(f.Width, f.Height, dw, dh, f.Ratio)
		return nil
	}
	band := func(b image.Image) error {
		switch m := b.(type) {
		case *image.Gray:
			w := m.Rect.Dx()
			for y := range m.Rect.Dy() {
				ys.push(m.Pix[y*m.Stride : y*m.Stride+w])
			}
		case *image.YCbCr:
			w := m.Rect.Dx()
			for y := range m.Rect.Dy() {
				ys.push(m.Y[y*m.YStride : y*m.YStride+w])
			}
			// A band starts on a chroma row (it is whole MCUs); the last one may
			// end inside one, which still counts.
			cw := cbs.srcW
			for y := range (m.Rect.Max.Y+fy-1)/fy - m.Rect.Min.Y/fy {
				cbs.push(m.Cb[y*m.CStride : y*m.CStride+cw])
				crs.push(m.Cr[y*m.CStride : y*m.CStride+cw])
			}
		}
		return nil
	}
	if err := jpegrows.Decode(r, start, band); err != nil {
		return nil, err
	}
	return dst, nil
}
