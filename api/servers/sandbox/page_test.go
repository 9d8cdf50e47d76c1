package sandbox

import (
	"bytes"
	"html/template"
	"math/rand/v2"
	"testing"
)

// pageOracle is the page as an html/template, as the sandbox wrote it before it wrote
// the page itself (page.render): the independent account of what its escaping must
// give.
var pageOracle = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
img{max-width:100%;height:auto;margin:.25rem 0}.status{color:#666}</style></head>
<body><h1>{{.Title}}</h1>
<p><strong>{{.Price}}</strong>{{if .City}} · {{.City}}{{end}}</p>
<p class="status">{{.Status}}</p>
{{range .Photos}}<img src="{{.}}" alt="">
{{end}}<p>{{.Description}}</p>
</body></html>
`))

func TestPageAsHTMLTemplateWritesIt(t *testing.T) {
	t.Parallel()
	tricky := []string{
		"", "plain", "Київ", `<script>alert("x")</script>`, `a & b 'c' "d" +e`, "nul\x00byte",
		"bad utf-8 \xff\xfe", "%41%zz%4", "https://example.com/a b?c=d&e=f#g",
		"javascript:alert(1)", "JavaScript:alert(1)", "data:image/png;base64,AAAA", "mailto:a@b.c",
		"HTTPS://EXAMPLE.COM/x", "/media/p/1.webp", "//cdn.example.com/x", "a/b:c", "вул. Хрещатик",
		"(paren)'quote'", "tab\there\nline", "~-._!#$&*+,/:;=?@[]", "%", "%%", "%e2%82%ac", "€",
	}
	check := func(p page) {
		t.Helper()
		var want bytes.Buffer
		if err := pageOracle.Execute(&want, p); err != nil {
			t.Fatal(err)
		}
		if got := p.render(); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%+v:\nrender:\n%s\nhtml/template:\n%s", p, got, want.Bytes())
		}
	}
	for _, s := range tricky {
		check(page{Lang: s, Title: s, Price: s, City: s, Status: s, Photos: []string{s, "https://x/" + s}, Description: s})
	}
	check(page{Lang: "uk", Title: "no city, no photos"})
	r := rand.New(rand.NewPCG(26, 1))
	for range 2000 {
		check(page{Lang: randomText(r), Title: randomText(r), Price: randomText(r), City: randomText(r),
			Status: randomText(r), Photos: []string{randomText(r), "http:" + randomText(r)}, Description: randomText(r)})
	}
}

// randomText draws bytes of every kind the escaping treats apart: ASCII letters and
// marks, the characters of HTML's syntax, multi-byte and broken UTF-8.
func randomText(r *rand.Rand) string {
	const pool = "aZ09 :/%#?&=+'\"<>()\x00\t-._~!$*,;@[]\\"
	var b []byte
	for range r.IntN(24) {
		switch r.IntN(8) {
		case 0:
			b = append(b, "ї€"[r.IntN(2)*2:][:2]...)
		case 1:
			b = append(b, byte(0x80+r.IntN(0x80)))
		default:
			b = append(b, pool[r.IntN(len(pool))])
		}
	}
	return string(b)
}
