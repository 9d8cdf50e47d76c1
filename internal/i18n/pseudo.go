package i18n

import (
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// accents are the pseudo-language's letters: each English letter as an accented one
// of the same width, so what is cut and what was never translated both show.
var accents = strings.NewReplacer(
	"a", "á", "e", "é", "i", "í", "o", "ö", "u", "ü", "c", "ç", "n", "ñ", "y", "ý",
	"A", "Á", "E", "É", "I", "Í", "O", "Ö", "U", "Ü", "C", "Ç", "N", "Ñ", "Y", "Ý",
)

// pseudo is s in the pseudo-language: its letters accented and 40 % longer (a tilde
// run at the end), its placeholders ({{.Count}}) and escapes left as they are.
func pseudo(s string) string {
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(accents.Replace(rest))
			break
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			b.WriteString(accents.Replace(rest))
			break
		}
		b.WriteString(accents.Replace(rest[:i]))
		b.WriteString(rest[i : i+j+2])
		rest = rest[i+j+2:]
	}
	n := len([]rune(s)) * 2 / 5
	return "[" + b.String() + strings.Repeat("~", max(n-2, 0)) + "]"
}

// pseudoMessage is English's entry m in the pseudo-language; the number marks are
// kept, so numbers still read.
func pseudoMessage(m *goi18n.Message) *goi18n.Message {
	if strings.HasPrefix(m.ID, "number.") || strings.HasPrefix(m.ID, "date.") || m.ID == "price" {
		return m
	}
	m.One, m.Other = pseudo(m.One), pseudo(m.Other)
	if m.One == "[]" {
		m.One = ""
	}
	return m
}
