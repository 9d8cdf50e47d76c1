package termtext

import "testing"

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
		for _, out := range []string{Clean(s), CleanBlock(s)} {
			for _, r := range out {
				if r == 0x1b || r == 0x9b || r == 0x07 || (r < 0x20 && r != '\n') {
					t.Fatalf("control %U left in %q (from %q)", r, out, s)
				}
			}
		}
	})
}

func BenchmarkCleanPlain(b *testing.B) {
	for b.Loop() {
		_ = Clean("iPhone 13 128GB, blue, like new")
	}
}
