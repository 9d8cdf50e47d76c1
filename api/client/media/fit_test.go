package media

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

var ratios = []image.YCbCrSubsampleRatio{
	image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
	image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410,
}

// filled returns w×h images of every kind Fit handles, each painted with c.
func filled(w, h int, c color.NRGBA) map[string]image.Image {
	r := image.Rect(0, 0, w, h)
	out := map[string]image.Image{}
	yy, cb, cr := color.RGBToYCbCr(c.R, c.G, c.B)
	for _, ratio := range ratios {
		m := image.NewYCbCr(r, ratio)
		fill(m.Y, yy)
		fill(m.Cb, cb)
		fill(m.Cr, cr)
		out["ycbcr"+ratio.String()] = m
	}
	n := image.NewNYCbCrA(r, image.YCbCrSubsampleRatio420)
	fill(n.Y, yy)
	fill(n.Cb, cb)
	fill(n.Cr, cr)
	fill(n.A, c.A)
	out["nycbcra"] = n
	gray := image.NewGray(r)
	fill(gray.Pix, color.GrayModel.Convert(c).(color.Gray).Y)
	out["gray"] = gray
	for name, m := range map[string]draw.Image{
		"rgba": image.NewRGBA(r), "nrgba": image.NewNRGBA(r), "rgba64": image.NewRGBA64(r),
		"paletted": image.NewPaletted(r, color.Palette{color.Black, c}),
	} {
		draw.Draw(m, r, image.NewUniform(c), image.Point{}, draw.Src)
		out[name] = m
	}
	// A sub-image, whose pixels do not start at the first byte.
	big := image.NewRGBA(image.Rect(0, 0, w+7, h+5))
	draw.Draw(big, big.Rect, image.NewUniform(color.NRGBA{9, 9, 9, 255}), image.Point{}, draw.Src)
	draw.Draw(big, r.Add(image.Pt(3, 2)), image.NewUniform(c), image.Point{}, draw.Src)
	out["rgba sub-image"] = big.SubImage(r.Add(image.Pt(3, 2)))
	return out
}

func fill(b []byte, v byte) {
	for i := range b {
		b[i] = v
	}
}

func TestFitUniformStaysUniform(t *testing.T) {
	colors := []color.NRGBA{{200, 30, 90, 255}, {0, 0, 0, 255}, {255, 255, 255, 255}, {40, 160, 220, 128}}
	sizes := [][2]int{{400, 300}, {300, 400}, {161, 161}, {201, 37}, {5, 499}, {333, 1}, {641, 479}}
	for _, c := range colors {
		for _, sz := range sizes {
			for name, img := range filled(sz[0], sz[1], c) {
				if c.A != 255 && (name == "gray" || strings.HasPrefix(name, "ycbcr") || name == "paletted") {
					continue // no transparency in these
				}
				got := Fit(img, 160)
				// Compared in 8-bit premultiplied RGBA: what an RGBA result holds.
				want := color.RGBAModel.Convert(img.At(img.Bounds().Min.X, img.Bounds().Min.Y))
				if msg := uniform(got, want); msg != "" {
					t.Errorf("%v %s %dx%d: %s", c, name, sz[0], sz[1], msg)
				}
			}
		}
	}
}

// uniform reports how img differs from a picture all of colour want.
func uniform(img image.Image, want color.Color) string {
	if m, ok := img.(*image.YCbCr); ok { // exactly the source's samples, plane by plane
		y0, cb0, cr0 := m.Y[0], m.Cb[0], m.Cr[0]
		for _, p := range [][]byte{m.Y, m.Cb, m.Cr} {
			for _, v := range p {
				if v != y0 && v != cb0 && v != cr0 {
					return fmt.Sprintf("sample %d among %d/%d/%d", v, y0, cb0, cr0)
				}
			}
		}
		if color.RGBAModel.Convert(m.At(0, 0)) != want {
			return fmt.Sprintf("colour %v, want %v", m.At(0, 0), want)
		}
		return ""
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if got := color.RGBAModel.Convert(img.At(x, y)); got != want {
				return fmt.Sprintf("pixel (%d,%d) is %v, want %v", x, y, got, want)
			}
		}
	}
	return ""
}

func TestFitKeepsHalves(t *testing.T) {
	red, blue := color.NRGBA{220, 20, 30, 255}, color.NRGBA{20, 40, 230, 255}
	for _, sz := range [][2]int{{400, 300}, {301, 403}, {320, 10}, {1000, 999}} {
		w, h := sz[0], sz[1]
		for _, across := range []bool{true, false} {
			src := image.NewRGBA(image.Rect(0, 0, w, h))
			draw.Draw(src, src.Rect, image.NewUniform(red), image.Point{}, draw.Src)
			half := image.Rect(w/2, 0, w, h)
			if !across {
				half = image.Rect(0, h/2, w, h)
			}
			draw.Draw(src, half, image.NewUniform(blue), image.Point{}, draw.Src)
			ycc := image.NewYCbCr(src.Rect, image.YCbCrSubsampleRatio420)
			toYCbCr(src, ycc)
			for name, img := range map[string]image.Image{"rgba": src, "ycbcr": ycc} {
				got := Fit(img, 160)
				b := got.Bounds()
				// Where the border lands, and one pixel either side of it (two for
				// subsampled chroma), pixels blend; everywhere else they are pure.
				for y := range b.Dy() {
					for x := range b.Dx() {
						pos, border := x, float64(b.Dx())/2
						if !across {
							pos, border = y, float64(b.Dy())/2
						}
						d := float64(pos) + 0.5 - border
						if d > -2.5 && d < 2.5 {
							continue
						}
						want := red
						if d > 0 {
							want = blue
						}
						if !near(got.At(x, y), want, 3) {
							t.Fatalf("%s %dx%d across=%v: pixel (%d,%d) of %v is %v, want %v",
								name, w, h, across, x, y, b, got.At(x, y), want)
						}
					}
				}
			}
		}
	}
}

// toYCbCr converts m into a 4:2:0 dst, averaging each chroma sample's pixels as a
// JPEG encoder would.
func toYCbCr(m *image.RGBA, dst *image.YCbCr) {
	b := m.Rect
	for y := range b.Dy() {
		for x := range b.Dx() {
			c := m.RGBAAt(x, y)
			dst.Y[dst.YOffset(x, y)], _, _ = color.RGBToYCbCr(c.R, c.G, c.B)
		}
	}
	for cy := range (b.Dy() + 1) / 2 {
		for cx := range (b.Dx() + 1) / 2 {
			var sb, sr, n int
			for _, p := range []image.Point{{2 * cx, 2 * cy}, {2*cx + 1, 2 * cy}, {2 * cx, 2*cy + 1}, {2*cx + 1, 2*cy + 1}} {
				if p.In(b) {
					c := m.RGBAAt(p.X, p.Y)
					_, cb, cr := color.RGBToYCbCr(c.R, c.G, c.B)
					sb, sr, n = sb+int(cb), sr+int(cr), n+1
				}
			}
			dst.Cb[cy*dst.CStride+cx], dst.Cr[cy*dst.CStride+cx] = uint8((sb+n/2)/n), uint8((sr+n/2)/n)
		}
	}
}

func near(c color.Color, want color.NRGBA, tol int) bool {
	g := color.NRGBAModel.Convert(c).(color.NRGBA)
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(g.R, want.R) && d(g.G, want.G) && d(g.B, want.B) && d(g.A, want.A)
}

// TestFitAveragesAreas checks the filter itself: halving averages 2×2 blocks exactly,
// and any scale keeps the picture's mean brightness.
func TestFitAveragesAreas(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := image.NewGray(image.Rect(0, 0, 2*TargetSide, 1000))
	for i := range src.Pix {
		src.Pix[i] = uint8(rng.IntN(256))
	}
	got := Fit(src, TargetSide).(*image.Gray)
	for y := range 500 {
		for x := range TargetSide {
			sum := int(src.GrayAt(2*x, 2*y).Y) + int(src.GrayAt(2*x+1, 2*y).Y) +
				int(src.GrayAt(2*x, 2*y+1).Y) + int(src.GrayAt(2*x+1, 2*y+1).Y)
			if want := uint8((sum + 2) / 4); got.GrayAt(x, y).Y != want {
				t.Fatalf("(%d,%d) = %d, want the mean of its block %d", x, y, got.GrayAt(x, y).Y, want)
			}
		}
	}
	mean := func(p []byte) float64 {
		var s float64
		for _, v := range p {
			s += float64(v)
		}
		return s / float64(len(p))
	}
	for _, sz := range [][2]int{{4000, 3000}, {1999, 2357}, {1601, 3}} {
		m := image.NewGray(image.Rect(0, 0, sz[0], sz[1]))
		for y := range sz[1] { // a ramp, so that a shifted or lost edge would show
			for x := range sz[0] {
				m.Pix[y*m.Stride+x] = uint8((x*255/sz[0] + y*255/sz[1]) / 2)
			}
		}
		if a, b := mean(m.Pix), mean(Fit(m, TargetSide).(*image.Gray).Pix); b-a > 0.5 || a-b > 0.5 {
			t.Errorf("%v: mean %.2f became %.2f", sz, a, b)
		}
	}
}

func TestFitTypes(t *testing.T) {
	for name, img := range filled(301, 199, color.NRGBA{1, 2, 3, 255}) {
		got := Fit(img, 160)
		if got.Bounds() != image.Rect(0, 0, 160, 106) {
			t.Errorf("%s: bounds %v", name, got.Bounds())
		}
		want := "*image.RGBA"
		switch img.(type) {
		case *image.YCbCr, *image.NYCbCrA:
			want = "*image.YCbCr"
		case *image.Gray:
			want = "*image.Gray"
		}
		if g := fmt.Sprintf("%T", got); g != want {
			t.Errorf("%s: Fit returned %s, want %s", name, g, want)
		}
	}
	for name, img := range filled(301, 199, color.NRGBA{1, 2, 3, 100}) {
		if m, ok := img.(*image.NYCbCrA); ok {
			if _, ok := Fit(m, 160).(*image.RGBA); !ok {
				t.Errorf("%s with transparency: want premultiplied RGBA", name)
			}
		}
	}
}

// TestFitMemory bounds what scaling a 12 MP JPEG-like picture allocates: the 1600 px
// result (2.9 MB) and a few rows, never a full-size copy.
func TestFitMemory(t *testing.T) {
	src := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	dst := Fit(src, TargetSide)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("scaling %v to %v allocated %.1f MB", src.Rect, dst.Bounds(), float64(n)/(1<<20))
	}
}

func TestOrientKeepsTypes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sz := range [][2]int{{8, 4}, {12, 8}, {7, 5}, {6, 10}} {
		w, h := sz[0], sz[1]
		r := image.Rect(0, 0, w, h)
		imgs := map[string]image.Image{}
		for _, ratio := range ratios {
			m := image.NewYCbCr(r, ratio)
			for _, p := range [][]byte{m.Y, m.Cb, m.Cr} {
				for i := range p {
					p[i] = uint8(rng.IntN(256))
				}
			}
			imgs[ratio.String()] = m
		}
		g, n := image.NewGray(r), image.NewNRGBA(r)
		for i := range g.Pix {
			g.Pix[i] = uint8(rng.IntN(256))
		}
		for i := range n.Pix {
			n.Pix[i] = uint8(rng.IntN(256))
		}
		imgs["gray"], imgs["nrgba"] = g, n
		for name, img := range imgs {
			even := w%4 == 0 && h%4 == 0 // chroma samples then land exactly
			for o := 2; o <= 8; o++ {
				got, ref := Orient(img, o), Orient(toRGBA(img), o)
				if got.Bounds() != ref.Bounds() {
					t.Fatalf("%s %dx%d o=%d: bounds %v, want %v", name, w, h, o, got.Bounds(), ref.Bounds())
				}
				m, ycc := img.(*image.YCbCr)
				quarter411 := ycc && o >= 5 && (m.SubsampleRatio == image.YCbCrSubsampleRatio411 ||
					m.SubsampleRatio == image.YCbCrSubsampleRatio410) // no turned counterpart
				if fmt.Sprintf("%T", got) != fmt.Sprintf("%T", img) && !quarter411 {
					t.Errorf("%s o=%d: type %T", name, o, got)
				}
				if ycc && !even && m.SubsampleRatio != image.YCbCrSubsampleRatio444 {
					continue
				}
				for y := range ref.Bounds().Dy() {
					for x := range ref.Bounds().Dx() {
						if a, b := color.RGBAModel.Convert(got.At(x, y)), ref.At(x, y); a != b {
							t.Fatalf("%s %dx%d o=%d (%d,%d): %v, want %v", name, w, h, o, x, y, a, b)
						}
					}
				}
			}
		}
	}
	turned := Orient(image.NewYCbCr(image.Rect(0, 0, 8, 4), image.YCbCrSubsampleRatio422), 6).(*image.YCbCr)
	if turned.SubsampleRatio != image.YCbCrSubsampleRatio440 || turned.Rect.Dx() != 4 {
		t.Errorf("a quarter turn of 4:2:2 gave %v %v", turned.SubsampleRatio, turned.Rect)
	}
}
