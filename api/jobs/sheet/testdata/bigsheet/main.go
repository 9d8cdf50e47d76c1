// Command bigsheet makes a big XLSX sheet of listings, and reads one, to measure the
// reader's time and memory (docs/performance.md): the files are too big to commit,
// this is how to make them again.
//
//	go build -o /tmp/bigsheet ./api/sheet/testdata/bigsheet
//	/tmp/bigsheet -rows 1000000 -o /tmp/1m.xlsx         # 5 columns, like a stock list
//	/tmp/bigsheet -rows 50000 -wide -o /tmp/50k.xlsx    # the 26 columns of an export
//	/usr/bin/time -f "%e s %M KB" /tmp/bigsheet -read /tmp/1m.xlsx
//
// It lives under testdata so that the go tool's ./... leaves it out of builds and
// tests; it writes with the export's own writer (sheet.NewWriter).
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/listings-tui/listings/api/jobs/sheet"
)

func main() {
	rows := flag.Int("rows", 100_000, "rows to write")
	wide := flag.Bool("wide", false, "the 26 columns of an export --detail, not 5")
	out := flag.String("o", "", "write a sheet to `FILE` (.xlsx, .csv or .jsonl)")
	read := flag.String("read", "", "read the sheet `FILE` and say what came of it")
	flag.Parse()
	switch {
	case *read != "":
		f, err := sheet.FormatOf(*read)
		if err != nil {
			fail(err)
		}
		start := time.Now()
		t, err := sheet.Read(*read, f)
		if err != nil {
			fmt.Printf("refused after %v: %v\n", time.Since(start).Round(time.Millisecond), err)
			return
		}
		fmt.Printf("read %d rows of %d columns in %v\n", len(t.Rows), len(t.Columns), time.Since(start).Round(time.Millisecond))
	case *out != "":
		if err := write(*out, *rows, *wide); err != nil {
			fail(err)
		}
	default:
		flag.Usage()
		os.Exit(2)
	}
}

func write(path string, rows int, wide bool) error {
	f, err := sheet.FormatOf(path)
	if err != nil {
		return err
	}
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	cols := []string{"id", "title", "price", "city", "hide_phone"}
	if wide {
		cols = []string{"id", "status", "title", "description", "price", "price_type", "currency", "condition",
			"category_id", "category_path", "city", "city_ref", "contact_name", "contact_phone", "hide_phone", "photos",
			"photos_3d", "video", "attr.brand", "attr.year", "attr.size", "url", "views", "vip", "top", "created_at"}
	}
	w, err := sheet.NewWriter(fh, f, cols)
	if err != nil {
		return err
	}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for i := range rows {
		title := "Велосипед міський №" + strconv.Itoa(i)
		row := []any{10000 + i, title, sheet.Number(strconv.Itoa(1000 + i%9000)), "Львів", i%2 == 0}
		if wide {
			row = []any{10000 + i, "active", title, "Опис оголошення: велосипед у доброму стані, обслуговувався щороку. Самовивіз з Левового.",
				sheet.Number("12499.99"), "sell", "UAH", "used", 1203, "Спорт > Велосипеди > Міські", "Львів",
				"a1b2c3d4-0000-4000-8000-000000000001", "Олег", "+380501234567", false,
				[]string{"https://media.example/p/1.webp", "https://media.example/p/2.webp"}, nil, "", "giant",
				sheet.Number("2019"), "165-180", "https://market.example/l/" + strconv.Itoa(10000+i), 42, false, true, at}
		}
		if err := w.WriteRow(row); err != nil {
			return err
		}
	}
	return w.Close()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bigsheet:", err)
	os.Exit(1)
}
