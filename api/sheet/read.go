package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// MaxReadBytes bounds a sheet read. A sheet is read whole (an XLSX is a zip that must
// be opened whole anyway), and a catalogue of 50 000 listings with long descriptions
// is about 50 MB as CSV and far less as XLSX; a bigger file is most likely not a sheet
// of listings (photos pasted into a workbook, a database dump), and reading it would
// only hold its size in memory to say so. Such a catalogue is imported in parts.
const MaxReadBytes = 64 << 20

// Read reads the sheet at path in format f.
func Read(path string, f Format) (*Table, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	switch {
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", path, err)
	case st.IsDir():
		return nil, fmt.Errorf("%s is a folder, not a sheet", path)
	case st.Size() > MaxReadBytes:
		return nil, fmt.Errorf("%s is %d MB; a sheet read here is at most %d MB (a catalogue of 50 000 listings is smaller): split it, or leave pictures out of the workbook",
			path, st.Size()>>20, MaxReadBytes>>20)
	}
	t, err := ReadFrom(fh, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ReadFrom reads a sheet in format f from r, at most MaxReadBytes of it.
func ReadFrom(r io.Reader, f Format) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxReadBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read the sheet: %w", err)
	}
	if len(data) > MaxReadBytes {
		return nil, fmt.Errorf("the sheet is over %d MB, the most read here: split it", MaxReadBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("the file is empty: a sheet has a header row of column names, then one row per listing")
	}
	if f != XLSX {
		if err := checkText(data, f); err != nil {
			return nil, err
		}
	}
	switch f {
	case CSV:
		return readCSV(data)
	case XLSX:
		return readXLSX(data)
	case JSONL:
		return readJSONL(data)
	}
	return nil, fmt.Errorf("%q is not a sheet format: use csv, xlsx or jsonl", f)
}

var leadingBOM = []byte("\xef\xbb\xbf")

// checkText refuses what is not UTF-8 text, naming what it looks like instead.
func checkText(data []byte, f Format) error {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return fmt.Errorf("this is a zip file, not %s text: an XLSX workbook is read with --format xlsx (or name it .xlsx)", strings.ToUpper(string(f)))
	case bytes.HasPrefix(data, []byte{0xd0, 0xcf, 0x11, 0xe0}):
		return errors.New("this is an old Excel (.xls) file: save it as .xlsx or as CSV UTF-8")
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}), bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return errors.New("this text is UTF-16: save it as CSV UTF-8")
	case bytes.IndexByte(data, 0) >= 0:
		return fmt.Errorf("this is a binary file, not a %s sheet", strings.ToUpper(string(f)))
	case !utf8.Valid(data):
		return errors.New("this text is not UTF-8 (Cyrillic saved as Windows-1251?): save it as CSV UTF-8")
	}
	return nil
}

// builder makes a Table from a header and rows of cells, whatever the format.
type builder struct {
	t     Table
	index []int // the column of each header cell; -1 for a nameless one
	where func(i int) string
}

// newBuilder takes the header's names, folded to lower case. A repeated name is
// refused (which of two cells would count is a guess); a nameless column is allowed
// while it stays empty. where names the i-th header cell for a message ("column C").
func newBuilder(header []string, where func(i int) string) (*builder, error) {
	b := &builder{where: where}
	seen := map[string]int{}
	for i, h := range header {
		name := FoldColumn(h)
		if name == "" {
			b.index = append(b.index, -1)
			continue
		}
		if j, ok := seen[name]; ok {
			return nil, fmt.Errorf("the header names %q twice (%s and %s): keep one", name, where(j), where(i))
		}
		seen[name] = i
		b.index = append(b.index, len(b.t.Columns))
		b.t.Columns = append(b.t.Columns, name)
	}
	if len(b.t.Columns) == 0 {
		return nil, errors.New("the first row holds no column names: a sheet starts with a header such as title,description,price,category,city")
	}
	return b, nil
}

// FoldColumn is a column name as compared: trimmed and lower case.
func FoldColumn(name string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimPrefix(name, "\ufeff")))
}

// add keeps one row; a row with no value is left out.
func (b *builder) add(line int, cells []string, rowName string) error {
	row := Row{Line: line, Cells: map[string]string{}}
	for i, c := range cells {
		if strings.TrimSpace(c) == "" {
			continue
		}
		if i >= len(b.index) || b.index[i] < 0 {
			return fmt.Errorf("%s has a value in %s, which has no name in the header: name the column or clear it", rowName, b.where(i))
		}
		row.Cells[b.t.Columns[b.index[i]]] = c
	}
	if len(row.Cells) > 0 {
		b.t.Rows = append(b.t.Rows, row)
	}
	return nil
}

func (b *builder) table() (*Table, error) {
	if len(b.t.Rows) == 0 {
		return nil, errors.New("the sheet has a header and no rows: add one row per listing")
	}
	return &b.t, nil
}
