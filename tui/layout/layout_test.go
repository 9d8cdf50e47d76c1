package layout

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestCutPad(t *testing.T) {
	red := "\x1b[31mчервоний\x1b[0m"
	cases := []struct {
		in            string
		w             int
		cut, pad, pdl string
	}{
		{"abc", 5, "abc", "abc  ", "  abc"},
		{"abcdef", 4, "abc…", "abc…", "abc…"},
		{"界界界", 4, "界…", "界… ", " 界…"},
		{"abc", 0, "", "", ""},
		{red, 8, red, red, red},
	}
	for _, c := range cases {
		if got := Cut(c.in, c.w); got != c.cut {
			t.Errorf("Cut(%q, %d) = %q, want %q", c.in, c.w, got, c.cut)
		}
		if got := Pad(c.in, c.w); got != c.pad || ansi.StringWidth(got) != c.w {
			t.Errorf("Pad(%q, %d) = %q, want %q", c.in, c.w, got, c.pad)
		}
		if got := PadLeft(c.in, c.w); got != c.pdl {
			t.Errorf("PadLeft(%q, %d) = %q, want %q", c.in, c.w, got, c.pdl)
		}
	}
	if got := Pad(ansi.Strip(red), 10); ansi.StringWidth(got) != 10 {
		t.Errorf("Pad width %d", ansi.StringWidth(got))
	}
}

func TestBlock(t *testing.T) {
	if got := Block("ab\ncdefg\nh\ni", 3, 3); !reflect.DeepEqual(got, []string{"ab", "cd…", "h"}) {
		t.Errorf("cut: %q", got)
	}
	if got := Block("a", 3, 3); !reflect.DeepEqual(got, []string{"a", "", ""}) {
		t.Errorf("padded: %q", got)
	}
	if got := Block("a", 3, 0); got != nil {
		t.Errorf("zero height: %q", got)
	}
}

// CutLeft keeps the end: a path's file name.
func TestCutLeftKeepsTheEnd(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"/home/olena/photos/car.jpg", 40, "/home/olena/photos/car.jpg"},
		{"/home/olena/photos/car.jpg", 12, "…tos/car.jpg"},
		{"/дім/фото/авто.jpg", 9, "…авто.jpg"},
		{"abc", 0, ""},
	} {
		if got := CutLeft(c.in, c.w); got != c.want || ansi.StringWidth(got) > max(c.w, 0) {
			t.Errorf("CutLeft(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}
