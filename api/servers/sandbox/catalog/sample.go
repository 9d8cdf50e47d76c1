package catalog

import (
	"fmt"
	"math"
	"regexp/syntax"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// SampleAttributes returns valid attribute values for category id, varied by seed,
// for seeded listings and tests: every required attribute and about three in four
// optional ones. Values are plain JSON types: string, int (integer numbers), float64,
// bool, and map[string]any{"from", "to"} for a range. Unknown or non-leaf categories
// give an empty map.
func (c *Catalog) SampleAttributes(id int, seed int) map[string]any {
	out := map[string]any{}
	for i, a := range c.attrs[id] {
		r := newRng(uint64(id), uint64(seed), uint64(i))
		if !a.required && r.intn(4) == 0 {
			continue
		}
		if v, ok := a.sample(r); ok {
			out[a.code] = v
		}
	}
	return out
}

// rng is splitmix64: tiny, deterministic and good enough to vary samples.
type rng struct{ s uint64 }

func newRng(parts ...uint64) *rng {
	r := &rng{s: 0x9e3779b97f4a7c15}
	for _, p := range parts {
		r.s ^= p
		r.next()
	}
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(r.next() % uint64(n))
}

// unit is uniform in [0, 1).
func (r *rng) unit() float64 { return float64(r.next()>>11) / (1 << 53) }

func (a *attribute) sample(r *rng) (any, bool) {
	switch a.typ {
	case TypeSelect:
		return a.options[r.intn(len(a.options))].Value, true
	case TypeBoolean:
		return r.intn(2) == 0, true
	case TypeNumber:
		return a.sampleNumber(r)
	case TypeRange:
		return a.sampleRange(r)
	default:
		return a.sampleText(r)
	}
}

// typical narrows the sampling interval of codes whose seed bounds are far wider than
// everyday values (a two-million-km mileage is valid but not a good sample).
var typical = sync.OnceValue(func() map[string][2]float64 {
	return map[string][2]float64{
		"year": {2000, 2024}, "mileage_km": {5000, 300000}, "engine_volume": {1, 3},
		"total_area": {25, 150}, "kitchen_area": {6, 20}, "land_area": {4, 30},
		"floor": {1, 16}, "floors_total": {5, 25}, "quantity": {1, 100},
		"monthly_revenue": {50000, 2000000}, "staff_count": {1, 30}, "salary": {10000, 80000},
		"power_w": {300, 3000}, "storage_gb": {128, 2048}, "shutter_count": {1000, 100000},
		"load_capacity_t": {1, 20}, "weight_kg": {5, 15}, "battery_health": {70, 100},
		"age_months": {2, 60}, "engine_cc": {50, 1200}, "min_term_months": {6, 12},
	}
})

// span is the sampling interval: the attribute's bounds (or a modest default when it
// has none), narrowed to the typical interval when that lies within them.
func (a *attribute) span() (lo, hi float64) {
	lo, hi = 0, 100
	if a.min != nil {
		lo = *a.min
		if a.max == nil {
			hi = lo + 100
		}
	}
	if a.max != nil {
		hi = *a.max
		if a.min == nil {
			lo = math.Min(0, hi-100)
		}
	}
	if t, ok := typical()[a.code]; ok && t[0] >= lo && t[1] <= hi {
		return t[0], t[1]
	}
	return lo, hi
}

// pick draws uniformly from [lo, hi].
func (a *attribute) pick(r *rng, lo, hi float64) float64 {
	return lo + (hi-lo)*r.unit()
}

func (a *attribute) sampleNumber(r *rng) (any, bool) {
	lo, hi := a.span()
	switch {
	case a.step > 0:
		kLo, kHi := math.Ceil(lo/a.step-stepTolerance), math.Floor(hi/a.step+stepTolerance)
		if kLo > kHi {
			return nil, false
		}
		k := math.Round(a.pick(r, kLo, kHi))
		f := roundTo(k*a.step, decimals(a.step))
		if a.integer {
			return int(math.Round(f)), a.numberOK(math.Round(f))
		}
		return f, a.numberOK(f)
	case a.integer:
		iLo, iHi := math.Ceil(lo), math.Floor(hi)
		if iLo > iHi {
			return nil, false
		}
		v := math.Round(a.pick(r, iLo, iHi))
		return int(v), a.numberOK(v)
	default:
		f := math.Min(math.Max(roundTo(a.pick(r, lo, hi), 1), lo), hi)
		return f, a.numberOK(f)
	}
}

func (a *attribute) sampleRange(r *rng) (any, bool) {
	lo, hi := a.span()
	iLo, iHi := math.Ceil(lo), math.Floor(hi)
	if iLo > iHi {
		return nil, false
	}
	x, y := math.Round(a.pick(r, iLo, iHi)), math.Round(a.pick(r, iLo, iHi))
	if x > y {
		x, y = y, x
	}
	switch r.intn(5) {
	case 0:
		return map[string]any{"from": int(x)}, true
	case 1:
		return map[string]any{"to": int(y)}, true
	}
	return map[string]any{"from": int(x), "to": int(y)}, true
}

func decimals(f float64) int {
	s := num(f)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

func roundTo(f float64, places int) float64 {
	v, err := strconv.ParseFloat(strconv.FormatFloat(f, 'f', places, 64), 64)
	if err != nil {
		return f
	}
	return v
}

// sampleWords are everyday values for the text attributes of the seed; other codes
// get a generic value built from the English name.
var sampleWords = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"model":           {"Camry", "Golf", "Octavia", "iPhone 13", "Galaxy S21", "ThinkPad T14", "EOS 250D"},
		"car_model":       {"Camry", "Passat B7", "Focus", "Lanos"},
		"brand":           {"Bosch", "Makita", "Samsung", "Zara", "Philips", "Canon", "Trek", "Yamaha"},
		"breed":           {"Labrador", "Beagle", "Maine Coon", "British Shorthair", "Husky"},
		"species":         {"Budgerigar", "Canary", "Cockatiel"},
		"cpu":             {"Intel Core i5-12400", "AMD Ryzen 5 5600X", "Apple M1"},
		"gpu":             {"GeForce RTX 3060", "Radeon RX 6600"},
		"company":         {"Sandbox Soft", "Kyiv Retail Group", "BudTrans"},
		"author":          {"Lesya Ukrainka", "Ivan Franko", "Taras Shevchenko"},
		"subject":         {"Mathematics", "English", "Physics", "Ukrainian"},
		"title_name":      {"FIFA 23", "The Witcher 3", "Gran Turismo 7"},
		"color_name":      {"Midnight", "Graphite", "Sierra Blue"},
		"compatible_with": {"iPhone 13", "Galaxy S22", "USB-C devices"},
		"part_number":     {"04465-33450", "1K0615301AA", "A2044200220"},
		"material_name":   {"Bronze", "Silver", "Porcelain"},
	}
})

func (a *attribute) sampleText(r *rng) (any, bool) {
	for try := 0; try < 20; try++ {
		var s string
		if a.pattern != nil {
			var err error
			if s, err = generate(a.pattern.String(), r); err != nil {
				return nil, false
			}
		} else if words := sampleWords()[a.code]; len(words) > 0 {
			s = words[r.intn(len(words))]
		} else {
			s = fmt.Sprintf("%s %d", a.names["en"], 1+r.intn(99))
		}
		if a.maxLength > 0 && utf8.RuneCountInString(s) > a.maxLength {
			s = string([]rune(s)[:a.maxLength])
		}
		if a.check(s) == "" && strings.TrimSpace(s) != "" {
			return s, true
		}
	}
	return nil, false
}

// generate builds a string matching pattern by walking its syntax tree, so any seed
// pattern (VIN, cadastral number, time of day) gets valid samples without a
// hand-written generator per pattern.
func generate(pattern string, r *rng) (string, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", fmt.Errorf("catalog: parse pattern %q: %w", pattern, err)
	}
	var b strings.Builder
	walk(re.Simplify(), r, &b, 0)
	return b.String(), nil
}

// maxDepth guards against pathological nesting.
const maxDepth = 50

func walk(re *syntax.Regexp, r *rng, b *strings.Builder, depth int) {
	if depth > maxDepth {
		return
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) < 2 {
			return
		}
		pair := 2 * r.intn(len(re.Rune)/2)
		lo, hi := re.Rune[pair], re.Rune[pair+1]
		b.WriteRune(lo + rune(r.intn(int(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('x')
	case syntax.OpCapture:
		walk(re.Sub[0], r, b, depth+1)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			walk(s, r, b, depth+1)
		}
	case syntax.OpAlternate:
		walk(re.Sub[r.intn(len(re.Sub))], r, b, depth+1)
	case syntax.OpQuest, syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		lo, hi := 0, 2
		switch re.Op {
		case syntax.OpQuest:
			hi = 1
		case syntax.OpPlus:
			lo = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 {
				hi = lo + 2
			}
		}
		for n := lo + r.intn(hi-lo+1); n > 0; n-- {
			walk(re.Sub[0], r, b, depth+1)
		}
	}
	// Anchors, word boundaries and empty matches produce no text.
}
