package sheet

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

func TestReadBounds(t *testing.T) {
	wide := func(keys int) string {
		var b strings.Builder
		b.WriteString(`{"title": "x"`)
		for i := range keys {
			fmt.Fprintf(&b, `, "k%d": %d`, i, i)
		}
		return b.String() + "}\n"
	}
	many := func(rows int) string {
		var b strings.Builder
		b.WriteString("title,price\n")
		for i := range rows {
			fmt.Fprintf(&b, "Стіл %d,%d\n", i, i)
		}
		return b.String()
	}
	unions := wide(0)
	for l := range 3 {
		unions += strings.Replace(wide(0), `}`, fmt.Sprintf(`, "a%d": 1, "b%d": 2, "c%d": 3}`, l, l, l), 1)
	}
	small := Options{lim: limits{rows: 3, columns: 8, cell: 100}}
	for _, c := range []struct {
		name string
		o    Options
		text string
		f    Format
		want string
	}{
		{"a JSON Lines object of 100 000 keys", Options{}, wide(100_000), JSONL, "line 1: more than 1,024 keys in one object"},
		{"keys of many lines", small, unions, JSONL, `the sheet has more than 8 columns (the key "b2" of line 4 is one more)`},
		{"a JSON Lines line of 5 MB", Options{}, `{"title": "` + strings.Repeat("x", 5<<20) + "\"}\n", JSONL, "line 1 is over 4 MB"},
		{"a JSON Lines array too long", small, `{"photos": [` + strings.Repeat(`"a",`, 20) + `"a"]}`, JSONL, `"photos": an array of more than 8 values`},
		{"a CSV row of 2 000 cells", Options{}, "title\n" + strings.Repeat(",", 2000) + "\n", CSV, "row 2 has more than 1,024 cells"},
		{"a CSV cell over 64 KB", Options{}, "title,description\nСтіл,\"" + strings.Repeat("Опис, рядок\n", 20000), CSV, "row 2, column description: a cell of more than 64 KB"},
		{"a quote left open", Options{}, "title,price\n\"Стіл,300\nШафа,200\n", CSV, "row 2, column title: the quote that begins the cell is never closed"},
		{"a cell over the bound, read whole", small, "title\n" + strings.Repeat("я", 60) + "\n", CSV, "row 2, column title: a cell of 0 KB"},
		{"MaxRows+1 rows", Options{}, many(MaxRows + 1), CSV, "the sheet has more than 50,000 rows (row 50002 is one more): import it in parts of at most 50,000 rows"},
		{"cells of many rows", Options{lim: limits{rows: 10, columns: 8, cell: 100, cells: 7}}, "title,price,city\nСтіл,1,Київ\nШафа,2,Львів\nЛіжко,3,Рівне\n", CSV,
			"the sheet has more than 7 cells with a value (row 4 brings it over): import it in parts, or leave out the columns you do not change"},
		{"rows of JSON Lines", small, strings.Repeat(`{"title": "x"}`+"\n", 4), JSONL, "(line 4 is one more)"},
	} {
		start := time.Now()
		_, err := c.o.Decode(strings.NewReader(c.text), c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: refused after %v", c.name, d)
		}
	}
	if tab, err := ReadFrom(strings.NewReader(many(MaxRows)), CSV); err != nil || len(tab.Rows) != MaxRows {
		t.Errorf("MaxRows rows: %v", err)
	}
	// A stream with no size is cut at MaxReadBytes, however it is made (here empty
	// rows, which no other bound counts).
	for f, empty := range map[Format]string{CSV: ",", JSONL: " ", XLSX: "x"} {
		endless := io.MultiReader(strings.NewReader("{\"title\": \"x\"}\n"), &pattern{line: strings.Repeat(empty, 999) + "\n"})
		if _, err := ReadFrom(endless, f); err == nil || !strings.Contains(err.Error(), "over 64 MB") {
			t.Errorf("%s: an endless stream: %v", f, err)
		}
	}
	// The rows of an XLSX are counted as they come.
	var rows strings.Builder
	rows.WriteString(`<row r="1">` + inline("A1", "title") + `</row>`)
	for i := 2; i < 7; i++ {
		rows.WriteString(fmt.Sprintf(`<row r="%d">`, i) + inline(fmt.Sprintf("A%d", i), "x") + `</row>`)
	}
	if _, err := small.Decode(bytes.NewReader(testBook{rows: rows.String()}.zip(t)), XLSX); err == nil || !strings.Contains(err.Error(), "more than 3 rows (row 5 is one more)") {
		t.Errorf("XLSX rows: %v", err)
	}
}

// pattern is an endless stream of one line.
type pattern struct {
	line string
	at   int
}

func (p *pattern) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = p.line[p.at]
		p.at = (p.at + 1) % len(p.line)
	}
	return len(b), nil
}
