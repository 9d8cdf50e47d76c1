package sheet

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
)

// The bounds of a sheet read. Every byte, row, column and cell is counted as it is
// read, and what a file says of its own size is checked before it is believed (a
// zip's directory) or not used at all (an XML count attribute), so that no file
// makes the reader hold more than these allow: a bad file is refused with the bound
// it broke, not with the memory it ate.
const (
	// MaxReadBytes bounds the file itself. A catalogue of 50 000 listings with long
	// descriptions is about 50 MB as CSV and far less as XLSX; a bigger file is most
	// likely not a sheet of listings (photos pasted into a workbook, a database
	// dump). Such a catalogue is imported in parts.
	MaxReadBytes = 64 << 20
	// MaxRows bounds the rows with a value. A shop of 10 000 listings is read in a
	// second at most (an XLSX export; CSV in a tenth of it); 50 000, the ceiling the
	// docs have always given, takes five seconds and 200 MB as XLSX, and is half a
	// business key's day of 100 000 requests even with no photo to upload, so a
	// bigger sheet could not be imported in one day anyway, and its plan alone would
	// be longer than anyone reads.
	MaxRows = 50_000
	// MaxColumns bounds the columns of a sheet and the values of a row: an export of
	// every category's attributes has about 130.
	MaxColumns = 1024
	// MaxCellBytes bounds one cell: a description is at most 5 000 characters
	// (10 000 bytes of Cyrillic), so a bigger cell is a mistake, most often a quote
	// left open in a CSV that swallowed the rows after it.
	MaxCellBytes = 64 << 10
	// MaxCells bounds the cells with a value of a whole sheet, which rows and columns
	// alone do not: 50 000 rows of 1 000 attributes each are within both, and a
	// sheet of 4 784 such rows took 1.8 GB to plan. A shop's export of 10 000
	// listings with every attribute holds about 300 000; a million cells are read and
	// planned in about 400 MB.
	MaxCells = 1_000_000
)

// limits are the bounds a read checks: the constants above, lowered by tests.
type limits struct {
	rows, columns, cell int
	cells               int // 0: MaxCells
}

var defaultLimits = limits{rows: MaxRows, columns: MaxColumns, cell: MaxCellBytes, cells: MaxCells}

// Options change how a sheet is read.
type Options struct {
	// New says the rows will all create listings, their ids ignored (listings import
	// --new): an export without its id column is then no risk, and is read.
	New bool

	lim limits // zero: defaultLimits
}

// Read reads the sheet at path in format f.
func Read(path string, f Format) (*Table, error) { return Options{}.Read(path, f) }

func (o Options) withDefaults() Options {
	if o.lim == (limits{}) {
		o.lim = defaultLimits
	}
	return o
}

// ReadFrom reads a sheet in format f from r, at most MaxReadBytes of it.
func ReadFrom(r io.Reader, f Format) (*Table, error) { return Options{}.Decode(r, f) }

// Read reads the sheet at path in format f.
func (o Options) Read(path string, f Format) (*Table, error) {
	// A named pipe or a device is refused before it is opened: opening a pipe waits
	// for a writer for ever, deaf to Ctrl+C.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return nil, refuse("not_regular", "File", path)
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, wrapped(err, "read", "File", path)
	}
	defer fh.Close()
	st, err := fh.Stat()
	switch {
	case err != nil:
		return nil, wrapped(err, "read", "File", path)
	case st.IsDir():
		return nil, refuse("folder", "File", path)
	case st.Size() > MaxReadBytes:
		return nil, refuse("too_big", "File", path, "MB", st.Size()>>20, "Max", MaxReadBytes>>20)
	}
	var t *Table
	if f == XLSX && st.Mode().IsRegular() {
		// A zip is read from its end: the file itself serves, nothing is copied.
		t, err = o.readXLSXAt(fh, st.Size())
	} else {
		t, err = o.Decode(fh, f)
	}
	if err != nil {
		return nil, wrapped(err, "in", "File", path)
	}
	return t, nil
}

// Decode reads a sheet in format f from r, at most MaxReadBytes of it. CSV and
// JSON Lines are read as they come; an XLSX, a zip read from its end, is first held
// in memory (at most MaxReadBytes, compressed) unless r can be read at an offset.
func (o Options) Decode(r io.Reader, f Format) (*Table, error) {
	o = o.withDefaults()
	src := &capReader{r: r, left: MaxReadBytes}
	switch f {
	case CSV, JSONL:
		in, err := openText(src, f)
		if err != nil {
			return nil, err
		}
		if f == CSV {
			return o.readCSV(in)
		}
		return o.readJSONL(in)
	case XLSX:
		if ra, ok := r.(interface {
			io.ReaderAt
			io.Seeker
		}); ok {
			if size, err := ra.Seek(0, io.SeekEnd); err == nil && size <= MaxReadBytes {
				return o.readXLSXAt(ra, size)
			}
		}
		data, err := io.ReadAll(src)
		if err != nil {
			return nil, readErr(err)
		}
		return o.readXLSXAt(bytes.NewReader(data), int64(len(data)))
	}
	return nil, refuse("format", "Value", strconv.Quote(string(f)))
}

// errTooBig is a file over MaxReadBytes, found while reading it.
var errTooBig = refuse("over", "Max", MaxReadBytes>>20)

// capReader reads at most left bytes and fails after, so that a stream with no size
// (a pipe) is bounded as a file is.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One byte more tells a file of exactly the bound from a bigger one.
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			return 0, errTooBig
		}
		return 0, err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// readErr is an error met while reading the bytes of the sheet.
func readErr(err error) error {
	if errors.Is(err, errTooBig) {
		return errTooBig
	}
	return wrapped(err, "read_bytes")
}

var errEmpty = refuse("empty")
