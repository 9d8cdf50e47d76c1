package sheet

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/listings-tui/listings/api/client/format"
)

// readShared reads the shared strings: each <si>'s text, its rich text runs joined
// and its phonetic guides (<rPh>, for Japanese) left out.
func (x *xlsxFile) readShared(name string, lim limits) ([]string, error) {
	if name == "" {
		return nil, nil
	}
	rc, err := x.open(name, sharedLimit)
	if err != nil || rc == nil {
		return nil, err
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	var out []string
	var buf []byte
	inText, phonetic := false, 0
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, xmlErr(name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "si":
				buf = buf[:0]
			case "rPh":
				phonetic++
			case "t":
				inText = phonetic == 0
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "si":
				if len(out) >= maxShared {
					return nil, fmt.Errorf("the workbook holds more than %s different texts, more than a sheet of %s listings has: import it in parts", format.Number(maxShared), format.Number(lim.rows))
				}
				out = append(out, unescapeX(string(buf)))
			case "rPh":
				phonetic--
			case "t":
				inText = false
			}
		case xml.CharData:
			if inText && len(buf) <= lim.cell {
				buf = append(buf, t...) // a longer one is said by the cell that uses it
			}
		}
	}
}

// sheetReader reads a worksheet's rows as they come, one held at a time.
type sheetReader struct {
	d        *xml.Decoder
	name     string // of the part, for messages
	shared   []string
	styles   styles
	date1904 bool
	lim      limits

	row   int // the row number of the last row read
	cells []string
	kinds []CellKind
	// boolFormulas counts the TRUE()/FALSE() formulas without a value, read from
	// their formula; sharedF holds the shared formulas' text by their si, for the
	// cells that only point at one.
	boolFormulas int
	sharedF      map[string]string
	c            cell // the cell being read, its buffers kept from cell to cell
}

// cell is what a <c> element held.
type cell struct {
	ref, typ  string
	style     int
	v, f, is  []byte
	hasV      bool // a <v>, maybe empty
	hasF      bool
	fShared   string // si of a shared formula
	into      *[]byte
	inPhon    int
	inInlineT bool
}

// next reads the next row with a cell in it: its number, its cells by column (""
// where none) and their kinds; io.EOF after the last.
func (s *sheetReader) next() (int, []string, []CellKind, error) {
	c := &s.c
	inCell, col, any := false, 0, false
	for {
		tok, err := s.d.RawToken()
		if errors.Is(err, io.EOF) {
			return 0, nil, nil, io.EOF
		}
		if err != nil {
			return 0, nil, nil, xmlErr(s.name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				n := s.row + 1
				if r := attr(t, "r"); r != "" {
					if n, err = strconv.Atoi(r); err != nil || n <= s.row {
						return 0, nil, nil, fmt.Errorf("the workbook's %s has a row %q after row %d: the file is damaged; open it and save it again", s.name, r, s.row)
					}
				}
				s.row, col, any = n, 0, false
				s.cells, s.kinds = s.cells[:0], s.kinds[:0]
			case "c":
				*c = cell{ref: attr(t, "r"), typ: attr(t, "t"), v: c.v[:0], f: c.f[:0], is: c.is[:0]}
				c.style, _ = strconv.Atoi(attr(t, "s"))
				if i, ok := columnIndex(c.ref); ok {
					col = i
				}
				inCell = true
			case "v":
				c.into, c.hasV = &c.v, true
			case "f":
				c.into, c.hasF = &c.f, true
				if attr(t, "t") == "shared" {
					c.fShared = attr(t, "si")
				}
			case "rPh":
				c.inPhon++
			case "t":
				if inCell && c.inPhon == 0 {
					c.into = &c.is
				}
			}
		case xml.CharData:
			if c.into != nil {
				if len(*c.into)+len(t) > s.lim.cell {
					return 0, nil, nil, fmt.Errorf("row %d, cell %s: a cell of more than %d KB; a cell holds at most %d KB (a description is at most 5000 characters): shorten it",
						s.row, columnLetters(col)+strconv.Itoa(s.row), s.lim.cell>>10, s.lim.cell>>10)
				}
				*c.into = append(*c.into, t...)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "v", "f", "t":
				c.into = nil
			case "rPh":
				c.inPhon--
			case "c":
				v, kind, err := s.value(c, col)
				if err != nil {
					return 0, nil, nil, err
				}
				if v != "" {
					if err := s.put(col, v, kind); err != nil {
						return 0, nil, nil, err
					}
					any = true
				}
				inCell, c.into = false, nil
				col++
			case "row":
				if any {
					return s.row, s.cells, s.kinds, nil
				}
			case "sheetData":
				return 0, nil, nil, io.EOF
			}
		}
	}
}

// put places a cell's value in its column.
func (s *sheetReader) put(col int, v string, kind CellKind) error {
	if col >= s.lim.columns {
		return fmt.Errorf("row %d has a value in column %s, beyond the %s columns a sheet may have: clear it, or move it left",
			s.row, columnLetters(col), format.Number(s.lim.columns))
	}
	for len(s.cells) <= col {
		s.cells = append(s.cells, "")
		s.kinds = append(s.kinds, KindPlain)
	}
	s.cells[col], s.kinds[col] = v, kind
	return nil
}

// value is a cell's text as a person sees it, and how it was stored.
func (s *sheetReader) value(c *cell, col int) (string, CellKind, error) {
	formula := string(c.f)
	if c.fShared != "" {
		if formula != "" && len(s.sharedF) < maxStyles {
			if s.sharedF == nil {
				s.sharedF = map[string]string{}
			}
			s.sharedF[c.fShared] = formula
		} else if formula == "" {
			formula = s.sharedF[c.fShared]
		}
	}
	// An empty <v> is no value (openpyxl writes one for every formula it cannot
	// compute), but for a formula's text, which may be "".
	hasV := len(c.v) > 0 || (c.hasV && c.typ == "str")
	if c.hasF {
		// LibreOffice writes a boolean as TRUE() or FALSE(), and openpyxl, saving
		// such a file again, keeps the formula and drops its value: read it.
		if b, ok := boolFormula(formula); ok {
			if !hasV {
				s.boolFormulas++
			}
			return b, KindPlain, nil
		}
		if !hasV && c.typ != "inlineStr" {
			return "=" + unescapeX(formula), KindFormula, nil
		}
	}
	v := string(c.v)
	switch c.typ {
	case "s":
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i >= len(s.shared) {
			return "", 0, fmt.Errorf("row %d, cell %s points at text %q of the %d the workbook holds: the file is damaged; open it and save it again",
				s.row, columnLetters(col)+strconv.Itoa(s.row), v, len(s.shared))
		}
		return CSVUnguard(s.shared[i]), KindPlain, nil
	case "inlineStr":
		if len(c.is) == 0 {
			return CSVUnguard(unescapeX(v)), KindPlain, nil
		}
		return CSVUnguard(unescapeX(string(c.is))), KindPlain, nil
	case "str":
		return CSVUnguard(unescapeX(v)), KindPlain, nil
	case "b":
		switch v {
		case "1", "true":
			return "true", KindPlain, nil
		case "0", "false":
			return "false", KindPlain, nil
		}
		return v, KindPlain, nil
	case "e":
		return v, KindError, nil
	case "d":
		if t, ok := isoDateText(v); ok {
			return t, KindDate, nil
		}
		return v, KindPlain, nil
	}
	if v == "" {
		return "", KindPlain, nil
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v, KindPlain, nil
	}
	t, kind := s.styles.of(c.style).shown(x, s.date1904)
	return t, kind, nil
}
