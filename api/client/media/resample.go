package media

// Area averaging: every destination pixel is the mean of the source area it covers,
// each source pixel weighted by how much of it lies inside that area. When a photo
// shrinks by two or more, this is the filter that leaves no aliasing (every source
// pixel counts, and counts once), and it streams: a source row is needed once, and
// only one destination row of sums is held while the rows go by. A kernel like
// Catmull-Rom would need its taps stretched by the scale to avoid aliasing, and
// x/image/draw's implementation holds a float64 temp of dstW×srcH×4 (150 MB for a
// 12 MP photo) to run it.

// Weights are fixed-point. Those of one destination pixel add up to exactly 1<<xBits
// across and 1<<yBits down, so a uniform area stays exactly uniform, and the largest
// sum, 255<<(xBits+yBits) plus the rounding, still fits a uint32.
const (
	xBits = 12
	yBits = 11
)

// ratio is a scale: num source pixels for den destination pixels.
type ratio struct{ num, den int }

// span maps the destination pixels along one axis onto the source pixels they cover.
type span struct {
	first []int    // the first source pixel of destination pixel k
	off   []int    // its weights are w[off[k]:off[k+1]], for first[k], first[k]+1, ...
	w     []uint32 // each destination pixel's add up to 1<<bits
}

// newSpan lays dstLen destination pixels over srcLen source pixels at scale r:
// destination pixel k covers the source interval [k·r, (k+1)·r), cut at srcLen. For a
// subsampled chroma plane r is the luma plane's scale, so that both planes average
// the same area of the picture; its last pixel may then hang over the edge.
func newSpan(srcLen, dstLen int, r ratio, bits uint) span {
	total := int64(1) << bits
	num, den := int64(r.num), int64(r.den)
	end := int64(srcLen) * den // in 1/den source pixels, as a and b below
	sp := span{
		first: make([]int, dstLen),
		off:   make([]int, dstLen+1),
		w:     make([]uint32, 0, dstLen*(r.num/r.den+2)),
	}
	for k := range int64(dstLen) {
		a, b := k*num, min((k+1)*num, end)
		if a >= b { // wholly past the edge: repeat the last source pixel
			a, b = end-den, end
		}
		sp.first[k] = int(a / den)
		// Each weight is the difference of rounded running totals, so the weights
		// add up to total exactly whatever the rounding.
		var prev int64
		for i := a / den; i*den < b; i++ {
			cum := min(b, (i+1)*den) - a
			next := (cum*total + (b-a)/2) / (b - a)
			sp.w = append(sp.w, uint32(next-prev))
			prev = next
		}
		sp.off[k+1] = len(sp.w)
	}
	return sp
}

// plane is w×h pixels of c interleaved 8-bit channels (1 or 4), rows stride bytes
// apart.
type plane struct {
	pix          []byte
	stride, w, h int
	c            int
}

func (p plane) row(y int) []byte { return p.pix[y*p.stride : y*p.stride+p.w*p.c] }

// scaler area-averages source rows, pushed top to bottom, into dst. It holds one
// destination row of sums and the current source row reduced across.
type scaler struct {
	dst        plane
	srcW, srcH int
	xs, ys     span
	hrow, acc  []uint32
	sy, dy     int // the next source row; the destination row being summed
}

// newScaler prepares to scale a plane of srcW×srcH pixels into dst at the given scales.
func newScaler(dst plane, srcW, srcH int, sx, sy ratio) *scaler {
	return &scaler{
		dst:  dst,
		srcW: srcW,
		srcH: srcH,
		xs:   newSpan(srcW, dst.w, sx, xBits),
		ys:   newSpan(srcH, dst.h, sy, yBits),
		hrow: make([]uint32, dst.w*dst.c),
		acc:  make([]uint32, dst.w*dst.c),
	}
}

// push adds the next source row, and writes every destination row it completes.
func (s *scaler) push(row []byte) {
	s.reduce(row)
	for s.dy < s.dst.h {
		k := s.sy - s.ys.first[s.dy]
		last := s.ys.off[s.dy+1] - s.ys.off[s.dy] - 1
		if k < 0 || k > last {
			break
		}
		if wt := s.ys.w[s.ys.off[s.dy]+k]; wt != 0 {
			for i, v := range s.hrow {
				s.acc[i] += v * wt
			}
		}
		if k < last {
			break
		}
		s.emit()
		s.dy++ // a row on the border also starts the next destination row
	}
	s.sy++
}

// emit writes the finished destination row and clears the sums for the next one.
func (s *scaler) emit() {
	const shift = xBits + yBits
	out := s.dst.row(s.dy)
	for i, v := range s.acc {
		out[i] = uint8((v + 1<<(shift-1)) >> shift)
		s.acc[i] = 0
	}
}

// reduce averages one source row across into hrow (sums with xBits of fraction).
func (s *scaler) reduce(row []byte) {
	xs := s.xs
	if s.dst.c == 1 {
		for k, f := range xs.first {
			ws := xs.w[xs.off[k]:xs.off[k+1]]
			px := row[f : f+len(ws)]
			var sum uint32
			for i, w := range ws {
				sum += uint32(px[i]) * w
			}
			s.hrow[k] = sum
		}
		return
	}
	for k, f := range xs.first {
		ws := xs.w[xs.off[k]:xs.off[k+1]]
		px := row[4*f : 4*(f+len(ws))]
		var r, g, b, a uint32
		for i, w := range ws {
			p := px[4*i : 4*i+4 : 4*i+4]
			r += uint32(p[0]) * w
			g += uint32(p[1]) * w
			b += uint32(p[2]) * w
			a += uint32(p[3]) * w
		}
		h := s.hrow[4*k : 4*k+4 : 4*k+4]
		h[0], h[1], h[2], h[3] = r, g, b, a
	}
}

// scalePlane scales a whole plane held in memory.
func scalePlane(src, dst plane, sx, sy ratio) {
	s := newScaler(dst, src.w, src.h, sx, sy)
	for y := range src.h {
		s.push(src.row(y))
	}
}
