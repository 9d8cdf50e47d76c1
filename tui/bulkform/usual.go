package bulkform

import (
	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
)

// A bulk price change offers the rounding the seller's prices already follow: a shop
// that prices at 4 299 and 1 299 wants 4 089 after −5 %, not 4 084.05, and one that
// prices in tens wants tens. The first of these that most of the marked listings'
// prices fit is filled in; the form shows it and the user can change or clear it. A
// price fits a rounding when it is on its grid and the step is at most 5 % of it, so
// that rounding moves it by 2.5 % at most: 1 299 fits 10:9, not 100:99, which would
// take −5 % to 1 199 (−7.7 %).
var roundings = []struct {
	text string  // as the form reads it (bulk.ParsePriceChange)
	step float64 // a price fits only from 20 steps up
	why  string  // its words: roundingWhy
}{
	{"100:99", 100, "end99"},
	{"10:9", 10, "end9"},
	{"100", 100, "hundreds"},
	{"10", 10, "tens"},
	{"0.99", 1, "end_cents"},
	{"1", 1, "whole"},
}

// fitShare is the share of the prices a rounding must fit to be the usual one.
const fitShare = 0.8

// sampleSize bounds the prices read: ten thousand marked listings cost no more than
// five hundred.
const sampleSize = 500

// usualRounding is the rounding the items' prices follow, as the form's text, and
// why; "" when they follow none (to the cent) or have no price.
func usualRounding(items []bulk.Item) (text, why string) {
	var prices []api.Price
	for _, it := range items {
		if len(prices) == sampleSize {
			break
		}
		if it.Price.IsZero() || it.Price.Float64() <= 0 || it.PriceType == api.PriceFree || it.PriceType == api.PriceExchange {
			continue
		}
		prices = append(prices, it.Price)
	}
	if len(prices) == 0 {
		return "", ""
	}
	for _, r := range roundings {
		fit := 0
		for _, p := range prices {
			if r.step*20 <= p.Float64() && onGrid(p, r.text) {
				fit++
			}
		}
		if float64(fit) >= fitShare*float64(len(prices)) {
			return r.text, r.why
		}
	}
	return "", ""
}

// onGrid says whether rounding leaves p as it is, by bulk's own arithmetic: setting
// p with the rounding gives p back.
func onGrid(p api.Price, rounding string) bool {
	c, err := bulk.ParsePriceChange(p.String(), "", rounding)
	if err != nil {
		return false
	}
	np, err := c.Apply(p)
	return err == nil && np.Float64() == p.Float64()
}

// roundingWhy says what the prices a rounding fits look like.
func roundingWhy(why string) string {
	switch why {
	case "end99":
		return i18n.T("bulkform.usual.end99")
	case "end9":
		return i18n.T("bulkform.usual.end9")
	case "hundreds":
		return i18n.T("bulkform.usual.hundreds")
	case "tens":
		return i18n.T("bulkform.usual.tens")
	case "end_cents":
		return i18n.T("bulkform.usual.end_cents")
	}
	return i18n.T("bulkform.usual.whole")
}
