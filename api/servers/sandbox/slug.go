package sandbox

import (
	"strings"
	"unicode"
)

const slugMax = 60

// Ukrainian transliteration (the 2010 national table, word-internal forms) and the
// Russian letters Ukrainian lacks.
var translitUK = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "h", 'ґ': "g", 'д': "d", 'е': "e", 'є': "ie", 'ж': "zh",
	'з': "z", 'и': "y", 'і': "i", 'ї': "i", 'й': "i", 'к': "k", 'л': "l", 'м': "m", 'н': "n",
	'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts",
	'ч': "ch", 'ш': "sh", 'щ': "shch", 'ь': "", 'ю': "iu", 'я': "ia",
	'ё': "yo", 'ы': "y", 'э': "e", 'ъ': "",
}

// Russian text takes г as g and и as i.
var translitRU = map[rune]string{'г': "g", 'и': "i", 'й': "y", 'е': "e", 'ю': "yu", 'я': "ya"}

// Word-initial forms of the Ukrainian table.
var initialUK = map[rune]string{'є': "ye", 'ї': "yi", 'й': "y", 'ю': "yu", 'я': "ya"}

// isRussian guesses the language of s: letters only Russian has, and none only
// Ukrainian has.
func isRussian(s string) bool {
	return strings.ContainsAny(s, "ыэёъЫЭЁЪ") && !strings.ContainsAny(s, "іїєґІЇЄҐ")
}

// slugify makes the SEO slug of a title: Cyrillic transliterated, lowercase ASCII
// letters and digits joined by single hyphens, at most 60 characters.
func slugify(title string) string {
	ru := isRussian(title)
	var b strings.Builder
	hyphen := false
	wordStart := true
	for _, r := range strings.ToLower(title) {
		var out string
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			out = string(r)
		case ru && translitRU[r] != "":
			out = translitRU[r]
		case !ru && wordStart && initialUK[r] != "":
			out = initialUK[r]
		default:
			var ok bool
			if out, ok = translitUK[r]; ok {
				break
			}
			if r == '\'' || r == '’' || r == 'ʼ' {
				continue // apostrophes vanish inside a word
			}
			hyphen = b.Len() > 0
			wordStart = true
			continue
		}
		if out == "" {
			continue
		}
		if hyphen {
			b.WriteByte('-')
			hyphen = false
		}
		b.WriteString(out)
		wordStart = false
	}
	slug := b.String()
	if len(slug) > slugMax {
		slug = slug[:slugMax]
		if i := strings.LastIndexByte(slug, '-'); i > slugMax/2 {
			slug = slug[:i]
		}
		slug = strings.Trim(slug, "-")
	}
	if slug == "" {
		return "listing"
	}
	return slug
}
