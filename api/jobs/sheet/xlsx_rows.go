package sheet

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/client/format"
)

// sheetView is what a sheet says before its rows: column widths in characters (0:
// the default) and whether its header row is frozen.
type sheetView struct {
	widths []float64
	frozen bool
}

// sheetOut streams one sheet's rows into its zip entry.
type sheetOut struct {
	w    io.Writer
	name string // of the part, for errors
	buf  []byte // the row being written
	row  int
	refs []string // column letters, as far as a row has reached
}

// startSheet begins the next sheet of the workbook. The first sheet is the one
// selected when the file opens.
func (b *bookWriter) startSheet(v sheetView) (*sheetOut, error) {
	if b.next >= len(b.sheets) {
		return nil, fmt.Errorf("the workbook has %d sheets, no more", len(b.sheets))
	}
	b.next++
	name := "xl/worksheets/sheet" + strconv.Itoa(b.next) + ".xml"
	w, err := b.create(name)
	if err != nil {
		return nil, err
	}
	s := &sheetOut{w: w, name: name}
	h := append(s.buf[:0], xmlHead+`<worksheet xmlns="`+nsMain+`" xmlns:r="`+nsRel+`"><sheetViews><sheetView workbookViewId="0"`...)
	if b.next == 1 {
		h = append(h, ` tabSelected="1"`...)
	}
	h = append(h, '>')
	if v.frozen {
		h = append(h, `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>`...)
	}
	h = append(h, `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>`...)
	if len(v.widths) > 0 {
		h = append(h, `<cols>`...)
		for i, w := range v.widths {
			n := strconv.Itoa(i + 1)
			h = append(h, `<col min="`+n+`" max="`+n+`" width="`...)
			h = strconv.AppendFloat(h, w, 'f', -1, 64)
			h = append(h, `" customWidth="1"/>`...)
		}
		h = append(h, `</cols>`...)
	}
	h = append(h, `<sheetData>`...)
	return s, s.flush(h)
}

func (s *sheetOut) flush(b []byte) error {
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return fmt.Errorf("write %s: %w", s.name, err)
	}
	return nil
}

// xcell is a cell as the sheet's XML holds it.
type xcell struct {
	kind  byte   // xEmpty, xText, xNumber or xBool
	style int    // a style* constant
	v     string // the text, the number's literal, or 1 or 0
}

const (
	xEmpty = iota
	xText
	xNumber
	xBool
)

// writeRow writes the next row; an empty cell without a style is left out, and so
// is a row with no cell left.
func (s *sheetOut) writeRow(cells []xcell) error {
	if s.row >= maxSheetRows {
		return fmt.Errorf("more than %s rows, the most a sheet holds", format.Number(maxSheetRows))
	}
	if len(cells) > maxSheetColumns {
		return fmt.Errorf("%s columns, more than the %s a sheet holds", format.Number(len(cells)), format.Number(maxSheetColumns))
	}
	s.row++
	row := strconv.Itoa(s.row)
	b := append(append(append(s.buf[:0], `<row r="`...), row...), `">`...)
	n := 0
	for i, c := range cells {
		if c.kind == xEmpty && c.style == styleNone {
			continue
		}
		n++
		for len(s.refs) <= i {
			s.refs = append(s.refs, columnLetters(len(s.refs)))
		}
		b = append(append(append(append(b, `<c r="`...), s.refs[i]...), row...), '"')
		if c.style != styleNone {
			b = append(b, ` s="`...)
			b = strconv.AppendInt(b, int64(c.style), 10)
			b = append(b, '"')
		}
		switch c.kind {
		case xText:
			b = append(b, ` t="inlineStr"><is>`...)
			b = appendT(b, c.v)
			b = append(b, `</is></c>`...)
		case xNumber:
			b = append(append(append(b, `><v>`...), c.v...), `</v></c>`...)
		case xBool:
			b = append(append(append(b, ` t="b"><v>`...), c.v...), `</v></c>`...)
		default:
			b = append(b, `/>`...)
		}
	}
	if n == 0 {
		return nil
	}
	return s.flush(append(b, `</row>`...))
}

// end closes the sheet's rows; tail is what follows them (data validations, the
// notes' drawing).
func (s *sheetOut) end(tail string) error {
	return s.flush(append(s.buf[:0], `</sheetData>`+tail+`</worksheet>`...))
}

// appendT appends a <t> of the text s, cut to maxCellChars, its spaces at either end
// kept (Excel trims them otherwise).
func appendT(b []byte, s string) []byte {
	s = cutUTF16(s, maxCellChars)
	if s != "" && (isXMLSpace(s[0]) || isXMLSpace(s[len(s)-1])) {
		b = append(b, `<t xml:space="preserve">`...)
	} else {
		b = append(b, `<t>`...)
	}
	return append(appendXML(b, s, false), `</t>`...)
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// appendXML appends s escaped for XML text, or for an attribute's value when attr.
// What XML 1.0 cannot hold (control characters but tab and line ends, U+FFFE,
// U+FFFF, bytes that are not UTF-8) becomes U+FFFD, as encoding/xml's EscapeText
// (and so excelize, this writer's predecessor) makes it. A carriage return is a
// character reference, since a parser reads a bare one as a line feed; in an
// attribute a tab and a line feed are too, since a parser reads those as spaces.
// Text that reads as OOXML's escape of a character (_x0041_) has its underscore
// escaped (_x005F_), so that a reader gives back the text, not the character.
func appendXML(b []byte, s string, attr bool) []byte {
	// Most texts are valid UTF-8 without U+FFFE or U+FFFF: their non-ASCII bytes are
	// copied as they are, unread.
	checked := utf8.ValidString(s) && !strings.Contains(s, "\uFFFE") && !strings.Contains(s, "\uFFFF")
	clean := 0 // the start of the bytes not yet appended
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf && checked || c < utf8.RuneSelf && !xmlSpecial[c] {
			i++
			continue
		}
		var esc string
		n := 1
		switch {
		case c == '&':
			esc = "&amp;"
		case c == '<':
			esc = "&lt;"
		case c == '>':
			esc = "&gt;"
		case c == '"':
			if attr {
				esc = "&quot;"
			}
		case c == '\r':
			esc = "&#xD;"
		case c == '\n':
			if attr {
				esc = "&#xA;"
			}
		case c == '\t':
			if attr {
				esc = "&#x9;"
			}
		case c == '_':
			if looksEscaped(s[i:]) {
				esc = "_x005F_"
			}
		case c < 0x20:
			esc = "\uFFFD"
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && n == 1) || r == 0xFFFE || r == 0xFFFF {
				esc = "\uFFFD"
			}
		}
		if esc != "" {
			b = append(append(b, s[clean:i]...), esc...)
			clean = i + n
		}
		i += n
	}
	return append(b, s[clean:]...)
}

// xmlSpecial marks the ASCII bytes appendXML looks at twice.
var xmlSpecial = func() (m [utf8.RuneSelf]bool) {
	for c := range byte(0x20) {
		m[c] = true
	}
	for _, c := range []byte("&<>\"_") {
		m[c] = true
	}
	return m
}()

// looksEscaped says whether s begins with _xHHHH_, which a reader decodes.
func looksEscaped(s string) bool {
	if len(s) < 7 || s[1] != 'x' || s[6] != '_' {
		return false
	}
	_, err := strconv.ParseUint(s[2:6], 16, 16)
	return err == nil
}

// cutUTF16 is s cut to at most n UTF-16 units (a character beyond the BMP, an emoji,
// is two), at a character's boundary: how Excel counts a cell's length.
func cutUTF16(s string, n int) string {
	if len(s) <= n {
		return s // every byte is at most one unit
	}
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			return s[:i]
		}
		units += w
	}
	return s
}

// numberLiteral is a number cell's value: plain digits where a person reads them so,
// an exponent beyond (1e300 is no 301-digit string); ok false for NaN and infinity,
// which a cell cannot hold.
func numberLiteral(f float64) (string, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", false
	}
	if a := math.Abs(f); a != 0 && (a >= 1e21 || a < 1e-6) {
		return strconv.FormatFloat(f, 'E', -1, 64), true
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// serialEpoch is 1899-12-30 in Unix seconds: day 0 of Excel's 1900 date system as
// counted from 1900-03-01 on (the days before it are one off, for Lotus's 29
// February 1900: dayText).
const serialEpoch = -2_209_161_600

// serialDate is t's wall clock as a date cell's serial number (days and their
// fraction); ok false before 1900-03-01 or after 9999, which are no dates of the
// 1900 system worth the trouble: such a time is written as text.
func serialDate(t time.Time) (string, bool) {
	if t.Year() > 9999 || t.Before(time.Date(1900, 3, 1, 0, 0, 0, 0, t.Location())) {
		return "", false
	}
	_, offset := t.Zone()
	secs := t.Unix() + int64(offset) - serialEpoch
	days := float64(secs/86400) + float64(secs%86400*1e9+int64(t.Nanosecond()))/86400e9
	return strconv.FormatFloat(days, 'f', -1, 64), true
}
