package sheet

import (
	"io"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// benchRows is the rows of the benchmark (a variable, to see the heap stay flat with more).
var benchRows = 10000

// benchColumns are those of a --detail export with a few attributes.
var benchColumns = []string{"id", "status", "title", "description", "price", "price_type", "currency", "condition",
	"category_id", "category_path", "city", "city_ref", "contact_name", "contact_phone", "hide_phone", "photos",
	"photos_3d", "video", "attr.brand", "attr.year", "attr.size", "url", "views", "vip", "top", "created_at"}

// BenchmarkWrite10k writes 10 000 detail rows in each format; peak-heap reports the
// largest heap seen while writing (sampled every 1 000 rows), to show it stays flat.
func BenchmarkWrite10k(b *testing.B) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, api.Kyiv)
	desc := "Опис оголошення: велосипед у доброму стані, обслуговувався щороку. Самовивіз з Левового."
	photos := []string{"https://media.example/p/1.webp", "https://media.example/p/2.webp", "https://media.example/p/3.webp"}
	row := make([]any, len(benchColumns))
	for _, f := range Formats {
		b.Run(string(f), func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for range b.N {
				w, err := NewWriter(io.Discard, f, benchColumns)
				if err != nil {
					b.Fatal(err)
				}
				for i := range benchRows {
					row = append(row[:0], 10000+i, "active", "Велосипед міський №"+strconv.Itoa(i), desc, Number("12499.99"), "sell", "UAH", "used",
						1203, "Спорт > Велосипеди > Міські", "Львів", "a1b2c3d4-0000-4000-8000-000000000001", "Олег", "+380501234567", false,
						photos, nil, "", "giant", Number("2019"), "165-180", "https://market.example/l/10000", 42, false, true, at)
					if err := w.WriteRow(row); err != nil {
						b.Fatal(err)
					}
					if i%1000 == 0 {
						var m runtime.MemStats
						runtime.ReadMemStats(&m)
						peak = max(peak, m.HeapInuse)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}

func init() {
	if n, err := strconv.Atoi(os.Getenv("SHEET_BENCH_ROWS")); err == nil && n > 0 {
		benchRows = n
	}
}
