package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// The bounds of an XLSX's parts. The zip's directory says how big each part unpacks
// to; that is checked before a byte is unpacked, and the bytes are counted again as
// they come, since a directory can lie.
const (
	// unzipLimit bounds what a workbook may unpack to in all: a zip of a few MB that
	// unpacks to gigabytes is a zip bomb, not a catalogue.
	unzipLimit = 512 << 20
	// smallPartLimit bounds the workbook, its relationships and its styles, which
	// hold names and formats, no cells: a few KB in a real workbook.
	smallPartLimit = 16 << 20
	// sharedLimit bounds the shared strings, all held while the sheet is read: the
	// texts of 50 000 listings with long descriptions are about 100 MB.
	sharedLimit = 256 << 20
	// maxShared bounds how many shared strings are held (a string a cell at most).
	maxShared = 4_000_000
	// maxStyles bounds the cell formats and number formats read: Excel allows 64 000.
	maxStyles = 65_536
	// maxRun bounds a text or a tag between two "<": a cell is at most MaxCellBytes,
	// a few times more as XML escapes; encoding/xml holds a text whole, so a bigger
	// one is refused before it is.
	maxRun = 1 << 20
)

// xlsxFile is a workbook's zip, its parts found by name whatever their case.
type xlsxFile struct {
	files map[string]*zip.File
}

func openXLSX(ra io.ReaderAt, size int64) (*xlsxFile, error) {
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		head := make([]byte, 2)
		if n, _ := ra.ReadAt(head, 0); n == 2 && string(head) == "PK" {
			return nil, fmt.Errorf("not a readable XLSX workbook: %v", err)
		}
		return nil, errors.New("not an XLSX workbook (an .xlsx file is a zip); a CSV or JSON Lines file is read with --format csv or jsonl")
	}
	x := &xlsxFile{files: map[string]*zip.File{}}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		x.files[strings.ToLower(f.Name)] = f
	}
	if total > unzipLimit {
		return nil, fmt.Errorf("the workbook unpacks to %d MB, more than the %d MB a sheet may (a zip bomb, or pictures pasted in): save the listings alone as .xlsx or CSV",
			total>>20, unzipLimit>>20)
	}
	return x, nil
}

// open opens the part at name, bounded by limit; nil, nil when there is none.
func (x *xlsxFile) open(name string, limit uint64) (io.ReadCloser, error) {
	f := x.files[strings.ToLower(name)]
	if f == nil {
		return nil, nil
	}
	if f.UncompressedSize64 > limit {
		return nil, fmt.Errorf("the workbook's %s unpacks to %d MB, more than the %d MB read here: not a sheet of listings; save the listings alone as .xlsx or CSV",
			name, f.UncompressedSize64>>20, limit>>20)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("the workbook's %s cannot be unpacked: %v", name, err)
	}
	return &partReader{rc: rc, name: name, left: f.UncompressedSize64}, nil
}

// partReader counts a part's bytes against what the directory said, and the length
// of every run between two "<".
type partReader struct {
	rc   io.ReadCloser
	name string
	left uint64
	run  int
}

func (p *partReader) Read(b []byte) (int, error) {
	n, err := p.rc.Read(b)
	// archive/zip checks the size and checksum too, and says "not a valid zip file".
	if uint64(n) > p.left || errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) {
		return 0, fmt.Errorf("the workbook's %s unpacks to more than its zip directory says, or to other bytes: the file is damaged (or a zip bomb)", p.name)
	}
	p.left -= uint64(n)
	if i := bytes.LastIndexByte(b[:n], '<'); i >= 0 {
		p.run = n - i - 1
	} else {
		p.run += n
	}
	if p.run > maxRun {
		return 0, fmt.Errorf("the workbook's %s holds over %d MB of text in one piece, more than a cell may: not a sheet of listings", p.name, maxRun>>20)
	}
	return n, err
}

func (p *partReader) Close() error { return p.rc.Close() }

// rel is one relationship of a part: its type (the last word of the type's URI) and
// the part it points at, as a path in the zip.
type rel struct{ typ, target string }

// rels reads the relationships of the part at name, by id.
func (x *xlsxFile) rels(name string) (map[string]rel, error) {
	dir, base := path.Split(name)
	relsName := dir + "_rels/" + base + ".rels"
	out := map[string]rel{}
	err := x.walk(relsName, smallPartLimit, func(d *xml.Decoder, se xml.StartElement) error {
		if se.Name.Local != "Relationship" || attr(se, "TargetMode") == "External" {
			return nil
		}
		typ := attr(se, "Type")
		target := attr(se, "Target")
		if strings.HasPrefix(target, "/") {
			target = strings.TrimPrefix(target, "/")
		} else {
			target = path.Join(dir, target)
		}
		if len(out) < maxStyles {
			out[attr(se, "Id")] = rel{typ: typ[strings.LastIndexByte(typ, '/')+1:], target: target}
		}
		return nil
	})
	return out, err
}

// walk hands each start element of a small part to fn; a missing part is nothing.
func (x *xlsxFile) walk(name string, limit uint64, fn func(*xml.Decoder, xml.StartElement) error) error {
	rc, err := x.open(name, limit)
	if err != nil || rc == nil {
		return err
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return xmlErr(name, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if err := fn(d, se); err != nil {
				return err
			}
		}
	}
}

// xmlErr is an error met reading a part: its own when it says what to do, else
// the part named as damaged.
func xmlErr(name string, err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("the workbook's %s is not readable XML (line %d: %s): the file is damaged; open it and save it again", name, se.Line, se.Msg)
	}
	if strings.HasPrefix(err.Error(), "the workbook") {
		return err
	}
	return fmt.Errorf("the workbook's %s cannot be read: %v", name, err)
}

// attr is the value of the attribute named local, in any namespace.
func attr(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// book is what the workbook part says: its sheets in order, and its date system.
type book struct {
	sheets   []bookSheet
	date1904 bool
	styles   string // the parts of the styles and shared strings, "" when none
	shared   string
}

type bookSheet struct {
	name, part string
	worksheet  bool
}

func (x *xlsxFile) book() (*book, error) {
	root, err := x.rels("")
	if err != nil {
		return nil, err
	}
	wbName := "xl/workbook.xml"
	for _, r := range root {
		if r.typ == "officeDocument" {
			wbName = r.target
		}
	}
	rels, err := x.rels(wbName)
	if err != nil {
		return nil, err
	}
	b := &book{}
	for _, r := range rels {
		switch r.typ {
		case "styles":
			b.styles = r.target
		case "sharedStrings":
			b.shared = r.target
		}
	}
	err = x.walk(wbName, smallPartLimit, func(d *xml.Decoder, se xml.StartElement) error {
		switch se.Name.Local {
		case "workbookPr":
			v := attr(se, "date1904")
			b.date1904 = v == "1" || v == "true"
		case "sheet":
			var id string
			for _, a := range se.Attr {
				if a.Name.Local == "id" && a.Name.Space != "" {
					id = a.Value
				}
			}
			r := rels[id]
			if len(b.sheets) < maxStyles {
				b.sheets = append(b.sheets, bookSheet{name: attr(se, "name"), part: r.target, worksheet: r.typ == "worksheet"})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if x.files[strings.ToLower(wbName)] == nil {
		return nil, errors.New("not an XLSX workbook: the zip holds no workbook (xl/workbook.xml); save the sheet as .xlsx")
	}
	return b, nil
}

// pick is the sheet to read: the one named Listings, else the first worksheet.
func (b *book) pick() (bookSheet, bool) {
	first := -1
	for i, s := range b.sheets {
		if strings.EqualFold(strings.TrimSpace(s.name), SheetName) && s.part != "" {
			return s, true
		}
		if first < 0 && s.worksheet {
			first = i
		}
	}
	if first < 0 {
		return bookSheet{}, false
	}
	return b.sheets[first], true
}

// worksheets counts the sheets of cells.
func (b *book) worksheets() int {
	n := 0
	for _, s := range b.sheets {
		if s.worksheet {
			n++
		}
	}
	return n
}
