package layout

import "github.com/charmbracelet/x/ansi"

// Width is the cells s takes, as ansi.StringWidth counts them, found without
// splitting s into graphemes when every character of it is one a table is mostly made
// of and that takes one cell alone and whatever follows: printable ASCII, the
// no-break space (a language's thousands mark) and the Cyrillic letters. Any other
// byte (an escape sequence, an accent that joins the letter before it, a wide or
// zero-width character, an emoji) sends the whole string to ansi.StringWidth. Every
// cell of every row on screen is measured each frame, and the grapheme walk was a
// third of a frame's CPU with the first page's hundred rows (docs/performance.md,
// "Start").
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); n++ {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			i++
			continue
		case i+1 < len(s) && oneCell2(c, s[i+1]):
			i += 2
			continue
		}
		return ansi.StringWidth(s)
	}
	return n
}

// oneCell2 says whether the two bytes b0 b1 encode U+00A0 (no-break space) or a
// Cyrillic letter of U+0400–U+04FF other than the combining marks U+0483–U+0489.
func oneCell2(b0, b1 byte) bool {
	if b1 < 0x80 || b1 > 0xbf {
		return false
	}
	switch b0 {
	case 0xc2:
		return b1 == 0xa0
	case 0xd0, 0xd1, 0xd3:
		return true
	case 0xd2:
		return b1 < 0x83 || b1 > 0x89
	}
	return false
}
