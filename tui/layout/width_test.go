package layout

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Width agrees with ansi.StringWidth on every character of its quick path alone and
// on random strings mixing them with what leaves it: accents that join the letter
// before, wide letters, emoji, escape sequences, controls, broken UTF-8.
func TestWidthAgreesWithANSI(t *testing.T) {
	var quick []string
	for r := rune(0x20); r < 0x7f; r++ {
		quick = append(quick, string(r))
	}
	for r := rune(0x400); r <= 0x4ff; r++ {
		quick = append(quick, string(r))
	}
	quick = append(quick, "\u00a0")
	for _, s := range quick {
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Errorf("Width(%q) = %d, ansi says %d", s, got, want)
		}
	}
	others := []string{"\u0301", "\u0483", "\u0489", "й", "ё", "\u00ad", "é", "—", "…", "₴", "№",
		"世", "界", "👍", "🇺🇦", "\u200d", "\ufe0f", "\x1b[31m", "\x1b[0m", "\x1b]8;;u\x1b\\", "\t", "\n", "\x7f",
		"\xd0", "\xff", "\xd2\x83", "\xc2\xa1", "1\ufe0f\u20e3"}
	pool := append(append([]string{}, quick...), others...)
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		var b strings.Builder
		for range rng.Intn(12) {
			if rng.Intn(4) == 0 {
				b.WriteString(others[rng.Intn(len(others))])
			} else {
				b.WriteString(pool[rng.Intn(len(pool))])
			}
		}
		s := b.String()
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Fatalf("Width(%q) = %d, ansi says %d", s, got, want)
		}
	}
}

func BenchmarkWidth(b *testing.B) {
	s := "Оголошення 12345: велосипед гірський, майже новий"
	b.Run("Width", func(b *testing.B) {
		for b.Loop() {
			_ = Width(s)
		}
	})
	b.Run("ansi.StringWidth", func(b *testing.B) {
		for b.Loop() {
			_ = ansi.StringWidth(s)
		}
	})
}
