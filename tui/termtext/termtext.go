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

// isPlain reports whether s is printable ASCII already, the common case, so that
// Clean costs no allocation for it.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == 0x7f {
			return false
		}
	}
	return true
}
