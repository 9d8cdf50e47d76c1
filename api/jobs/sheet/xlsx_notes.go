package sheet

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A cell's note (a "comment" in the file) takes two parts: commentsN.xml holds its
// author and text, and a legacy VML drawing, vmlDrawingN.vml, the box it shows in.
// Excel draws a note only from its VML shape, so a file without the drawing has
// notes nobody sees; LibreOffice reads the box's place and visibility from it too.

// note is the note of a cell of the first row.
type note struct {
	col  int // 0-based
	text string
}

// writeNotes writes the notes of sheet (1-based) of the header row, whose columns
// have widths; the sheet says <legacyDrawing r:id="rId2"/> (notesRel) after its rows.
func (b *bookWriter) writeNotes(sheet int, notes []note, widths []float64) error {
	n := strconv.Itoa(sheet)
	c := []byte(xmlHead + `<comments xmlns="` + nsMain + `"><authors><author>listings</author></authors><commentList>`)
	for _, nt := range notes {
		c = append(c, `<comment ref="`+columnLetters(nt.col)+`1" authorId="0"><text><r><rPr><sz val="9"/><rFont val="Calibri"/><family val="2"/></rPr>`...)
		c = append(appendT(c, nt.text), `</r></text></comment>`...)
	}
	c = append(c, `</commentList></comments>`...)
	if err := b.part("xl/comments"+n+".xml", string(c)); err != nil {
		return err
	}
	return b.part("xl/drawings/vmlDrawing"+n+".vml", vmlNotes(notes, widths))
}

// vmlNotes is the drawing of the notes' boxes, hidden until the cell is pointed at:
// noteWidth pixels wide, from the column right of the cell, and as many rows tall as
// the text wants. A drawing numbers its shapes from 1025 in blocks of 1024 that its
// idmap lists.
func vmlNotes(notes []note, widths []float64) string {
	var v strings.Builder
	v.WriteString(`<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" ` +
		`xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="`)
	for blk := 1; blk <= (1024+len(notes))/1024; blk++ {
		if blk > 1 {
			v.WriteByte(',')
		}
		v.WriteString(strconv.Itoa(blk))
	}
	v.WriteString(`"/></o:shapelayout><v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe">` +
		`<v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>`)
	for i, nt := range notes {
		col := strconv.Itoa(nt.col)
		right, off := boxEnd(widths, nt.col+1, 15+noteWidth)
		v.WriteString(`<v:shape id="_x0000_s` + strconv.Itoa(1025+i) + `" type="#_x0000_t202" ` +
			`style="position:absolute;margin-left:60pt;margin-top:2pt;width:180pt;height:80pt;z-index:` + strconv.Itoa(i+1) + `;visibility:hidden" ` +
			`fillcolor="#ffffe1" o:insetmode="auto"><v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/>` +
			`<v:path o:connecttype="none"/><v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>` +
			`<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/>` +
			`<x:Anchor>` + strconv.Itoa(nt.col+1) + `, 15, 0, 2, ` + strconv.Itoa(right) + `, ` + strconv.Itoa(off) + `, ` + strconv.Itoa(noteRows(nt.text)) + `, 4</x:Anchor>` +
			`<x:AutoFill>False</x:AutoFill><x:Row>0</x:Row><x:Column>` + col + `</x:Column></x:ClientData></v:shape>`)
	}
	v.WriteString(`</xml>`)
	return v.String()
}

// noteWidth is a note's box in pixels: about 40 characters of a 9-point font.
const noteWidth = 240

// boxEnd is where a box px pixels wide that begins at the left edge of column col
// ends: the column, and the pixels into it. A column w characters wide is w*7+5
// pixels in Calibri 11, the default font; a column past widths has the default 8.43.
func boxEnd(widths []float64, col, px int) (int, int) {
	for ; ; col++ {
		w := 8.43
		if col < len(widths) && widths[col] > 0 {
			w = widths[col]
		}
		colPx := int(w*7) + 5
		if px <= colPx {
			return col, px
		}
		px -= colPx
	}
}

// noteRows is how many rows of 15 points a note's box spans: its lines of about 40
// characters (three columns of a 9-point font), at least 4, at most 40.
func noteRows(text string) int {
	lines := 0
	for _, l := range strings.Split(text, "\n") {
		lines += 1 + utf8.RuneCountInString(l)/40
	}
	return min(max(lines+1, 4), 40)
}
