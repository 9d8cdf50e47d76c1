package sheet

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// display is what a number format makes of a number, as far as it changes the
// number's meaning: a percentage, a date, a time, a boolean. Thousands separators,
// decimals and currency change nothing: the number is read as stored.
type display struct {
	percent bool
	date    bool // a day is shown
	clock   bool // a time of day is shown
	secs    bool // with its seconds
	elapsed bool // hours counted past 24 ([h]:mm)
	boolean bool // LibreOffice's "TRUE";"TRUE";"FALSE"
}

func (d display) dated() bool { return d.date || d.clock }

// styles are the displays of a workbook's cell formats, by a cell's s attribute.
type styles []display

func (s styles) of(i int) display {
	if i < 0 || i >= len(s) {
		return display{}
	}
	return s[i]
}

// readStyles reads styles.xml: the custom number formats (numFmts) and the cell
// formats (cellXfs) that point at them or at a built-in one. The cell styles'
// formats (cellStyleXfs) and those of conditional formats (dxfs) are not a cell's.
func (x *xlsxFile) readStyles(name string) (styles, error) {
	if name == "" {
		return nil, nil
	}
	codes := map[int]string{}
	var ids []int
	var inFmts, inXfs bool
	tooMany := fmt.Errorf("the workbook's %s holds more than %d formats: not a sheet of listings; save the listings alone as .xlsx or CSV", name, maxStyles)
	err := x.walk(name, smallPartLimit, func(d *xml.Decoder, se xml.StartElement) error {
		switch se.Name.Local {
		case "numFmts", "cellXfs":
			inFmts, inXfs = se.Name.Local == "numFmts", se.Name.Local == "cellXfs"
		case "cellStyleXfs", "dxfs", "cellStyles", "colors", "extLst":
			inFmts, inXfs = false, false
		case "numFmt":
			if id, err := strconv.Atoi(attr(se, "numFmtId")); err == nil && inFmts {
				if len(codes) >= maxStyles {
					return tooMany
				}
				codes[id] = attr(se, "formatCode")
			}
		case "xf":
			if inXfs {
				if len(ids) >= maxStyles {
					return tooMany
				}
				id, _ := strconv.Atoi(attr(se, "numFmtId"))
				ids = append(ids, id)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make(styles, len(ids))
	for i, id := range ids {
		if code, ok := codes[id]; ok {
			out[i] = classify(code)
		} else {
			out[i] = builtin(id)
		}
	}
	return out, nil
}

// builtin is the display of a built-in number format, which a file names by id
// only: 9 and 10 percentages; 14–22 and 45–47 dates and times; 27–36 and 50–58 the
// dates and times of East Asian locales.
func builtin(id int) display {
	switch id {
	case 9, 10:
		return display{percent: true}
	case 14, 15, 16, 17, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58:
		return display{date: true}
	case 18, 20, 32, 34, 55:
		return display{clock: true}
	case 19, 21, 33, 35, 45, 47, 56:
		return display{clock: true, secs: true}
	case 22:
		return display{date: true, clock: true}
	case 46:
		return display{clock: true, secs: true, elapsed: true}
	}
	return display{}
}

// classify reads a custom format code's first section (the one that shows positive
// numbers). Only what lies outside quotes, escapes (\x, _x, *x) and brackets counts,
// but for the elapsed [h], [mm] and [ss]: a % makes a percentage, d or y a date, h
// or s a time, m a minute next to h or s and a month elsewhere ("0.00" and
// "#,##0 \"грн\"" are plain; "General" and AM/PM are no tokens).
func classify(code string) display {
	var d display
	if strings.EqualFold(code, `"TRUE";"TRUE";"FALSE"`) {
		return display{boolean: true}
	}
	var letters strings.Builder
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case ';':
			i = len(code)
		case '"':
			if j := strings.IndexByte(code[i+1:], '"'); j >= 0 {
				i += j + 1
			} else {
				i = len(code)
			}
			letters.WriteByte(' ')
		case '\\', '_', '*':
			i++
			for i+1 < len(code) && code[i+1]&0xc0 == 0x80 { // the rest of a UTF-8 letter
				i++
			}
			letters.WriteByte(' ')
		case '[':
			j := strings.IndexByte(code[i:], ']')
			if j < 0 {
				i = len(code)
				break
			}
			in := strings.ToLower(code[i+1 : i+j])
			if in != "" && strings.Trim(in, string(in[0])) == "" && strings.Contains("hms", in[:1]) {
				d.clock, d.elapsed = true, true
				d.secs = d.secs || in[0] == 's'
				if in[0] != 'm' { // [mm] is a minute, which a bare m would not say
					letters.WriteByte(in[0])
				}
			}
			i += j
		case '%':
			d.percent = true
		default:
			letters.WriteByte(c | 0x20) // lower case for letters; the rest is no token anyway
		}
	}
	s := letters.String()
	for _, word := range []string{"general", "am/pm", "a/p"} {
		s = strings.ReplaceAll(s, word, " ")
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'd', 'y':
			d.date = true
		case 'h':
			d.clock = true
		case 's':
			d.clock, d.secs = true, true
		case 'm':
			if minuteAt(s, i) {
				d.clock = true
			} else {
				d.date = true
			}
		}
	}
	if d.dated() {
		d.percent = false
	}
	return d
}

// minuteAt says whether the m at i of a format's tokens is a minute: the nearest
// token letter before it is h, or the nearest after it is s.
func minuteAt(s string, i int) bool {
	isTok := func(c byte) bool { return strings.IndexByte("dyhs", c) >= 0 }
	for j := i - 1; j >= 0; j-- {
		if s[j] == 'm' {
			continue
		}
		if isTok(s[j]) {
			if s[j] == 'h' {
				return true
			}
			break
		}
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] == 'm' {
			continue
		}
		if isTok(s[j]) {
			return s[j] == 's'
		}
	}
	return false
}
