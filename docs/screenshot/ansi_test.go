package main

import "testing"

func TestToHTML(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain <b> & text", "plain &lt;b&gt; &amp; text"},
		{"\x1b[1;38;2;167;139;250mlistings\x1b[0m ·", `<span style="color:#a78bfa;font-weight:bold">listings</span> ·`},
		{"\x1b[38;5;196mred\x1b[39m", `<span style="color:#ff0000">red</span>`},
		{"\x1b[32;44mgo\x1b[m", `<span style="color:#0dbc79;background:#2472c8">go</span>`},
		{"\x1b[7mrev\x1b[27m", `<span style="color:#16161e;background:#d4d4d4">rev</span>`},
		{"\x1b[2;4mdim\x1b[22;24m.", `<span style="opacity:.6;text-decoration:underline">dim</span>.`},
		{"\x1b]8;;https://x\x1b\\link\x1b]8;;\x07!", "link!"},
		{"a\x1b[Kb\x1b", "ab"},
	} {
		if got := toHTML(tc.in); got != tc.want {
			t.Errorf("toHTML(%q)\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}
