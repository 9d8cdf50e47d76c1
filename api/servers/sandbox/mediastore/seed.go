package mediastore

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// Seed photos: n ranges over [0, seedLimit), which the name pattern in validName
// matches; rendered images are kept for up to seedCacheCap names, since they are
// deterministic and can always be rendered again.
const (
	seedLimit    = 1_000_000
	seedCacheCap = 256
	seedW        = 800
	seedH        = 600
)

// SeedPhoto names a deterministic generated photo n (and its watermarked copy) for
// seeded listings; the images are rendered on first request. n is taken modulo one
// million, so every int names a photo the store can serve.
func (s *Store) SeedPhoto(n int) (name, nameWM string) {
	n = (n%seedLimit + seedLimit) % seedLimit
	return fmt.Sprintf("%s/%d.webp", seedDir, n), fmt.Sprintf("%s/%d_wm.webp", seedDir, n)
}

// parseSeedName reads n and the watermark flag back out of a name SeedPhoto made.
func parseSeedName(name string) (n int, wm, ok bool) {
	rest, ok := strings.CutPrefix(name, seedDir+"/")
	if !ok {
		return 0, false, false
	}
	rest, ok = strings.CutSuffix(rest, ".webp")
	if !ok {
		return 0, false, false
	}
	rest, wm = strings.CutSuffix(rest, "_wm")
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || n >= seedLimit || strconv.Itoa(n) != rest {
		return 0, false, false
	}
	return n, wm, true
}

type seedCache struct {
	mu      sync.Mutex
	entries map[string]*seedEntry
}

// seedEntry renders once; concurrent requests for the same photo wait for that one
// rendering instead of each doing it.
type seedEntry struct {
	once sync.Once
	data []byte
	err  error
}

func (c *seedCache) get(n int, wm bool) ([]byte, error) {
	key := fmt.Sprintf("%d/%t", n, wm)
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		if len(c.entries) >= seedCacheCap {
			for k := range c.entries { // drop an arbitrary one; it renders again if asked
				delete(c.entries, k)
				break
			}
		}
		e = &seedEntry{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		var img image.Image = renderSeed(n)
		if wm {
			img = watermark(img)
		}
		e.data, e.err = encodeWebP(img)
	})
	return e.data, e.err
}

// renderSeed draws photo n: a diagonal gradient between two hues with a few soft
// shapes on it, all chosen from n, so every seeded listing looks different.
func renderSeed(n int) *image.RGBA {
	rng := rand.New(rand.NewPCG(uint64(n), 0x5eed))
	hue := math.Mod(float64(n)*0.618033988749895, 1)
	top := hsv(hue, 0.55, 0.95)
	bottom := hsv(math.Mod(hue+0.35, 1), 0.65, 0.45)

	img := image.NewRGBA(image.Rect(0, 0, seedW, seedH))
	for y := range seedH {
		row := img.Pix[y*img.Stride:]
		for x := range seedW {
			t := (float64(x)/seedW + float64(y)/seedH) / 2
			i := 4 * x
			row[i] = lerp(top.R, bottom.R, t)
			row[i+1] = lerp(top.G, bottom.G, t)
			row[i+2] = lerp(top.B, bottom.B, t)
			row[i+3] = 0xff
		}
	}
	for k := 3 + rng.IntN(4); k > 0; k-- {
		c := hsv(math.Mod(hue+rng.Float64()*0.6+0.2, 1), 0.5+rng.Float64()*0.4, 0.6+rng.Float64()*0.4)
		c.A = uint8(120 + rng.IntN(110))
		cx, cy := rng.IntN(seedW), rng.IntN(seedH)
		size := 40 + rng.IntN(seedH/3)
		if rng.IntN(2) == 0 {
			fillCircle(img, cx, cy, size, c)
		} else {
			r := image.Rect(cx-size, cy-size/2, cx+size, cy+size/2)
			draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Over)
		}
	}
	return img
}

// fillCircle blends a disc of colour c (non-premultiplied) into img.
func fillCircle(img *image.RGBA, cx, cy, r int, c color.NRGBA) {
	a := uint32(c.A)
	for y := max(cy-r, 0); y <= min(cy+r, seedH-1); y++ {
		for x := max(cx-r, 0); x <= min(cx+r, seedW-1); x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) > r*r {
				continue
			}
			p := img.Pix[y*img.Stride+4*x:]
			p[0] = uint8((uint32(c.R)*a + uint32(p[0])*(255-a)) / 255)
			p[1] = uint8((uint32(c.G)*a + uint32(p[1])*(255-a)) / 255)
			p[2] = uint8((uint32(c.B)*a + uint32(p[2])*(255-a)) / 255)
		}
	}
}

func lerp(a, b uint8, t float64) uint8 {
	return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5)
}

// hsv converts hue, saturation and value in [0, 1] to an opaque colour.
func hsv(h, s, v float64) color.NRGBA {
	i := math.Floor(h * 6)
	f := h*6 - i
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var r, g, b float64
	switch int(i) % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.NRGBA{uint8(r*255 + 0.5), uint8(g*255 + 0.5), uint8(b*255 + 0.5), 0xff}
}
