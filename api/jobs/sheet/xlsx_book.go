package sheet

import (
	"archive/zip"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// The XLSX writer is this package's own, as its reader is: a workbook is a zip of XML
// parts (ECMA-376 SpreadsheetML). The parts that say what the workbook holds (its
// sheets, styles and relationships) are written first, since every sheet is known
// before a row is; then each sheet is streamed into its own zip entry as its rows
// come, so ten thousand rows cost what one does and nothing waits in a temporary
// file. Texts are inline strings (<is>), not shared ones: a shared string table has
// to be complete before the sheets that point into it, or after them, which means
// holding every distinct text until the end; deflate squeezes out the repetition
// shared strings would have saved, and Excel and LibreOffice read both alike.

// The namespaces and the XML declaration the parts begin with.
const (
	nsMain    = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel     = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkgRels = "http://schemas.openxmlformats.org/package/2006/relationships"
	xmlHead   = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
)

// The bounds of a sheet in Excel (and LibreOffice 7.4): a row or a column beyond them
// is lost or refused when the file is opened, so the writer refuses it.
const (
	maxSheetRows    = 1_048_576
	maxSheetColumns = 16_384
	// maxCellChars is what a cell holds, in UTF-16 units: a longer text is cut, as
	// Excel itself cuts one pasted in.
	maxCellChars = 32_767
)

// The cell styles of styles.xml, by a cell's s: the export and the template share
// one set.
const (
	styleNone     = 0
	styleBold     = 1 // a header
	styleDate     = 2 // DateFormat
	styleRequired = 3 // a required column's header: bold on orange
	styleWrap     = 4 // the explanations of the Columns sheet
)

// stylesXML holds the styles above. A bold font says val="1": the spec reads a bare
// <b/> as bold too, but excelize (the tests' independent reader) does not.
var stylesXML = xmlHead + `<styleSheet xmlns="` + nsMain + `">` +
	`<numFmts count="1"><numFmt numFmtId="164" formatCode="` + DateFormat + `"/></numFmts>` +
	`<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
	`<font><b val="1"/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
	`<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
	`<fill><patternFill patternType="solid"><fgColor rgb="FFFFC000"/><bgColor indexed="64"/></patternFill></fill></fills>` +
	`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
	`<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
	`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
	`<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
	`<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>` +
	`<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`

// outSheet is a sheet of a workbook being written.
type outSheet struct {
	name   string
	hidden bool
	notes  bool // it has comments (notes), and so their VML drawing
}

// bookWriter writes a workbook's zip: its parts at once, then its sheets in order.
type bookWriter struct {
	zw     *zip.Writer
	sheets []outSheet
	now    time.Time
	next   int // the sheet startSheet writes next
}

func newBookWriter(w io.Writer, sheets []outSheet) (*bookWriter, error) {
	b := &bookWriter{zw: zip.NewWriter(w), sheets: sheets, now: time.Now()}
	var types, sheetRels, list strings.Builder
	types.WriteString(xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>` +
		override("/xl/workbook.xml", "spreadsheetml.sheet.main") + override("/xl/styles.xml", "spreadsheetml.styles") +
		override("/docProps/app.xml", "extended-properties") +
		`<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>`)
	for i, s := range sheets {
		n := strconv.Itoa(i + 1)
		types.WriteString(override("/xl/worksheets/sheet"+n+".xml", "spreadsheetml.worksheet"))
		if s.notes {
			types.WriteString(override("/xl/comments"+n+".xml", "spreadsheetml.comments"))
		}
		sheetRels.WriteString(relation(i+1, nsRel+"/worksheet", "worksheets/sheet"+n+".xml"))
		list.WriteString(`<sheet name="` + string(appendXML(nil, s.name, true)) + `" sheetId="` + n + `" r:id="rId` + n + `"`)
		if s.hidden {
			list.WriteString(` state="hidden"`)
		}
		list.WriteString(`/>`)
	}
	types.WriteString(`</Types>`)
	sheetRels.WriteString(relation(len(sheets)+1, nsRel+"/styles", "styles.xml"))
	stamp := b.now.UTC().Format("2006-01-02T15:04:05Z")
	parts := []struct{ name, body string }{
		{"[Content_Types].xml", types.String()},
		{"_rels/.rels", relations(relation(1, nsRel+"/officeDocument", "xl/workbook.xml") +
			relation(2, nsPkgRels+"/metadata/core-properties", "docProps/core.xml") +
			relation(3, nsRel+"/extended-properties", "docProps/app.xml"))},
		{"docProps/app.xml", xmlHead + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
			`<Application>listings</Application></Properties>`},
		{"docProps/core.xml", xmlHead + `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
			`xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
			`<dc:creator>listings</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">` + stamp + `</dcterms:created>` +
			`<dcterms:modified xsi:type="dcterms:W3CDTF">` + stamp + `</dcterms:modified></cp:coreProperties>`},
		{"xl/workbook.xml", xmlHead + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><workbookPr/>` +
			`<bookViews><workbookView activeTab="0"/></bookViews><sheets>` + list.String() + `</sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", relations(sheetRels.String())},
		{"xl/styles.xml", stylesXML},
	}
	for i, s := range sheets {
		if s.notes {
			n := strconv.Itoa(i + 1)
			parts = append(parts, struct{ name, body string }{"xl/worksheets/_rels/sheet" + n + ".xml.rels", relations(
				relation(1, nsRel+"/comments", "../comments"+n+".xml") + relation(2, nsRel+"/vmlDrawing", "../drawings/vmlDrawing"+n+".vml"))})
		}
	}
	for _, p := range parts {
		if err := b.part(p.name, p.body); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// notesRel is the relationship of a sheet's VML drawing, for its <legacyDrawing>.
const notesRel = "rId2"

func override(part, kind string) string {
	return `<Override PartName="` + part + `" ContentType="application/vnd.openxmlformats-officedocument.` + kind + `+xml"/>`
}

func relation(id int, typ, target string) string {
	return `<Relationship Id="rId` + strconv.Itoa(id) + `" Type="` + typ + `" Target="` + target + `"/>`
}

func relations(list string) string {
	return xmlHead + `<Relationships xmlns="` + nsPkgRels + `">` + list + `</Relationships>`
}

// create starts the zip entry name; the one before it is done.
func (b *bookWriter) create(name string) (io.Writer, error) {
	w, err := b.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: b.now})
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", name, err)
	}
	return w, nil
}

// part writes a whole part.
func (b *bookWriter) part(name, body string) error {
	w, err := b.create(name)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, body); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// close writes the zip's directory; the underlying writer stays open.
func (b *bookWriter) close() error {
	if b.next != len(b.sheets) {
		return fmt.Errorf("the workbook has %d sheets, %d written", len(b.sheets), b.next)
	}
	if err := b.zw.Close(); err != nil {
		return fmt.Errorf("end the workbook: %w", err)
	}
	return nil
}
