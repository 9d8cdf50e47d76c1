package sheet

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// mojibake watches for UTF-8 text that a tool once decoded as Latin-1 (Windows-1252)
// or as Windows-1251 and saved again: "Оренда" become "ÐžÑ€ÐµÐ½Ð´Ð°" or "РћСЂРµРЅРґР°".
// Such a sheet is refused whole, not repaired: a repair that guesses wrong sends
// damaged listings, while the person who made the file can open it again right.
//
// A string is taken for mojibake when its characters, encoded back to the bytes of
// that character set, are valid UTF-8 holding at least two Cyrillic letters. Real
// text almost never does: in Windows-1251 every Cyrillic letter is a byte UTF-8
// cannot start a sequence after another letter with, and in Latin-1 it takes "Ð" or
// "Ñ" before a symbol such as "¾", over and over. Still one odd name proves
// nothing, so it takes three such strings, or most of the strings with letters
// beyond ASCII, or a first header that begins with the byte order mark read so
// ("ï»¿id"), which is nothing else.
type mojibake struct {
	strs, bad int // strings with non-ASCII characters; those that read as mojibake
	bom       string
	flavour   string // of the first bad string
	examples  []mojiExample
	buf       []byte
}

type mojiExample struct{ text, where, meant string }

// The first header's byte order mark, decoded as Latin-1 and as Windows-1251.
const (
	bomLatin1 = "ï»¿"
	bomCP1251 = "п»ї"
)

func (m *mojibake) header(name string) {
	for _, bom := range []string{bomLatin1, bomCP1251} {
		if m.bom == "" && strings.HasPrefix(strings.TrimSpace(name), bom) {
			m.bom = name
			if m.flavour == "" {
				m.flavour = flavourOf(bom == bomLatin1)
			}
		}
	}
	if m.cell(name) {
		m.where("the header")
	}
}

// cell looks at one string; true when it is mojibake and an example is wanted, to
// be placed by where.
func (m *mojibake) cell(s string) bool {
	if isASCII(s) {
		return false
	}
	m.strs++
	meant, latin, ok := m.undo(s)
	if !ok {
		return false
	}
	m.bad++
	if m.flavour == "" {
		m.flavour = flavourOf(latin)
	}
	if len(m.examples) < 2 {
		m.examples = append(m.examples, mojiExample{text: s, meant: meant})
		return true
	}
	return false
}

// where says where the last example was met.
func (m *mojibake) where(w string) { m.examples[len(m.examples)-1].where = w }

func flavourOf(latin bool) string {
	if latin {
		return "Latin-1"
	}
	return "Windows-1251"
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// undo is s encoded back to the bytes a wrong decoding read it from, when those are
// UTF-8 with Cyrillic in it.
func (m *mojibake) undo(s string) (meant string, latin, ok bool) {
	if meant, ok := m.undoWith(s, latin1Byte); ok {
		return meant, true, true
	}
	meant, ok = m.undoWith(s, charmap.Windows1251.EncodeRune)
	return meant, false, ok
}

// latin1Byte is a rune as a byte of Windows-1252, or of Latin-1 for the control
// characters where Windows-1252 has a hole (a tool that reads Latin-1 keeps them).
func latin1Byte(r rune) (byte, bool) {
	if r < 0x100 {
		return byte(r), true
	}
	return charmap.Windows1252.EncodeRune(r)
}

func (m *mojibake) undoWith(s string, enc func(rune) (byte, bool)) (string, bool) {
	m.buf = m.buf[:0]
	need, multi := 0, false
	for _, r := range s {
		b, ok := enc(r)
		if !ok {
			return "", false
		}
		// Checked byte by byte, so that real text fails at its first letters.
		switch {
		case need > 0:
			if b < 0x80 || b > 0xbf {
				return "", false
			}
			need--
		case b < 0x80:
		case b >= 0xc2 && b <= 0xdf:
			need, multi = 1, true
		case b >= 0xe0 && b <= 0xef:
			need, multi = 2, true
		case b >= 0xf0 && b <= 0xf4:
			need, multi = 3, true
		default:
			return "", false
		}
		m.buf = append(m.buf, b)
	}
	if need > 0 || !multi || !utf8.Valid(m.buf) {
		return "", false
	}
	letters := 0
	for _, r := range string(m.buf) {
		if unicode.Is(unicode.Cyrillic, r) && unicode.IsLetter(r) {
			letters++
		}
	}
	return string(m.buf), letters >= 2
}

// err refuses a sheet whose text was decoded with the wrong character set.
func (m *mojibake) err(f Format) error {
	if m.bom == "" && m.bad < 3 && (m.bad == 0 || 2*m.bad < m.strs) {
		return nil
	}
	var seen []string
	if m.bom != "" {
		seen = append(seen, fmt.Sprintf("the header %q", m.bom))
	}
	var cells []string
	for _, e := range m.examples {
		cells = append(cells, fmt.Sprintf("%q (%s, meant %q)", clip(e.text), e.where, clip(e.meant)))
	}
	if len(cells) > 0 {
		seen = append(seen, "cells such as "+strings.Join(cells, " and "))
	}
	fix := `Open the CSV again choosing Character set: Unicode (UTF-8) (LibreOffice's Text Import dialog; in Excel: Data → From Text/CSV, File origin 65001: Unicode (UTF-8)); with soffice --convert-to add --infilter="CSV:44,34,76"`
	if f == JSONL {
		fix = "Write it again from the original, read as UTF-8 (the tool that made this file read UTF-8 as " + m.flavour + "), or export it again"
	}
	return fmt.Errorf("the text was decoded with the wrong character set (%s: UTF-8 read as %s): nothing was imported. %s",
		strings.Join(seen, ", "), m.flavour, fix)
}

// clip shortens a string for a message.
func clip(s string) string {
	const most = 24
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	r := []rune(s)
	return string(r[:most]) + "…"
}
