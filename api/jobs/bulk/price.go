package bulk

import (
	"errors"
	"math/big"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// PriceChange is how a bulk price action moves each price: to a value, by a
// percentage or by an amount, then rounded. Prices are decimals (the service keeps
// "1499.99" as written), so the arithmetic is exact, on big.Rat, never on floats: a
// −10 % change of 1 000 gives 900, not 899.9999999.
type PriceChange struct {
	Set     *big.Rat // the new price; nil when the change is relative
	Percent *big.Rat // +10 or −10: by this percentage of the price
	Amount  *big.Rat // +200 or −200: by this amount
	Round   Rounding
}

// Rounding puts a computed price on the nearest value of the form k×Step + Ending:
// Step 10 gives 2 350 from 2 347; Step 1 with Ending 0.99 gives 2 346.99 from
// 2 347.2; Step 100 with Ending 99 gives 2 399 from 2 420. A zero Step does not round
// (the result keeps at most two decimals, as a price has).
type Rounding struct {
	Step   *big.Rat
	Ending *big.Rat
}

// ParsePriceChange reads the CLI's forms: "3000" (with set) or "-10%", "+200" (with
// by), and a rounding such as "10", "0.99" (an ending under 1: the step is 1) or
// "100:99" (step 100, ending 99).
func ParsePriceChange(set, by, round string) (PriceChange, error) {
	var c PriceChange
	switch {
	case set != "" && by != "":
		return c, errors.New("give either a price to set or a change by, not both")
	case set != "":
		v, ok := new(big.Rat).SetString(strings.TrimSpace(set))
		if !ok || v.Sign() < 0 {
			return c, rules.Because("bulk.price.invalid", "Value", strconv.Quote(set))
		}
		c.Set = v
	case by != "":
		s := strings.TrimSpace(by)
		pct := strings.HasSuffix(s, "%")
		v, ok := new(big.Rat).SetString(strings.TrimSuffix(s, "%"))
		if !ok || v.Sign() == 0 || !(strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")) {
			return c, rules.Because("bulk.change.invalid", "Value", strconv.Quote(by))
		}
		if pct {
			if v.Cmp(big.NewRat(-100, 1)) <= 0 {
				return c, rules.Because("bulk.change.too_low", "Value", strconv.Quote(by))
			}
			c.Percent = v
		} else {
			c.Amount = v
		}
	default:
		return c, errors.New("give a price to set or a change by")
	}
	r, err := parseRounding(round)
	c.Round = r
	return c, err
}

func parseRounding(s string) (Rounding, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Rounding{}, nil
	}
	bad := rules.Because("bulk.rounding.invalid", "Value", strconv.Quote(s))
	stepText, endText, pair := strings.Cut(s, ":")
	step, ok := new(big.Rat).SetString(stepText)
	if !ok || step.Sign() <= 0 {
		return Rounding{}, bad
	}
	if pair {
		end, ok := new(big.Rat).SetString(endText)
		if !ok || end.Sign() < 0 || end.Cmp(step) >= 0 {
			return Rounding{}, bad
		}
		return Rounding{Step: step, Ending: end}, nil
	}
	if step.Cmp(big.NewRat(1, 1)) < 0 { // 0.99: an ending, on whole units
		return Rounding{Step: big.NewRat(1, 1), Ending: step}, nil
	}
	return Rounding{Step: step}, nil
}

// Apply computes the new price from the current one.
func (c PriceChange) Apply(old api.Price) (api.Price, error) {
	cur, ok := new(big.Rat).SetString(old.String())
	if !ok {
		return api.Price{}, rules.Because("bulk.price.not_number", "Value", strconv.Quote(old.String()))
	}
	v := new(big.Rat)
	switch {
	case c.Set != nil:
		v.Set(c.Set)
	case c.Percent != nil:
		f := new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Quo(c.Percent, big.NewRat(100, 1)))
		v.Mul(cur, f)
	case c.Amount != nil:
		v.Add(cur, c.Amount)
	default:
		v.Set(cur)
	}
	v = c.Round.apply(v)
	return api.ParsePrice(decimal(v))
}

// apply rounds v to the nearest k×Step + Ending (halves up); without a step, to cents.
func (r Rounding) apply(v *big.Rat) *big.Rat {
	if r.Step == nil || r.Step.Sign() <= 0 {
		return nearest(v, big.NewRat(1, 100), new(big.Rat))
	}
	end := r.Ending
	if end == nil {
		end = new(big.Rat)
	}
	return nearest(v, r.Step, end)
}

// nearest is the value k×step + end closest to v.
func nearest(v, step, end *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(new(big.Rat).Sub(v, end), step)
	q.Add(q, big.NewRat(1, 2))
	k := new(big.Int).Div(q.Num(), q.Denom()) // floor for a positive denominator
	out := new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
	return out.Add(out, end)
}

// decimal writes v with at most two decimals, without trailing zeros: "900",
// "1499.99", "12.5".
func decimal(v *big.Rat) string {
	s := v.FloatString(2)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
