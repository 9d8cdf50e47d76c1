// Package termtext owns the cleaning of text that comes from the network (titles,
// descriptions, moderation reasons, city names, error hints) before it reaches the
// terminal. Such text may carry escape sequences that move the cursor, set the window
// title, write the clipboard (OSC 52) or hide text; none of it may reach the screen.
package termtext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean returns s as one line of plain printable text: escape sequences removed,
// line breaks and tabs turned into spaces, other control and format characters
// (bidi overrides included) dropped, invalid UTF-8 replaced.
func Clean(s string) string {
	return clean(s, false)
}

// CleanBlock is Clean for multi-line text: line breaks are kept (CRLF and CR become
// LF), tabs become spaces.
func CleanBlock(s string) string {
	return clean(s, true)
}

func clean(s string, keepNewlines bool) string {
	if isPlain(s) {
		return s
	}
	return cleaned(s, keepNewlines)
}

// cleaned is clean of a string that may need it.
func cleaned(s string, keepNewlines bool) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	prevCR := false
	for _, r := range s {
		switch {
		case r == '\r':
			if keepNewlines {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
			prevCR = true
			continue
		case r == '\n':
			if prevCR {
				prevCR = false
				continue
			}
			if keepNewlines {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r) && r != '\u200d':
			// C0/C1 controls (an ESC or CSI that survived Strip) and format
			// characters such as bidi overrides, which can make a title read
			// as something else. ZWJ stays: emoji sequences need it.
		default:
			b.WriteRune(r)
		}
		prevCR = false
	}
	return b.String()
}

// isPlain reports whether Clean would give s back as it is: valid UTF-8 with no
// control or format character (so no escape sequence either, which starts with ESC
// or a C1 control). Titles and cities are so, in Cyrillic as much as in ASCII, and
// Clean costs them no allocation: it made three copies of each Cyrillic title (the
// escapes stripped, then the runes written), 10 000 of them for every read of a
// shop's mirror. A ZWJ, a format character Clean keeps, takes the long way.
func isPlain(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return false // not UTF-8
		case r < 0x600: // Latin, Greek, Cyrillic: C1 controls and the soft hyphen only
			if r <= 0x9f || r == 0xad {
				return false
			}
		case unicode.Is(unicode.Cf, r):
			return false
		}
		i += n
	}
	return true
}
