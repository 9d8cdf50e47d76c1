package sheet

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/listings-tui/listings/api/client/format"
)

// readCSV reads CSV text: the separator is the one the header uses, "," or ";"
// (Excel writes ";" where the decimal separator is a comma). A row is numbered as a
// spreadsheet shows it (the header is row 1, a blank line is a row), which a quoted
// cell with line breaks does not change. A cell an export guarded against formula
// injection loses its apostrophe (CSVUnguard).
func (o Options) readCSV(in *text) (*Table, error) {
	p := newCSVParser(in.r, sniffComma(in.first), o.lim)
	b := o.builder(CSV)
	b.utf8 = in.utf8
	if !in.note.OK() {
		b.note(in.note)
		b.t.Charset = in.charset
	}
	colName := func(i int) string {
		if i < len(b.index) && b.index[i] >= 0 {
			return "column " + b.t.Columns[b.index[i]]
		}
		return fmt.Sprintf("column %d", i+1)
	}
	headed := false
	for n := 1; ; n++ {
		rec, err := p.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, p.explain(err, n, colName)
		}
		if !headed {
			if &rec[0] == &blankRecord[0] {
				continue // blank lines before the header
			}
			if err := b.header(rec, func(i int) string { return fmt.Sprintf("column %d", i+1) }); err != nil {
				return nil, err
			}
			headed = true
			continue
		}
		if &rec[0] == &blankRecord[0] || &rec[0] == &emptyRecord[0] {
			continue // a row of the spreadsheet, with nothing in it
		}
		for i, c := range rec {
			rec[i] = CSVUnguard(c)
		}
		if err := b.add(n, rec, nil); err != nil {
			return nil, err
		}
	}
	if !headed {
		return nil, errEmpty
	}
	return b.table()
}

// sniffComma is the separator of the header line: the one of "," and ";" it has
// more of outside quotes (a header of one column has neither: ",").
func sniffComma(data []byte) byte {
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

// csvParser reads CSV records as RFC 4180 has them, as leniently as a spreadsheet:
// a quote inside a cell that does not begin with one is text, and so is a quote
// inside a quoted cell that is not doubled and not followed by the separator. Its
// own rather than encoding/csv's, because a record is bounded while it is read: a
// line of two million separators, or a quote left open that would make the rest of
// the file one cell, is refused at the bound, not held.
type csvParser struct {
	r     *bufio.Reader
	comma byte
	lim   limits
	buf   []byte // the cells of the record, one after another
	ends  []int  // where each cell ends in buf
	rec   []string
	start int // where the cell being read begins in buf
	st    int // the state: csvStart…
	// plainStop are the bytes that end a run of text in a cell without quotes.
	plainStop [256]bool
}

// quotedStop are the bytes that end a run of text in a quoted cell.
var quotedStop = [256]bool{'"': true, '\r': true}

func newCSVParser(r *bufio.Reader, comma byte, lim limits) *csvParser {
	p := &csvParser{r: r, comma: comma, lim: lim}
	p.plainStop[comma], p.plainStop['\n'], p.plainStop['\r'] = true, true, true
	return p
}

// The states of a record being read.
const (
	csvStart  = iota // a cell begins
	csvPlain         // inside a cell without quotes
	csvQuoted        // inside a quoted cell
	csvQuote         // a quote inside a quoted cell: its end, or a doubled quote
)

// Parse errors, with the cell (0-based) where they were met.
type csvErr struct {
	kind int // csvTooWide, csvTooBig, csvOpenQuote
	cell int
}

const (
	csvTooWide = iota
	csvTooBig
	csvOpenQuote
)

func (e *csvErr) Error() string { return fmt.Sprintf("csv error %d at cell %d", e.kind, e.cell) }

// next reads a record; io.EOF at the end.
func (p *csvParser) next() ([]string, error) {
	p.buf, p.ends, p.st, p.start = p.buf[:0], p.ends[:0], csvStart, 0
	cr, read := false, false
	for {
		chunk, rerr := p.r.ReadSlice('\n')
		read = read || len(chunk) > 0
		for i := 0; i < len(chunk); i++ {
			c := chunk[i]
			if !cr && (p.st == csvPlain || p.st == csvQuoted) {
				// Inside a cell, the bytes up to the next one that matters are
				// copied at once: a cell is read at the speed of memory.
				stop := &p.plainStop
				if p.st == csvQuoted {
					stop = &quotedStop
				}
				j := i
				for j < len(chunk) && !stop[chunk[j]] {
					j++
				}
				p.buf = append(p.buf, chunk[i:j]...)
				if j == len(chunk) {
					break
				}
				i, c = j, chunk[j]
			}
			if cr {
				cr = false
				if c != '\n' { // a lone CR is text; CRLF ends a line as LF does
					if _, err := p.step('\r'); err != nil {
						return nil, err
					}
				}
			} else if c == '\r' {
				cr = true
				continue
			}
			done, err := p.step(c)
			if err != nil {
				return nil, err
			}
			if done {
				return p.record(), nil
			}
		}
		if len(p.buf)-p.start > p.lim.cell {
			return nil, &csvErr{kind: csvTooBig, cell: len(p.ends)}
		}
		switch {
		case rerr == nil, errors.Is(rerr, bufio.ErrBufferFull):
			continue
		case !errors.Is(rerr, io.EOF):
			return nil, readErr(rerr)
		case !read:
			return nil, io.EOF
		case p.st == csvQuoted:
			return nil, &csvErr{kind: csvOpenQuote, cell: len(p.ends)}
		}
		if err := p.endCell(); err != nil {
			return nil, err
		}
		return p.record(), nil
	}
}

// step reads one byte; done says the record ended with it.
func (p *csvParser) step(c byte) (done bool, err error) {
	switch p.st {
	case csvStart, csvPlain:
		switch {
		case c == p.comma:
			p.st = csvStart
			return false, p.endCell()
		case c == '\n':
			return true, p.endCell()
		case c == '"' && p.st == csvStart:
			p.st = csvQuoted
		default:
			p.st = csvPlain
			p.buf = append(p.buf, c)
		}
	case csvQuoted:
		if c == '"' {
			p.st = csvQuote
		} else {
			p.buf = append(p.buf, c)
		}
	case csvQuote:
		switch c {
		case '"':
			p.st = csvQuoted
			p.buf = append(p.buf, '"')
		case p.comma:
			p.st = csvStart
			return false, p.endCell()
		case '\n':
			return true, p.endCell()
		default:
			p.st = csvQuoted
			p.buf = append(p.buf, '"', c)
		}
	}
	return false, nil
}

func (p *csvParser) endCell() error {
	if len(p.ends) >= p.lim.columns {
		return &csvErr{kind: csvTooWide, cell: len(p.ends)}
	}
	p.ends = append(p.ends, len(p.buf))
	p.start = len(p.buf)
	return nil
}

// record is the cells read, as strings sharing one allocation; the slice is the
// parser's own, good until the next record.
func (p *csvParser) record() []string {
	switch {
	case len(p.buf) == 0 && len(p.ends) == 1:
		return blankRecord
	case len(p.buf) == 0:
		return emptyRecord // however many empty cells: a row with nothing in it
	}
	all := string(p.buf)
	p.rec = p.rec[:0]
	from := 0
	for _, end := range p.ends {
		p.rec = append(p.rec, all[from:end])
		from = end
	}
	return p.rec
}

// blankRecord is a blank line's record, and emptyRecord that of a line of
// separators only, shared: a row with nothing in it costs nothing.
var (
	blankRecord = []string{""}
	emptyRecord = []string{"", ""}
)

// explain says what a parse error of row n means and what to do.
func (p *csvParser) explain(err error, n int, col func(int) string) error {
	var ce *csvErr
	if !errors.As(err, &ce) {
		return err
	}
	switch ce.kind {
	case csvTooWide:
		return fmt.Errorf("row %d has more than %s cells: a sheet has at most %s columns (an export of every category's attributes has about 130); is the separator %q right?",
			n, format.Number(p.lim.columns), format.Number(p.lim.columns), string(p.comma))
	case csvTooBig:
		return fmt.Errorf("row %d, %s: a cell of more than %d KB; a cell holds at most %d KB (a description is at most 5000 characters): shorten it, or close the quote left open before it (a quote left open makes one cell of the rows after it)",
			n, col(ce.cell), p.lim.cell>>10, p.lim.cell>>10)
	}
	return fmt.Errorf(`row %d, %s: the quote that begins the cell is never closed, so the rest of the file would be one cell: close it, or double a quote meant as text ("")`,
		n, col(ce.cell))
}
