package termtext

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	cases := []struct{ in, want, block string }{
		{"plain title", "plain title", "plain title"},
		{"Київ, м.", "Київ, м.", "Київ, м."},
		{"red \x1b[31mtext\x1b[0m", "red text", "red text"},
		{"title\x1b]0;pwned\x07", "title", "title"},
		{"clip\x1b]52;c;ZXZpbA==\x07board", "clipboard", "clipboard"},
		{"two\r\nlines\nhere", "two lines here", "two\nlines\nhere"},
		{"tab\there", "tab here", "tab here"},
		{"bell\x07 and \u009b C1", "bell and  C1", "bell and  C1"},
		{"raw \x9b byte", "raw \uFFFD byte", "raw \uFFFD byte"},
		{"bidi \u202eevil\u202c", "bidi evil", "bidi evil"},
		{"bad \xff utf8", "bad \uFFFD utf8", "bad \uFFFD utf8"},
		{"family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧"},
		{"cursor\x1b[2J\x1b[Hhome", "cursorhome", "cursorhome"},
	}
	for _, c := range cases {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := CleanBlock(c.in); got != c.block {
			t.Errorf("CleanBlock(%q) = %q, want %q", c.in, got, c.block)
		}
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"a\x1b[31mb", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "\r\n\t\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if isPlain(s) && (cleaned(s, false) != s || cleaned(s, true) != s) {
			t.Fatalf("%q taken as plain, but cleaning changes it", s)
		}
		for _, out := range []string{Clean(s), CleanBlock(s)} {
			for _, r := range out {
				if r == 0x1b || r == 0x9b || r == 0x07 || (r < 0x20 && r != '\n') {
					t.Fatalf("control %U left in %q (from %q)", r, out, s)
				}
			}
		}
	})
}

// What the fast path gives back as it is, the full cleaning gives back unchanged:
// strings of Cyrillic, Latin with marks, CJK, emoji, symbols and the characters at
// the edges of the classes Clean drops.
func TestPlainIsWhatCleaningKeeps(t *testing.T) {
	runes := []rune("Київ, м. Львів ґїєё №₴€ résumé naïve 北京 東京 👨👩👧🚲 ½ ™ ©\u00a0\u2028\u2029" +
		"\u0301\u200b\u200c\u200d\u2060\ufeff\ufffd\u00ad\u061c\u0600 \x7e\x7f\u0080\u009f\u00a0")
	rng := rand.New(rand.NewPCG(1, 2))
	plain := 0
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteRune(runes[rng.IntN(len(runes))])
		}
		s := b.String()
		if !isPlain(s) {
			continue
		}
		plain++
		if cleaned(s, false) != s || cleaned(s, true) != s {
			t.Fatalf("%q taken as plain, but cleaning changes it to %q", s, cleaned(s, false))
		}
	}
	if plain < 1000 {
		t.Fatalf("only %d of the strings were plain: the test tries too little", plain)
	}
	for _, s := range []string{"Телевізор Samsung UE55CU7100 55\" 4K", "Київ", "€ 15 000,50"} {
		if !isPlain(s) {
			t.Errorf("%q takes the long way", s)
		}
	}
}

func BenchmarkCleanCyrillic(b *testing.B) {
	for b.Loop() {
		_ = Clean("Смартфон Samsung Galaxy A55 8/256 ГБ, офіційна гарантія")
	}
}

func BenchmarkCleanPlain(b *testing.B) {
	for b.Loop() {
		_ = Clean("iPhone 13 128GB, blue, like new")
	}
}
