package sheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// readCSV reads CSV text: a byte order mark is dropped, and the separator is the one
// the header uses, "," or ";" (Excel writes ";" where the decimal separator is a
// comma). A row is numbered as a spreadsheet shows it (the header is row 1), which a
// quoted cell with line breaks does not change. A cell an export guarded against
// formula injection loses its apostrophe (CSVUnguard).
func readCSV(data []byte) (*Table, error) {
	data = bytes.TrimPrefix(data, leadingBOM)
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sniffComma(data)
	r.FieldsPerRecord = -1 // a short row is empty cells; a long one is judged by add
	r.LazyQuotes = true    // a stray quote inside a cell is kept, as spreadsheets do
	header, err := r.Read()
	if err != nil {
		return nil, csvErr(err)
	}
	b, err := newBuilder(header, func(i int) string { return fmt.Sprintf("column %d", i+1) })
	if err != nil {
		return nil, err
	}
	for n := 2; ; n++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvErr(err)
		}
		for i, c := range rec {
			rec[i] = CSVUnguard(c)
		}
		if err := b.add(n, rec, fmt.Sprintf("row %d", n)); err != nil {
			return nil, err
		}
	}
	return b.table()
}

// sniffComma is the separator of the header line: the one of "," and ";" it has
// more of outside quotes (a header of one column has neither: ",").
func sniffComma(data []byte) rune {
	commas, semis, quoted := 0, 0, false
	for _, c := range data {
		if c == '"' {
			quoted = !quoted
		}
		if quoted {
			continue
		}
		if c == '\n' {
			break
		}
		switch c {
		case ',':
			commas++
		case ';':
			semis++
		}
	}
	if semis > commas {
		return ';'
	}
	return ','
}

func csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("not readable as CSV at line %d: %v", pe.Line, pe.Err)
	}
	return fmt.Errorf("not readable as CSV: %w", err)
}
