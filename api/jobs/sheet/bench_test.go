package sheet

import (
	"io"
	"os"
	"path/filepath"
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

// BenchmarkRead10k reads back the sheet of BenchmarkWrite10k in each format, the
// bounds lifted so that SHEET_BENCH_ROWS=1000000 streams a million rows; peak-heap
// reports the largest heap seen while reading (sampled every 10 ms), to show what the rows kept cost and nothing else does.
func BenchmarkRead10k(b *testing.B) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, api.Kyiv)
	desc := "Опис оголошення: велосипед у доброму стані, обслуговувався щороку. Самовивіз з Левового."
	photos := []string{"https://media.example/p/1.webp", "https://media.example/p/2.webp", "https://media.example/p/3.webp"}
	o := Options{lim: limits{rows: benchRows, columns: MaxColumns, cell: MaxCellBytes}}
	for _, f := range Formats {
		file := filepath.Join(b.TempDir(), "bench."+string(f))
		fh, err := os.Create(file)
		if err != nil {
			b.Fatal(err)
		}
		w, err := NewWriter(fh, f, benchColumns)
		if err != nil {
			b.Fatal(err)
		}
		for i := range benchRows {
			err := w.WriteRow([]any{10000 + i, "active", "Велосипед міський №" + strconv.Itoa(i), desc, Number("12499.99"), "sell", "UAH", "used",
				1203, "Спорт > Велосипеди > Міські", "Львів", "a1b2c3d4-0000-4000-8000-000000000001", "Олег", "+380501234567", false,
				photos, nil, "", "giant", Number("2019"), "165-180", "https://market.example/l/10000", 42, false, true, at})
			if err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		fh.Close()
		b.Run(string(f), func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for range b.N {
				stop := sampleHeap(&peak)
				t, err := o.Read(file, f)
				stop()
				if err != nil || len(t.Rows) != benchRows {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}

// sampleHeap samples HeapInuse every 10 ms into peak until stop is called.
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			*peak = max(*peak, m.HeapInuse)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
