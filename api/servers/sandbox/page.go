package sandbox

import (
	"strconv"
	"strings"
)

// page is what the public page of a listing shows.
type page struct {
	Lang, Title, Price, City, Status string
	Photos                           []string
	Description                      string
}

// render writes the page's HTML. It escapes what html/template escapes on this page,
// the same way (TestPageAsHTMLTemplateWritesIt checks it against html/template): text,
// one quoted attribute and the photos' URLs, whose scheme must be http, https or
// mailto. The page is written here rather than by html/template because that package
// builds its tables at init, in every start of listings, which links the sandbox for
// every command (docs/performance.md, "The CLI's start").
func (p page) render() []byte {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"")
	escapeText(&b, p.Lang)
	b.WriteString(`"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>`)
	escapeText(&b, p.Title)
	b.WriteString(`</title>
<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
img{max-width:100%;height:auto;margin:.25rem 0}.status{color:#666}</style></head>
<body><h1>`)
	escapeText(&b, p.Title)
	b.WriteString("</h1>\n<p><strong>")
	escapeText(&b, p.Price)
	b.WriteString("</strong>")
	if p.City != "" {
		b.WriteString(" · ")
		escapeText(&b, p.City)
	}
	b.WriteString("</p>\n<p class=\"status\">")
	escapeText(&b, p.Status)
	b.WriteString("</p>\n")
	for _, u := range p.Photos {
		b.WriteString(`<img src="`)
		escapeText(&b, safeURL(u))
		b.WriteString("\" alt=\"\">\n")
	}
	b.WriteString("<p>")
	escapeText(&b, p.Description)
	b.WriteString("</p>\n</body></html>\n")
	return []byte(b.String())
}

// escapeText writes s as text or a quoted attribute's value: the five characters of
// HTML's syntax, and + (which html/template escapes too, against UTF-7 sniffing) as
// character references; NUL, which HTML parsers drop or replace, as U+FFFD.
func escapeText(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '"':
			rep = "&#34;"
		case '\'':
			rep = "&#39;"
		case '+':
			rep = "&#43;"
		case 0:
			rep = "\uFFFD"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(rep)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// unsafeURL replaces a URL whose scheme could run script (javascript:, data:, …):
// the value html/template puts in its place.
const unsafeURL = "#ZgotmplZ"

// safeURL is u fit for an src attribute: unsafeURL when it names a scheme other than
// http, https and mailto (a colon before any slash), else u with every byte that may
// not stand in a URL as it is percent-encoded. A valid %XX escape is kept.
func safeURL(u string) string {
	if scheme, _, ok := strings.Cut(u, ":"); ok && !strings.Contains(scheme, "/") {
		switch strings.ToLower(scheme) {
		case "http", "https", "mailto":
		default:
			return unsafeURL
		}
	}
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		if urlKeeps(c) || c == '%' && i+2 < len(u) && isHex(u[i+1]) && isHex(u[i+2]) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		if c < 0x10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.FormatUint(uint64(c), 16))
	}
	return b.String()
}

// urlKeeps reports whether c stands in a URL as it is: a letter, a digit, RFC 3986's
// unreserved marks and its delimiters, but for the quote and the parentheses (they
// would end a quoted attribute or a CSS url()).
func urlKeeps(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!#$&*+,/:;=?@[]", c) >= 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
