package sheetcmd_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// show is what listings show --json says of a listing.
func show(t *testing.T, c *clitest.Runner, id int) map[string]json.RawMessage {
	t.Helper()
	var d struct{ Listing map[string]json.RawMessage }
	c.OKJSON(&d, "", "show", clitest.Itoa(id), "--json")
	return d.Listing
}

// jsonlRows reads an export in JSON Lines.
func jsonlRows(t *testing.T, data []byte) []map[string]json.RawMessage {
	t.Helper()
	var rows []map[string]json.RawMessage
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		rows = append(rows, r)
	}
	return rows
}

// cell is a JSON value as the CSV and XLSX exports write it.
func cellText(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	if len(raw) == 0 {
		return ""
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	switch v := v.(type) {
	case nil:
		return ""
	case []any:
		var s []string
		for _, x := range v {
			s = append(s, fmt.Sprint(x))
		}
		return strings.Join(s, sheet.Multi)
	case string:
		if at, err := api.ParseTime(v); err == nil && strings.Contains(v, ":") && len(v) >= 19 {
			return at.Format(sheet.TimeLayout)
		}
	case map[string]any: // a range
		return fmt.Sprintf("%v-%v", orEmpty(v["from"]), orEmpty(v["to"]))
	}
	return fmt.Sprint(v)
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}

// The personal account exported with --detail says of every listing what listings
// show --json says, field by field. The personal key allows 60 requests a minute and
// its 46 listings cost 48 to export (a ping, the list, a GET each): a show for each
// would make the test wait a minute, so the first ten are shown (the business test
// shows every one).
func TestExportDetailMatchesShowPersonal(t *testing.T) {
	t.Parallel()
	s := newShop(t, 0)
	checkAgainstShow(t, s, 10, "jsonl")
}

// The business account, in the three formats: CSV and XLSX read back by encoding/csv
// and excelize, cell by cell, Cyrillic included.
func TestExportDetailMatchesShowBusiness(t *testing.T) {
	t.Parallel()
	s := newShop(t, 0)
	s.c = s.c.WithKey(sandbox.KeyBusiness)
	checkAgainstShow(t, s, -1, "jsonl", "csv", "xlsx")
}

// exported reads an export of format f as rows of cells by column, as text.
func exported(t *testing.T, c *clitest.Runner, f string) (header []string, rows []map[string]string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "all."+f)
	c.OK("", "export", "--status", "all", "--detail", "-o", file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var recs [][]string
	switch f {
	case "jsonl":
		for _, r := range jsonlRows(t, data) {
			row := map[string]string{}
			for k, v := range r {
				row[k] = cellText(t, v)
			}
			rows = append(rows, row)
		}
		return nil, rows
	case "csv":
		if !bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
			t.Error("the CSV file has no BOM")
		}
		if recs, err = csv.NewReader(bytes.NewReader(data[3:])).ReadAll(); err != nil {
			t.Fatal(err)
		}
		// A text cell that would run as a formula is guarded by an apostrophe
		// ("'+380…"), which the importer takes off: compare what it reads.
		for _, rec := range recs {
			for i := range rec {
				rec[i] = sheet.CSVUnguard(rec[i])
			}
		}
	case "xlsx":
		x, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		if recs, err = x.GetRows(sheet.SheetName); err != nil {
			t.Fatal(err)
		}
	}
	header = recs[0]
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, col := range header {
			if i < len(rec) {
				row[col] = strings.NewReplacer("TRUE", "true", "FALSE", "false").Replace(rec[i])
			}
		}
		rows = append(rows, row)
	}
	return header, rows
}

// checkAgainstShow exports every listing in each format and compares the first
// shows of them (-1: all) with listings show --json.
func checkAgainstShow(t *testing.T, s *shop, shows int, formats ...string) {
	t.Helper()
	c := s.c
	byFormat := map[string][]map[string]string{}
	var header []string
	for _, f := range formats {
		h, rows := exported(t, c, f)
		if h != nil {
			if header != nil && strings.Join(h, ",") != strings.Join(header, ",") {
				t.Errorf("the headers differ:\n%v\n%v", header, h)
			}
			header = h
		}
		byFormat[f] = rows
	}
	n := len(byFormat[formats[0]])
	if n < 10 {
		t.Fatalf("%d rows exported", n)
	}
	if got := s.details.Load(); got != int64(n*len(formats)) {
		t.Errorf("%d detail GETs for %d listings in %d formats", got, n, len(formats))
	}
	sawCyrillic, sawAttr := false, false
	for i, first := range byFormat[formats[0]] {
		if i == shows {
			break
		}
		id, _ := strconv.Atoi(first["id"])
		l := show(t, c, id)
		var attrs map[string]json.RawMessage
		_ = json.Unmarshal(l["attributes"], &attrs)
		want := map[string]string{}
		for field, raw := range l {
			want[map[string]string{"video_url": "video"}[field]+field] = cellText(t, raw)
		}
		want["video"] = want["videovideo_url"]
		for code, raw := range attrs {
			want["attr."+code] = cellText(t, raw)
			sawAttr = true
		}
		if strings.ContainsAny(want["title"], "абвгдеєжзиіїйклмнопрстуфхцчшщьюя") {
			sawCyrillic = true
		}
		for _, f := range formats {
			row := byFormat[f][i]
			if row["id"] != first["id"] {
				t.Fatalf("%s row %d is listing %s, not %s", f, i+1, row["id"], first["id"])
			}
			cols := header
			if cols == nil {
				for k := range row {
					cols = append(cols, k)
				}
			}
			for _, col := range cols {
				w := want[col]
				if w == "false" && row[col] == "" && (col == "hide_phone" || col == "vip" || col == "top") {
					continue
				}
				if row[col] != w {
					t.Errorf("%s: listing %d %s: %q, show says %q", f, id, col, row[col], w)
				}
			}
			// Every detail field and attribute show has is in the row.
			for col, w := range want {
				exported := strings.HasPrefix(col, "attr.") || indexOf(export.DetailColumns, col) >= 0
				if _, ok := row[col]; !ok && exported && w != "" && w != "false" {
					t.Errorf("%s: listing %d has no %s (%q)", f, id, col, w)
				}
			}
		}
	}
	if !sawCyrillic || !sawAttr {
		t.Errorf("the seed had no Cyrillic title (%v) or no attribute (%v)", sawCyrillic, sawAttr)
	}
}

// xlsxText is how excelize shows a value written as text in CSV: booleans in capitals.
func xlsxText(s string) string {
	switch s {
	case "true":
		return "TRUE"
	case "false":
		return "FALSE"
	}
	return s
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
