package catalog

import (
	"strings"
	"unicode"
)

// Text folding shared by city search and the classifier. golang.org/x/text is not a
// dependency, so the few equivalences that matter for Ukrainian, Russian and English
// input are written out here.

// isApostrophe reports the characters people type for the Ukrainian apostrophe:
// ASCII ', the typographic ’ and ‘, the modifier letter ʼ, the backtick and the prime.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', '‘', 'ʼ', '`', '′', 'ʹ':
		return true
	}
	return false
}

// isDash reports hyphens and dashes, which fold to a space so "Івано-Франківськ" and
// "Івано Франківськ" are the same name.
func isDash(r rune) bool {
	switch r {
	case '-', '‐', '‑', '‒', '–', '—', '―', '−':
		return true
	}
	return false
}

// foldRune maps one rune to its folded form; ok is false when it is dropped.
// Apostrophes are dropped rather than unified, so every variant — and leaving it out,
// as people often do when typing fast — compares equal. ё folds to е for Russian.
func foldRune(r rune) (rune, bool) {
	if isApostrophe(r) {
		return 0, false
	}
	if isDash(r) || unicode.IsSpace(r) {
		return ' ', true
	}
	r = unicode.ToLower(r)
	if r == 'ё' {
		r = 'е'
	}
	return r, true
}

// fold lowercases s, drops apostrophes, turns dashes and whitespace runs into one
// space and trims the ends.
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true // suppresses leading spaces
	for _, r := range s {
		f, ok := foldRune(r)
		if !ok {
			continue
		}
		if f == ' ' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(f)
	}
	return strings.TrimSuffix(b.String(), " ")
}

// tokens splits s into folded words of letters and digits (apostrophes dropped, so
// "комп'ютер" is one word).
func tokens(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		f, ok := foldRune(r)
		if !ok {
			continue
		}
		if unicode.IsLetter(f) || unicode.IsDigit(f) {
			b.WriteRune(f)
			continue
		}
		flush()
	}
	flush()
	return out
}
