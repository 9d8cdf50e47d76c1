package sheet

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// A row is written as typed cells, one per column, in the header's order. A cell is
//
//   - nil or "": empty
//   - string: text
//   - Number: a decimal number, kept exactly as written ("1250", "99.99")
//   - int: a whole number
//   - bool: true or false
//   - time.Time: a date and time, written as Europe/Kyiv wall time (the service's)
//   - []string: several values (photos): joined by Multi in CSV and XLSX, an array
//     in JSON Lines
//
// Any other type is written as its fmt text.

// Number is a decimal number as the service wrote it: no binary rounding between the
// service and the file.
type Number string

// TimeLayout is how CSV writes a time: the service's own form, which Excel and
// LibreOffice both take for a date and time when they open the file.
const TimeLayout = "2006-01-02 15:04:05"

// Writer writes a sheet row by row, holding no more than one row: ten thousand rows
// cost what one does (XLSX streams each row into its zip entry as it comes).
type Writer interface {
	// WriteRow writes one row, a cell per column.
	WriteRow(cells []any) error
	// Close ends the file (an XLSX's sheet and zip directory are ended here: the file
	// is incomplete until then); the underlying writer is not closed.
	Close() error
}

// NewWriter starts a sheet of format f on w with the columns as its header.
func NewWriter(w io.Writer, f Format, columns []string) (Writer, error) {
	switch f {
	case CSV:
		return newCSVWriter(w, columns)
	case XLSX:
		return newXLSXWriter(w, columns)
	case JSONL:
		return newJSONLWriter(w, columns), nil
	}
	return nil, fmt.Errorf("write a sheet: unknown format %q", f)
}

// bom is UTF-8's byte order mark: without it Excel reads a CSV file in the system's
// ANSI code page and Cyrillic comes out as mojibake.
const bom = "\ufeff"

// csvWriter writes RFC 4180 CSV: comma separated, CRLF at the end of each record.
// CRLF because it is what RFC 4180 and Excel itself write; Excel and LibreOffice read
// LF too, but CRLF keeps Windows tools that split lines themselves right. A line
// break inside a description is written as CRLF inside its quotes and read back by
// encoding/csv as LF.
type csvWriter struct {
	bw  *bufio.Writer
	cw  *csv.Writer
	rec []string
}

func newCSVWriter(w io.Writer, columns []string) (*csvWriter, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	cw.UseCRLF = true
	if _, err := bw.WriteString(bom); err != nil {
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	c := &csvWriter{bw: bw, cw: cw, rec: make([]string, len(columns))}
	if err := cw.Write(columns); err != nil {
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	return c, nil
}

func (c *csvWriter) WriteRow(cells []any) error {
	for i := range c.rec {
		c.rec[i] = ""
		if i < len(cells) {
			c.rec[i] = csvText(cells[i])
		}
	}
	if err := c.cw.Write(c.rec); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	return nil
}

func (c *csvWriter) Close() error {
	c.cw.Flush()
	if err := c.cw.Error(); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	if err := c.bw.Flush(); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	return nil
}

// csvText is a cell as CSV writes it: Text, with a text cell that a spreadsheet
// would take for a formula guarded (CSVGuard).
func csvText(v any) string {
	switch v.(type) {
	case string, []string:
		return CSVGuard(Text(v))
	}
	return Text(v)
}

// CSV injection: a spreadsheet opening a CSV runs a cell that begins with "=", "+",
// "-" or "@" (or a tab or a carriage return before one) as a formula, so a listing's
// title "=HYPERLINK(…)" written as it is would be a link or a command on the
// exporting user's machine. OWASP's advice is a leading apostrophe, which makes the
// cell text; the spreadsheet shows it, and keeps a phone "+380…" as text too (a
// guarded "+380501234567" is not turned into the number 380501234567). The reader
// takes the apostrophe off again (CSVUnguard), so an export imports as it was. Only
// text cells are guarded: a number such as -5 is no formula, and stays a number. A
// text that itself begins with an apostrophe before one of those characters gets a
// second one, so that unguarding gives it back whole.

// CSVGuard is s as a CSV cell a spreadsheet does not run: with a leading apostrophe
// when it begins with a formula's character (or with an apostrophe before one).
func CSVGuard(s string) string {
	if guarded(s) || (len(s) > 0 && strings.ContainsRune(formulaStart, rune(s[0]))) {
		return "'" + s
	}
	return s
}

// CSVUnguard is a CSV cell read back: the apostrophe CSVGuard put before a formula's
// character taken off.
func CSVUnguard(s string) string {
	if guarded(s) {
		return s[1:]
	}
	return s
}

// formulaStart are the characters a spreadsheet reads a formula after.
const formulaStart = "=+-@\t\r"

func guarded(s string) bool {
	return len(s) > 1 && s[0] == '\'' && (strings.ContainsRune(formulaStart, rune(s[1])) || guarded(s[1:]))
}

// Text is a cell as CSV writes it: numbers as written (a dot for the decimal point),
// booleans as true or false, times in TimeLayout, several values joined by Multi.
func Text(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case Number:
		return string(v)
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	case time.Time:
		if v.IsZero() {
			return ""
		}
		return v.In(api.Kyiv).Format(TimeLayout)
	case []string:
		return strings.Join(v, Multi)
	}
	return fmt.Sprint(v)
}

// jsonlWriter writes one flat object per row, keys in the columns' order; an empty
// cell is left out of its object.
type jsonlWriter struct {
	bw   *bufio.Writer
	keys [][]byte // each column's name, quoted, with its colon
	buf  []byte
}

func newJSONLWriter(w io.Writer, columns []string) *jsonlWriter {
	j := &jsonlWriter{bw: bufio.NewWriterSize(w, 64<<10)}
	for _, c := range columns {
		k, _ := json.Marshal(c)
		j.keys = append(j.keys, append(k, ':'))
	}
	return j
}

func (j *jsonlWriter) WriteRow(cells []any) error {
	b := append(j.buf[:0], '{')
	n := 0
	for i, v := range cells {
		if i >= len(j.keys) || isEmpty(v) {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, j.keys[i]...)
		var err error
		if b, err = appendJSON(b, v); err != nil {
			return fmt.Errorf("write the sheet: %w", err)
		}
	}
	b = append(b, '}', '\n')
	j.buf = b
	if _, err := j.bw.Write(b); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	return nil
}

func (j *jsonlWriter) Close() error {
	if err := j.bw.Flush(); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	return nil
}

// appendJSON appends v typed: a Number as its literal (exact), a time as RFC 3339
// with the Kyiv offset (what a program reads without guessing the zone).
func appendJSON(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case string:
		return appendString(b, v), nil
	case Number:
		if !json.Valid([]byte(v)) {
			return appendString(b, string(v)), nil
		}
		return append(b, v...), nil
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case time.Time:
		return appendString(b, v.In(api.Kyiv).Format(time.RFC3339)), nil
	case []string:
		b = append(b, '[')
		for i, s := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, s)
		}
		return append(b, ']'), nil
	}
	m, err := json.Marshal(v)
	return append(b, m...), err
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

func isEmpty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case Number:
		return v == ""
	case time.Time:
		return v.IsZero()
	case []string:
		return len(v) == 0
	}
	return false
}
