package bulkform

import (
	"fmt"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// tenThousand is a business account's marked listings: prices ending in 99.
func tenThousand() []bulk.Item {
	items := make([]bulk.Item, 10_000)
	for i := range items {
		items[i] = bulk.Item{ID: i + 1, Title: fmt.Sprintf("Listing %d", i+1), Status: api.StatusActive,
			Price: api.PriceInt(int64(1000 + (i%90)*100 + 99)), Currency: "UAH"}
	}
	return items
}

// BenchmarkPriceFormOpen is opening the price form on 10 000 marked listings: the
// usual rounding read from their prices.
func BenchmarkPriceFormOpen(b *testing.B) {
	items := tenThousand()
	m := newView(personal)
	b.ReportAllocs()
	for b.Loop() {
		m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: items})
	}
}

// BenchmarkPriceFormKey is one key typed into the change with 10 000 marked listings:
// the preview remade, and the view.
func BenchmarkPriceFormKey(b *testing.B) {
	m := newView(personal)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: tenThousand()})
	m, _ = loop.Type(m, "-5")
	b.ReportAllocs()
	for b.Loop() {
		m2, _ := m.Update(tuitest.Key("%"))
		_ = m2.View()
	}
}
